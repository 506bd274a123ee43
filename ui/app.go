package ui

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"os/exec"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// Options are what the reader works with.
type Options struct {
	// Context ends the store and engine calls the reader starts.
	Context context.Context
	Store   *store.Store
	// Engine downloads and carries out the actions the reader shares with
	// the command line; nil: an engine over Store that downloads only when
	// asked (nothing runs its scheduler).
	Engine *engine.Engine
	Config config.Config
	Logger *slog.Logger
	// Renderer draws the styles (NewRenderer honours NO_COLOR).
	Renderer *lipgloss.Renderer
	// NoColor draws without colour (NO_COLOR): reverse, bold and
	// underline still mark the selection and the focused pane.
	NoColor bool
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Location is the time zone dates are shown in; default time.Local.
	Location *time.Location
	// ConfigPath and DBPath are named in the welcome of an empty database.
	ConfigPath, DBPath string
	// PipeHistoryPath is the file the pipe prompt's history is kept in
	// (config.DefaultPipeHistoryPath); empty: the history is the
	// session's only.
	PipeHistoryPath string
	// Poll is how often counts are re-read to notice other processes'
	// changes; default 3 s.
	Poll time.Duration
	// OpenURL, when set, opens a link instead of the browser (the [ui]
	// browser setting, else $BROWSER, else xdg-open / open).
	OpenURL func(string) error
	// Copy puts text on a clipboard and says which; default: the tmux
	// buffer inside tmux, else a clipboard program, else OSC 52 on
	// ErrOutput.
	Copy func(string) (string, error)
	// Output is the terminal the reader draws on, and ErrOutput the other
	// stream to it (stderr), both behind the door out; only Run's renderer
	// and the OSC 52 clipboard write take their raw path.
	Output, ErrOutput *sanitize.TerminalWriter
	// ReadOnly says the database was opened read-only: the status line
	// says so for as long as the reader runs.
	ReadOnly bool
	// Hyperlinks makes the reader's links OSC 8 hyperlinks (Run sets it
	// when ui.hyperlinks is on and the terminal shows them).
	Hyperlinks bool
	// Exec runs a program on the terminal (the enclosure player), handing
	// the terminal over until it exits; default tea.ExecProcess.
	Exec func(*exec.Cmd, tea.ExecCallback) tea.Cmd
	// Rand picks ctrl+k's random unread item: a number in [0, n); default
	// math/rand/v2's IntN.
	Rand func(n int) int
}

// Model is the reader: three panes, a status line, and at most one
// dialog. It routes: focus, size, keys and mouse to the dialog or the
// focused pane, results to the component that asked, engine events to
// every pane, and the global keys to its own commands (global.go).
type Model struct {
	opts Options
	// frame follows the frames View returns (watchHeldFrame).
	frame *heldFrame
	// polled is what the poll saw of the database's version.
	polled *dataVersionSeen
	be     backend
	keys   keyMaps
	styles Styles
	help   help.Model
	out    *outbox
	tree   *treePane
	items  *itemsPane
	reader *readerPane
	status statusBar
	dialog dialog
	focus  pane
	layout layout
	prefs  panePrefs
	width  int
	height int
	ready  bool
	// empty is true while there is no feed (the welcome shows).
	empty bool
	// hideRead is l: the read feeds and items are left out.
	hideRead bool
	// log follows the sync log, for toasts of any process's downloads.
	log syncLogCursor
	// started are never-downloaded feeds the reader asked the engine for.
	started map[int64]bool
	// wait makes the Cmds that wait on timers and the engine; the status
	// bar shares it.
	wait *waiter
	// browser and player are the panes' own, which a macro's set: step
	// changes until the reader quits.
	browser *browser
	player  *player
	// macroPrefix says the macro prefix was typed: the next key names
	// the macro; macro is the one running, nil when none.
	macroPrefix bool
	macro       *macroRun
	// send is what a macro's pipe: step writes (the panes' own sender).
	send sender
	// loads keeps the reads of the counts to one at a time.
	loads loads
	// views keeps the panes' views until they change.
	views paneViews
	// clock times what the clock alone changes on screen (clock.go).
	clock clockTimers
}

