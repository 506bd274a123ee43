package newsboat

import "github.com/tidings-rss/tidings/config"

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

// tidingsActions is the catalogue of tidings' actions the key
// translation maps onto: config.Actions, the one catalogue the reader's
// keymap and help are made from.
func tidingsActions() []Action {
	var out []Action
	for _, a := range config.Actions() {
		cs := make([]string, len(a.Contexts))
		for i, c := range a.Contexts {
			cs[i] = string(c)
		}
		out = append(out, Action{Name: a.Name, Keys: a.Keys, Contexts: cs})
	}
	return out
}
