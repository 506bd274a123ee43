package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// globalKey runs the global command bound to km, if any: quitting, help,
// focus and pane widths, the status line's errors, and the commands that
// belong to no pane.
func (m *Model) globalKey(km tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys.of(m.focus)
	for _, g := range []struct {
		b  key.Binding
		do func() tea.Cmd
	}{
		{k.ForceQuit, func() tea.Cmd { return tea.Quit }},
		{k.Help, m.openHelp},
		{k.NextPane, m.nextPane},
		{k.RefreshAll, m.refreshAll},
		{k.Subscribe, m.openSubscribe},
		{k.Dismiss, m.dismiss},
		{k.Narrow, func() tea.Cmd { return m.widen(-1) }},
		{k.Widen, func() tea.Cmd { return m.widen(1) }},
		{k.Zoom, m.zoom},
		{k.Search, m.openSearch},
		{k.Stats, m.openStats},
		{k.Rules, m.openRules},
		{k.HideRead, m.toggleHideRead},
		{k.Queue, m.openQueue},
		{k.RandomUnread, func() tea.Cmd { return m.route(m.items, randomUnreadMsg{}) }},
	} {
		if key.Matches(km, g.b) {
			return g.do(), true
		}
	}
	return nil, false
}

func (m *Model) nextPane() tea.Cmd {
	next := (m.focus + 1) % 3
	if next == paneReader && !m.reader.showing() {
		next = paneTree
	}
	return m.setFocus(next)
}

// refreshAll is R: every automatic feed and the account.
func (m *Model) refreshAll() tea.Cmd {
	var ids []int64
	for _, f := range m.tree.feedsUnder(node{kind: nodeAll}) {
		if !f.Manual && !f.Remote {
			ids = append(ids, f.ID)
		}
	}
	m.status.startRefresh(ids)
	return m.be.syncAll()
}

// openSubscribe is a: the subscribe dialog, in the selected folder.
func (m *Model) openSubscribe() tea.Cmd {
	m.openDialog(newSubscribeDialog(m.keys.dialogs, m.styles, m.be, m.out, m.tree.node().path))
	return nil
}

// openQueue is Q: the podcast queue.
func (m *Model) openQueue() tea.Cmd {
	q := newQueueView(m.keys.dialogs, m.styles, m.be, m.out, m.player)
	m.openDialog(q)
	return q.Init()
}

// openSearch is /: the search dialog.
func (m *Model) openSearch() tea.Cmd {
	m.openDialog(newSearchDialog(m.styles, m.be))
	return nil
}

// openStats reads the statistics of the selected feed (or all).
func (m *Model) openStats() tea.Cmd { return m.be.stats(m.tree.feed()) }

// openRules reads the rules, then opens the dialog (result).
func (m *Model) openRules() tea.Cmd { return m.be.loadRules(true, "") }

// dismiss clears the errors on the status line (the health view keeps
// each feed's).
func (m *Model) dismiss() tea.Cmd {
	m.status.dismiss()
	return nil
}

// widen moves the split between the list and the reader.
func (m *Model) widen(steps int) tea.Cmd {
	m.prefs.widen(steps)
	m.prefs.zoom = false
	m.status.set(fmt.Sprintf("item list at %d%% of the width it shares with the reader", m.prefs.share), nil)
	return m.relayout()
}

// zoom gives the reader the whole screen, or takes it back.
func (m *Model) zoom() tea.Cmd {
	if !m.reader.showing() {
		m.status.set("", fmt.Errorf("open an item first (%s), then %s", helpKey(m.keys.list.Open), helpKey(m.keys.reader.Zoom)))
		return nil
	}
	m.prefs.zoom = !m.prefs.zoom
	if m.prefs.zoom {
		return m.setFocus(paneReader)
	}
	return m.relayout()
}

// toggleHideRead is l, newsboat's: the tree leaves out the feeds and
// folders with nothing unread, and the lists their read items (Flagged
// and search results keep theirs); again, they show. The list shows the
// tree's selection again.
func (m *Model) toggleHideRead() tea.Cmd {
	m.hideRead = !m.hideRead
	msg := hideReadMsg{on: m.hideRead}
	if m.hideRead {
		m.status.set("read feeds and items hidden ("+helpKey(m.keys.of(m.focus).HideRead)+" shows them)", nil)
	} else {
		m.status.set("read feeds and items shown", nil)
	}
	return tea.Batch(m.route(m.items, msg), m.route(m.tree, msg))
}

func (m *Model) relayout() tea.Cmd {
	if !m.ready {
		return nil
	}
	return m.resize(m.width, m.height)
}
