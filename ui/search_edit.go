package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// selectedSearch is the saved search selected on the tree, when d or E
// is meant for it (not for an item's feed in the list or the reader).
func (t *treePane) selectedSearch(tg feedTarget) (node, bool) {
	n := t.node()
	return n, n.kind == nodeSearch && (tg.onTree || tg.item == nil)
}

// openRemoveSearch is d on a saved search: it asks, then removes the
// search; no item goes.
func (t *treePane) openRemoveSearch(n node) tea.Cmd {
	be := t.be
	t.out.post(openDialogMsg{&confirm{styles: t.styles,
		question: fmt.Sprintf("Remove the saved search %s? No item goes.", oneLine(n.label)),
		yes:      func() tea.Cmd { return be.removeSearch(n.label) }}})
	return nil
}

// openEditSearch is E on a saved search: its name and expression, checked
// as tidings search --save checks them when saved.
func (t *treePane) openEditSearch(n node) tea.Cmd {
	f := newForm(t.styles, "Saved search "+oneLine(n.label), func(v formValues) (tea.Cmd, error) {
		name, expr := strings.TrimSpace(v[fieldName]), strings.TrimSpace(v[fieldExpression])
		if name == "" || expr == "" {
			return nil, errors.New("a saved search has a name and an expression")
		}
		return t.be.replaceSearch(n.label, name, expr), nil
	}, textField(fieldName, "Name", n.label, "name"), textField(fieldExpression, "Expression", n.search.Expr, `title ~ "rust"`))
	f.note = "The expression is written as for tidings search; d removes the search."
	t.out.post(openDialogMsg{f})
	return nil
}

// removeSearch removes the saved search called name.
func (b backend) removeSearch(name string) tea.Cmd {
	return func() tea.Msg {
		err := b.engine.RemoveSearch(b.ctx, name)
		return actionMsg{status: "removed saved search " + name, err: err, reload: true}
	}
}

// replaceSearch saves expr under name, then removes the search called
// old when the name changed.
func (b backend) replaceSearch(old, name, expr string) tea.Cmd {
	return func() tea.Msg {
		ss, err := b.engine.SaveSearch(b.ctx, name, expr)
		if err == nil && ss.Name != old {
			err = b.engine.RemoveSearch(b.ctx, old)
		}
		return actionMsg{status: "saved search " + ss.Name, err: err, reload: true}
	}
}
