package ui

import (
	"regexp"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// The requests components post to their outbox: what they need of the
// root or of another component. The root routes each at once (request).

// focusMsg asks for the focus to move to a pane.
type focusMsg struct{ to pane }

// statusMsg asks the status line to show a message (an error when err is
// not nil).
type statusMsg struct {
	text string
	err  error
}

// clearStatusMsg asks for the status line's message to go at once.
type clearStatusMsg struct{}

// openDialogMsg asks for a dialog to open over the panes.
type openDialogMsg struct{ d dialog }

// openItemMsg asks for an item of the list to open in the reader, with the
// list's search words to highlight.
type openItemMsg struct {
	item  store.Item
	match *regexp.Regexp
}

// showItemMsg is openItemMsg as the reader gets it: with the item's feed.
type showItemMsg struct {
	item  store.Item
	feed  *store.FeedRow
	match *regexp.Regexp
}

// itemChangedMsg says the list changed an item's marks (flagged): the
// reader redraws it if it shows it.
type itemChangedMsg struct{ item store.Item }

// reloadMsg says the counts and the visible list are stale; list only
// re-reads the list (the tree's counts just moved).
type reloadMsg struct{ list bool }

// listReadMsg asks the list to show its loaded rows read (A marks them).
type listReadMsg struct{}

// showFeedMsg asks the list to show a list feed in an order (O).
type showFeedMsg struct {
	feed  store.FeedRow
	order store.ListOrder
}

// selectionLostMsg says the tree's selected node is gone and the tree
// selected n instead, or that what n lists changed (l): the list shows
// it, unless it shows search results.
type selectionLostMsg struct{ sel nodeSelectedMsg }

// hideReadMsg is l: the tree and the lists leave out what is read (on),
// or show it again.
type hideReadMsg struct{ on bool }

// refreshMsg says a refresh of feeds ids starts (the status line counts
// them); all asks for every feed to be refreshed (R).
type refreshMsg struct {
	ids []int64
	all bool
}

// request routes what a component asked for; but for the status line's
// and the counts' requests, every pane draws again.
func (m *Model) request(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case statusMsg, clearStatusMsg, countsMovedMsg, countsStaleMsg, rowAgesMsg:
	default:
		m.views.staleAll()
	}
	switch msg := msg.(type) {
	case focusMsg:
		return m.setFocus(msg.to)
	case statusMsg:
		m.status.set(msg.text, msg.err)
	case clearStatusMsg:
		m.status.clearMessage()
	case openDialogMsg:
		m.openDialog(msg.d)
	case openItemMsg:
		show := showItemMsg{item: msg.item, match: msg.match}
		if f := m.tree.feedByID(msg.item.FeedID); f != nil {
			c := *f // a copy: the reader keeps it, not the tree's rows
			show.feed = &c
		}
		return tea.Batch(m.setFocus(paneReader), m.route(m.reader, show))
	case itemChangedMsg:
		return m.route(m.reader, msg)
	case reloadMsg:
		if msg.list {
			return m.route(m.items, msg)
		}
		return tea.Batch(m.loadCounts(), m.route(m.items, msg))
	case countsMovedMsg:
		return m.route(m.items, msg)
	case rowAgesMsg:
		return m.watchRowAges(msg)
	case countsStaleMsg:
		if msg.searches {
			return m.loadSearches()
		}
		return m.loadCounts()
	case listReadMsg, showFeedMsg, selectionLostMsg, cycleSortMsg:
		return m.route(m.items, msg)
	case refreshMsg:
		if msg.all {
			return m.refreshAll()
		}
		m.status.startRefresh(msg.ids)
	}
	return nil
}

// route hands msg to c, then routes what c asked for meanwhile.
func (m *Model) route(c Component, msg tea.Msg) tea.Cmd {
	m.routedTo(c)
	_, cmd := c.Update(msg)
	return tea.Batch(cmd, m.drain())
}

// drain routes the requests posted so far, in order.
func (m *Model) drain() tea.Cmd {
	var cmds []tea.Cmd
	for msgs := m.out.take(); len(msgs) > 0; msgs = m.out.take() {
		for _, r := range msgs {
			cmds = append(cmds, m.request(r))
		}
	}
	return tea.Batch(cmds...)
}

// openDialog opens d over the panes, at the screen's size.
func (m *Model) openDialog(d dialog) {
	m.dialog = d
	d.SetSize(m.width, m.layout.height)
}