// New builds the reader. Nothing is read until Init's Cmds run.
func New(o Options) *Model {
	if o.Context == nil {
		o.Context = context.Background()
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Renderer == nil {
		o.Renderer = lipgloss.DefaultRenderer()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Location == nil {
		o.Location = time.Local
	}
	if o.Exec == nil {
		o.Exec = tea.ExecProcess
	}
	if o.Rand == nil {
		o.Rand = rand.IntN
	}
	if o.Poll == 0 {
		o.Poll = 3 * time.Second
	}
	if o.Copy == nil {
		o.Copy = copier(o.ErrOutput)
	}
	if o.Engine == nil {
		o.Engine = engine.New(o.Store, o.Config, engine.Options{Logger: o.Logger})
	}
	st, km := NewStyles(o.Renderer, o.NoColor, o.Config), newKeyMaps(o.Config.Bindings)
	be := backend{ctx: o.Context, store: o.Store, engine: o.Engine, now: o.Now, searches: &searchCache{}}
	br := &browser{setting: o.Config.UI.Browser, inTerminal: o.Config.UI.BrowserInTerminal, ctx: o.Context, exec: o.Exec}
	pl := &player{command: o.Config.Enclosures.Player, ctx: o.Context, exec: o.Exec}
	out, ln := &outbox{}, links{openURL: o.OpenURL, copy: o.Copy, browser: br}
	snd := sender{ui: o.Config.UI, configPath: o.ConfigPath, ctx: o.Context, loc: o.Location, styles: st,
		history: newHistory(o.PipeHistoryPath, o.Logger)}
	tree := &treePane{keys: km.tree, dialogKeys: km.dialogs, styles: st, be: be, out: out, links: ln, loc: o.Location, now: o.Now, focused: true,
		listOrders: map[int64]store.ListOrder{}}
	m := &Model{opts: o, frame: newHeldFrame(), polled: &dataVersionSeen{}, keys: km, styles: st, help: help.New(), status: newStatusBar(st, o.Location), be: be, out: out,
		tree: tree,
		items: &itemsPane{keys: km.list, styles: st, be: be, out: out, links: ln, now: o.Now, loc: o.Location,
			player: pl, nextFeed: tree.jumpFeed, send: snd,
			toFeed: tree.selectFeed, pick: o.Rand, sort: startSort(o.Config.UI.Sort), marks: rowMarks{feed: tree.feedFacts}},
		reader: &readerPane{keys: km.reader, styles: st, out: out, be: be, links: ln, send: snd, hyperlinks: o.Hyperlinks, loc: o.Location,
			fetching: map[int64]bool{}},
		prefs: panePrefs{share: defaultShare}, browser: br, player: pl, send: snd,
		started: map[int64]bool{}}
	m.wait = m.status.wait
	if o.ReadOnly {
		m.status.setReadOnly()
	}
	m.help.Styles.ShortKey = st.Label
	m.help.Styles.ShortDesc = st.Faint
	m.help.Styles.FullKey = st.Label
	m.help.Styles.FullDesc = st.Faint
	return m
}

// Init reads the tree, the first page of All items and the pipe
// prompt's history, and starts listening to the engine, polling for
// other processes' changes and waiting for midnight (clock.go).
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.loadCounts(), m.items.show("All items", store.ItemQuery{}, true),
		m.wait.listen(m.opts.Engine.Events()), m.be.loadAccount(), m.poll(), m.be.syncLogStart(), m.send.history.load(),
		m.atMidnight())
}

// poll sends pollMsg once another process may have written to the
// database (a cron sync, the account's sync elsewhere, a second reader),
// looking every Poll: the database's version moved since the poll last
// looked, or could not be read. Its very first look counts; pollMsg's
// reads ask the store what others wrote (OthersWrote) and read only then.
// An idle reader gets no message at all (see heldframe.go for why that
// matters).
func (m *Model) poll() tea.Cmd {
	ctx, st, seen := m.be.ctx, m.be.store, m.polled
	return m.wait.watch(ctx, m.opts.Poll, func() bool {
		v, err := st.DataVersion(ctx)
		changed := err != nil || !seen.looked || v != seen.version
		seen.version, seen.looked = v, true
		return changed
	}, pollMsg{})
}

