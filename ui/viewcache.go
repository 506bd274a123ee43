package ui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// Bubble Tea calls View after every message, but draws only once a
// frame; most messages of a refresh change one pane or none. The panes'
// views are kept until a message may have changed them: any message
// routed to a pane makes it draw again, and any message but the
// background ones listed in background makes every pane draw again.

// paneViews keeps the panes' last views and their join.
type paneViews struct {
	text  [3]string
	fresh [3]bool
	body  string
	// joined says body is the join of text as it is now.
	joined bool
}

// stale makes panes draw again at the next View.
func (v *paneViews) stale(panes ...pane) {
	for _, p := range panes {
		v.fresh[p] = false
	}
	v.joined = false
}

// staleAll makes every pane draw again at the next View.
func (v *paneViews) staleAll() { v.stale(paneTree, paneItems, paneReader) }

// background says msg changes no pane but through route (which marks
// the pane it routes to): the engine's events, the results routed to the
// pane that asked, the counts (the tree's), the status line's timers and
// results, the toasts. Any other message makes every pane draw again.
func background(msg tea.Msg) bool {
	switch msg.(type) {
	case nil, engineMsg, engineBatchMsg, statusFadeMsg, toastMsg, accountMsg, syncLogMsg, notifiedMsg,
		routedMsg, itemsMsg, searchMsg, playMsg, nodeSelectedMsg, renderedMsg, markedMsg, healthMsg, listInfoMsg,
		countsMsg, searchesMsg, searchesAgedMsg, rowsAgedMsg, midnightMsg:
		return true
	}
	return false
}

// routedTo marks the panes a message routed to c may change: the list
// moves the tree's selection (n and p go on in the next feed, ctrl+k),
// and a dialog may change any. What a pane asks of another comes through
// request, which marks them.
func (m *Model) routedTo(c Component) {
	switch c {
	case Component(m.tree):
		m.views.stale(paneTree)
	case Component(m.items):
		m.views.stale(paneTree, paneItems)
	case Component(m.reader):
		m.views.stale(paneReader)
	default:
		m.views.staleAll()
	}
}

// panesView is the three panes joined, drawn again only where stale.
func (m *Model) panesView() string {
	v := &m.views
	if v.joined {
		return v.body
	}
	for p, c := range [3]Component{m.tree, m.items, m.reader} {
		if !v.fresh[p] {
			v.text[p], v.fresh[p] = c.View(), true
		}
	}
	v.body, v.joined = m.layout.join(m.styles, v.text, m.focus), true
	return v.body
}
