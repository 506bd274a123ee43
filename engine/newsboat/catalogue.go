package newsboat

// Action is one of tidings' reader actions as the key translation needs
// it: its name in [keys], its default keys (Bubble Tea's names) and the
// contexts it is used in ("tree", "list", "reader", "dialogs").
type Action struct {
	Name     string
	Keys     []string
	Contexts []string
}

// Key contexts, as tidings' [keys.CONTEXT] tables name them.
const (
	ctxTree    = "tree"
	ctxList    = "list"
	ctxReader  = "reader"
	ctxDialogs = "dialogs"
)

// keyContexts are the contexts in the order they are written.
var keyContexts = []string{ctxTree, ctxList, ctxReader, ctxDialogs}

// Where actions are used.
var (
	inEvery  = []string{ctxTree, ctxList, ctxReader, ctxDialogs}
	inPanes  = []string{ctxTree, ctxList, ctxReader}
	inItems  = []string{ctxList, ctxReader}
	inTree   = []string{ctxTree}
	inReader = []string{ctxReader}
	notTree  = []string{ctxList, ctxReader, ctxDialogs}
)

// tidingsActions is the catalogue of tidings' actions the key translation
// maps onto.
//
// TODO(keys merge): this is a copy of the keys branch's config.Actions()
// (plus pipe, bookmark and save, whose names the contract fixes);
// once that branch is on main, return config.Actions() converted, so the
// translation follows the one catalogue.
func tidingsActions() []Action {
	k := func(keys ...string) []string { return keys }
	return []Action{
		{"up", k("k", "up"), inEvery},
		{"down", k("j", "down"), inEvery},
		{"top", k("g", "home"), inEvery},
		{"bottom", k("G", "end"), inEvery},
		{"page-up", k("pgup", "ctrl+b"), inEvery},
		{"page-down", k("pgdown", "ctrl+f", " "), inEvery},
		{"open", k("enter", "right"), inPanes},
		{"back", k("esc", "q", "h", "left"), notTree},
		{"next-pane", k("tab", "shift+tab"), inPanes},
		{"next-unread", k("n"), inPanes},
		{"prev-unread", k("p"), inPanes},
		{"next-item", k("J"), inItems},
		{"prev-item", k("K"), inItems},
		{"toggle-read", k("N"), inItems},
		{"mark-feed-read", k("A"), inPanes},
		{"undo", k("u"), inPanes},
		{"flag", k("s"), inItems},
		{"open-link", k("o"), inPanes},
		{"copy-link", k("y"), inPanes},
		{"pipe", k("|"), inItems},
		{"bookmark", k("b"), inItems},
		{"save", k("ctrl+s"), inItems},
		{"whole-article", k("f"), inReader},
		{"download-enclosure", k("e"), inPanes},
		{"play-enclosure", k("P"), inPanes},
		{"refresh", k("r"), inPanes},
		{"refresh-all", k("R"), inPanes},
		{"subscribe", k("a"), inPanes},
		{"unsubscribe", k("d"), inPanes},
		{"edit", k("E"), inPanes},
		{"move", k("M"), inPanes},
		{"watch", k("w"), inPanes},
		{"health", k("i"), inEvery},
		{"list-order", k("O"), inPanes},
		{"hide-read", k("l"), inPanes},
		{"narrow", k("<"), inPanes},
		{"widen", k(">"), inPanes},
		{"zoom", k("z"), inPanes},
		{"dismiss", k("x"), inPanes},
		{"search", k("/"), inPanes},
		{"rules", k("F"), inEvery},
		{"stats", k("S"), inEvery},
		{"help", k("?"), inEvery},
		{"quit", k("q"), inTree},
		{"force-quit", k("ctrl+c"), inEvery},
	}
}
