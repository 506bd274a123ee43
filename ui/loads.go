package ui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// The reads that follow the engine (the counts, the sync log), at most
// one of each at a time: asked for while one is on its way, the read runs
// once more when it is back (what was written meanwhile may have come
// after it started), however many asked.

// oneLoad runs a read at most once at a time.
type oneLoad struct{ running, again bool }

// start runs cmd now, or once more after the read on its way.
func (l *oneLoad) start(cmd tea.Cmd) tea.Cmd {
	if l.running {
		l.again = true
		return nil
	}
	l.running = true
	return cmd
}

// done says the read is back; cmd runs again if asked for meanwhile.
func (l *oneLoad) done(cmd tea.Cmd) tea.Cmd {
	l.running = false
	if !l.again {
		return nil
	}
	l.again = false
	return l.start(cmd)
}

// loads are the root's reads that follow the engine: the counts, the
// saved searches' counts, the sync log.
type loads struct{ counts, searches, syncLog oneLoad }

// loading reports whether a read the panes wait on is on its way: a page
// of the list, an n or p still looking for its item (through the next
// pages and other feeds' lists), or the counts (which n on the tree and
// the list's jumps to other feeds follow). A macro's next step waits
// until none is (macroSettled).
func (m *Model) loading() bool {
	return m.items.awaiting() || m.loads.counts.running
}

// searchesMsg carries the saved searches' counts, read again.
type searchesMsg struct {
	searches []searchEntry
	err      error
}

// loadCounts reads every count (saved searches' included), unless a read
// is on its way: then once more after it.
func (m *Model) loadCounts() tea.Cmd { return m.loads.counts.start(m.countsCmd(true)) }

// pollCounts is the poll's read: none when one is on its way already,
// and none when no other process wrote to the database since the last
// poll (this process's writes come as the engine's events), so an idle
// reader reads nothing.
func (m *Model) pollCounts() tea.Cmd {
	if m.loads.counts.running {
		return nil
	}
	read, ctx, st := m.be.counts(false), m.be.ctx, m.be.store
	return m.loads.counts.start(func() tea.Msg {
		if wrote, err := st.OthersWrote(ctx); err == nil && !wrote {
			return countsMsg{root: true, unchanged: true}
		}
		msg := read().(countsMsg)
		msg.root = true
		return msg
	})
}

// countsCmd reads the counts (force: the saved searches' too) as the
// root's read, which done answers. It notes the database's version first
// (OthersWrote), so the next poll reads again only what others wrote after.
func (m *Model) countsCmd(force bool) tea.Cmd {
	read, ctx, st := m.be.counts(force), m.be.ctx, m.be.store
	return func() tea.Msg {
		_, _ = st.OthersWrote(ctx) // an error: the next poll reads anyway
		msg := read().(countsMsg)
		msg.root = true
		return msg
	}
}

// countsRead ends the root's read of the counts.
func (m *Model) countsRead() tea.Cmd { return m.loads.counts.done(m.countsCmd(true)) }

// loadSearches reads the saved searches' counts, at most once at a time.
func (m *Model) loadSearches() tea.Cmd { return m.loads.searches.start(m.searchesCmd()) }

func (m *Model) searchesCmd() tea.Cmd {
	be := m.be
	return func() tea.Msg {
		s, err := be.savedSearches()
		return searchesMsg{searches: s, err: err}
	}
}

// searchesRead ends a read of the saved searches' counts.
func (m *Model) searchesRead(msg searchesMsg) tea.Cmd {
	return tea.Batch(m.route(m.tree, msg), m.loads.searches.done(m.searchesCmd()), m.watchSearchAges(msg.searches))
}
