package ui

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// Component is the contract of every pane and dialog (after soft-serve's):
// a tea.Model that takes its size from the layout and knows its keys'
// help from the one KeyMap. A component owns its keys, the Cmds it issues
// through the backend and their results: a result is either a message type
// only that component handles, or comes back as a routedMsg naming it.
// What it needs of the root or of another component (a focus change, a
// status message, an item for the reader) it posts to its outbox, which
// the root empties and routes at once, so that a burst of keys is routed
// as it was typed.
type Component interface {
	tea.Model
	help.KeyMap
	SetSize(w, h int)
}

// dialog is a Component shown over the panes; while one is open it takes
// every key. Done reports whether its last Update closed it.
type dialog interface {
	Component
	Done() bool
}

var (
	_ Component = (*treePane)(nil)
	_ Component = (*itemsPane)(nil)
	_ Component = (*readerPane)(nil)
	_ dialog    = (*form)(nil)
	_ dialog    = (*confirm)(nil)
	_ dialog    = (*pager)(nil)
	_ dialog    = (*rulesDialog)(nil)
	_ dialog    = (*statsScreen)(nil)
)

// outbox is where components post their requests to the root, in order;
// the root takes them after each Update it routes. One outbox is shared by
// the root's components.
type outbox struct{ msgs []tea.Msg }

// post asks the root for msg (a request of requests.go).
func (o *outbox) post(msg tea.Msg) { o.msgs = append(o.msgs, msg) }

// say posts a status message (an error when err is not nil).
func (o *outbox) say(text string, err error) { o.post(statusMsg{text: text, err: err}) }

// take empties the outbox.
func (o *outbox) take() []tea.Msg {
	msgs := o.msgs
	o.msgs = nil
	return msgs
}

// routedMsg is the result of a Cmd a component issued, addressed to it
// (gh-dash's section messages): the root hands msg to it, shown or not.
type routedMsg struct {
	to  Component
	msg tea.Msg
}

// routeTo makes cmd's result come back to c.
func routeTo(c Component, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return routedMsg{to: c, msg: cmd()} }
}