// dataVersionSeen is the database's version as the poll last saw it;
// only the poll's one Cmd at a time touches it.
type dataVersionSeen struct {
	version int64
	looked  bool
}

// Update routes: size, keys and mouse to the focused pane or the dialog,
// results of Cmds to the part that asked for them; a new status message
// gets its timer to fade, and a macro waiting for its step's loads goes
// on once they have come.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		m.frame.resized(size.Width, size.Height)
		if m.ready && size.Width == m.width && size.Height == m.height {
			return m, nil // the renderer repaints; the panes are laid out for this size
		}
	}
	if !background(msg) {
		m.views.staleAll()
	}
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		cmd = m.resize(msg.Width, msg.Height)
	case tea.KeyMsg:
		cmd = m.key(msg)
	case tea.MouseMsg:
		cmd = m.mouse(msg)
	case engineMsg: // one event, handed over by a test
		cmd = m.engineEvents([]engine.Event{msg.ev})
	case engineBatchMsg: // the listener's: it listens again
		cmd = tea.Batch(m.engineEvents(msg.evs), m.wait.listen(m.opts.Engine.Events()))
	default:
		cmd = m.result(msg)
	}
	return m, tea.Batch(cmd, m.status.fade(), m.macroSettled())
}

// resize lays the panes out again; the selections stay where they are.
func (m *Model) resize(w, h int) tea.Cmd {
	m.width, m.height, m.ready = w, h, true
	m.views.staleAll()
	m.layout = computeLayout(w, h-2, m.focus, m.prefs)
	m.help.Width = w
	m.status.SetSize(w)
	m.tree.SetSize(m.layout.widths[paneTree], m.layout.height)
	m.items.SetSize(m.layout.widths[paneItems], m.layout.height)
	m.reader.SetSize(m.layout.widths[paneReader], m.layout.height)
	if m.dialog != nil {
		m.dialog.SetSize(w, m.layout.height)
	}
	return m.reader.relaidOut()
}

// setFocus moves the focus and re-lays out (narrow screens show other
// panes for another focus).
func (m *Model) setFocus(p pane) tea.Cmd {
	m.focus = p
	m.views.staleAll()
	m.tree.setFocused(p == paneTree)
	m.items.setFocused(p == paneItems)
	m.reader.setFocused(p == paneReader)
	if !m.ready {
		return nil
	}
	return m.resize(m.width, m.height)
}

// View draws the panes (or the open dialog), the status line and the
// short help; a pane no message changed since the last View is not drawn
// again (viewcache.go).
func (m *Model) View() string {
	if !m.ready {
		return ""
	}
	p, onStatusLine := m.dialog.(promptDialog)
	var body string
	switch {
	case onStatusLine:
		body = m.panesView()
	case m.dialog != nil:
		body = fit(m.dialog.View(), m.width, m.layout.height)
	case m.empty:
		body = fit(m.welcome(), m.width, m.layout.height)
	default:
		body = m.panesView()
	}
	prompt := ""
	switch {
	case onStatusLine:
		prompt = p.prompt()
	case m.focus == paneReader:
		prompt = m.reader.prompt()
	}
	frame := body + "\n" + m.status.View(prompt) + "\n" + fit(m.help.ShortHelpView(m.shortHelp()), m.width, 1)
	m.frame.returned(frame)
	return frame
}

// shortHelp is the focused pane's keys, then the global ones; on the
// welcome, the keys it names.
func (m *Model) shortHelp() []key.Binding {
	k := m.keys.of(m.focus)
	if m.empty && m.dialog == nil {
		return []key.Binding{k.Subscribe, k.Help, m.keys.tree.Quit}
	}
	if p, ok := m.dialog.(promptDialog); ok {
		return p.ShortHelp()
	}
	return append(m.focused().ShortHelp(), k.Search, k.Subscribe, k.Help)
}

func (m *Model) focused() Component {
	return m.pane(m.focus)
}

// pane is the component of a pane.
func (m *Model) pane(p pane) Component {
	switch p {
	case paneItems:
		return m.items
	case paneReader:
		return m.reader
	}
	return m.tree
}
