package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// result routes the result of a Cmd: a routedMsg to the component that
// asked, a message type of one component's to it, the root's own (counts,
// actions, refreshes, the poll, the status line's timers, the global
// commands' results) here.
func (m *Model) result(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case routedMsg:
		cmd := m.route(msg.to, msg.msg)
		if d := m.dialog; d != nil && Component(d) == msg.to && d.Done() {
			m.dialog = nil
		}
		return cmd
	case itemsMsg, searchMsg, playMsg, nodeSelectedMsg:
		return m.route(m.items, msg)
	case renderedMsg:
		return m.route(m.reader, msg)
	case markedMsg, healthMsg, listInfoMsg:
		return m.route(m.tree, msg)
	case countsMsg:
		if msg.unchanged {
			return tea.Batch(m.countsRead(), m.route(m.tree, quietPollMsg{}))
		}
		if msg.root {
			return tea.Batch(m.counts(msg), m.countsRead())
		}
		return m.counts(msg)
	case searchesMsg:
		return m.searchesRead(msg)
	case actionMsg:
		return m.actionDone(msg)
	case handOverMsg:
		return m.opts.Exec(msg.cmd, msg.done)
	case syncDoneMsg:
		return m.syncDone(msg)
	case pollMsg:
		return tea.Batch(m.pollCounts(), m.be.loadAccount(), m.poll(), m.readSyncLog())
	case searchesAgedMsg:
		return m.searchesAged(msg)
	case rowsAgedMsg:
		return m.rowsAged(msg)
	case midnightMsg:
		return m.midnight()
	case statusFadeMsg:
		m.status.faded(msg)
	case accountMsg:
		m.status.setAccount(msg)
	case toastMsg:
		return m.status.toastTick(msg)
	case syncLogMsg:
		return m.syncLogRead(msg)
	case statsMsg:
		m.showStats(msg)
	case rulesMsg:
		return m.openRulesDialog(msg)
	case notifiedMsg:
		m.notified(msg)
	case macroStepMsg:
		return m.macroStepped(msg)
	case historyMsg:
		m.send.history.loaded(msg)
	}
	return nil
}

// counts takes fresh counts: the tree takes them (the list follows it).
// Errors of feeds that are gone leave the status line, and feeds never
// downloaded (imported, added elsewhere) are downloaded now.
func (m *Model) counts(msg countsMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
		return nil
	}
	m.empty = len(msg.feeds) == 0 && len(msg.folders) == 0
	m.routedTo(m.tree)
	_, cmd := m.tree.Update(msg)
	m.status.keepFeeds(func(id int64) bool { return m.tree.feedByID(id) != nil })
	return tea.Batch(m.startNewFeeds(msg.feeds), cmd, m.drain(), m.watchSearchAges(msg.searches))
}

// startNewFeeds downloads feeds that were never downloaded (and are not
// manual) instead of leaving them empty until the scheduler's next tick.
func (m *Model) startNewFeeds(feeds []store.FeedRow) tea.Cmd {
	var todo []int64
	for _, f := range feeds {
		if !f.Attempted && !f.Manual && f.Stopped == "" && !m.started[f.ID] {
			m.started[f.ID] = true
			todo = append(todo, f.ID)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	m.status.set("downloading "+plural(len(todo), "new feed"), nil)
	return m.be.syncNew(todo)
}

// reload re-reads the counts and the visible list.
func (m *Model) reload() tea.Cmd { return m.request(reloadMsg{}) }

func (m *Model) actionDone(msg actionMsg) tea.Cmd {
	if msg.status != "" || msg.err != nil {
		m.status.set(msg.status, msg.err)
	}
	if msg.err != nil {
		m.opts.Logger.Warn("action failed", "err", msg.err)
	}
	if !msg.reload {
		return nil
	}
	return m.reload()
}

func (m *Model) syncDone(msg syncDoneMsg) tea.Cmd {
	if msg.background {
		return m.reload()
	}
	m.status.endRefresh()
	switch {
	case msg.err != nil:
		m.status.set("", msg.err)
	case msg.offline > 0 && msg.offline+msg.failed == msg.feeds:
		m.status.set(fmt.Sprintf("offline: %s not refreshed", plural(msg.offline, "feed")), nil)
	case msg.offline > 0:
		m.status.set(fmt.Sprintf("refreshed %s; %d waiting for the network", plural(msg.feeds-msg.offline-msg.failed, "feed"), msg.offline), nil)
	case msg.failed > 0:
		m.status.set(fmt.Sprintf("refreshed %s, %d failed", plural(msg.feeds, "feed"), msg.failed)+withNotice(msg.skipped), nil)
	default:
		m.status.set("refreshed "+plural(msg.feeds, "feed")+withNotice(msg.skipped), nil)
	}
	return m.reload()
}

// showStats opens the statistics screen.
func (m *Model) showStats(msg statsMsg) {
	if msg.err != nil {
		m.status.set("", msg.err)
		return
	}
	m.openDialog(newStatsScreen(m.keys.dialogs, m.styles, msg))
}

// openRulesDialog opens the rules dialog with the rules read for F, unless
// another dialog opened meanwhile.
func (m *Model) openRulesDialog(msg rulesMsg) tea.Cmd {
	if !msg.open || m.dialog != nil {
		if msg.err != nil {
			m.status.set("", msg.err)
		}
		return nil
	}
	feed := m.tree.selectedFeed(m.feedTarget())
	d := newRulesDialog(m.keys.dialogs, m.styles, m.be, m.out, feed, m.feedTitle)
	m.openDialog(d)
	return m.route(d, msg)
}

func (m *Model) notified(msg notifiedMsg) {
	if msg.err != nil {
		m.opts.Logger.Warn("notify command", "err", msg.err)
	}
	if msg.refused != nil {
		m.opts.Logger.Warn("notify command refused", "err", msg.refused)
		m.status.set("", msg.refused)
	}
}

// engineEvents takes a batch of the engine's events: the status line
// follows each, the tree applies the counts they carry (and reads again
// the feeds whose download failed or recovered), the panes and the
// dialog get those they show (enclosure states, articles); the counts are
// read again after a sync of the account, the sync log after downloads
// with new items (for toasts), once for the batch.
func (m *Model) engineEvents(evs []engine.Event) tea.Cmd {
	var cmds []tea.Cmd
	newItems, account, tree := false, false, false
	for _, ev := range evs {
		m.status.engineEvent(ev, m.feedTitle)
		switch ev := ev.(type) {
		case engine.FeedDownloadCompleted:
			if ev.Err != nil {
				m.opts.Logger.Info("download failed", "url", ev.URL, "err", ev.Err)
			}
			newItems = newItems || ev.NewItems > 0
			tree = true // a failure or a recovery changes the feed's mark
		case engine.AccountSynced: // its counts come in no event
			account = true
		case engine.FeedItemCountChanged, engine.FolderItemCountChanged:
			tree = true
		}
		if paneEvent(ev) {
			cmds = append(cmds, m.paneEvent(engineMsg{ev}))
		}
	}
	if tree {
		cmds = append(cmds, m.route(m.tree, engineBatchMsg{evs}))
	}
	if newItems {
		cmds = append(cmds, m.readSyncLog())
	}
	if account {
		cmds = append(cmds, m.loadCounts(), m.be.loadAccount())
	}
	return tea.Batch(cmds...)
}

// paneEvent says whether the list, the reader or a dialog shows
// something of ev: the downloads' events are the status line's and their
// counts the tree's.
func paneEvent(ev engine.Event) bool {
	switch ev.(type) {
	case engine.FeedDownloading, engine.FeedDownloadCompleted, engine.FeedItemCountChanged, engine.FolderItemCountChanged:
		return false
	}
	return true
}

// paneEvent hands an event to the list, the reader and the dialog (the
// podcast queue follows the downloads).
func (m *Model) paneEvent(msg engineMsg) tea.Cmd {
	cmds := []tea.Cmd{m.route(m.items, msg), m.route(m.reader, msg)}
	if m.dialog != nil {
		cmds = append(cmds, m.route(m.dialog, msg))
	}
	return tea.Batch(cmds...)
}

// feedTitle names a feed for the status line.
func (m *Model) feedTitle(id int64) string {
	if f := m.tree.feedByID(id); f != nil {
		if f.Title != "" {
			return oneLine(f.Title)
		}
		return oneLine(f.URL)
	}
	return fmt.Sprint("feed ", id)
}

// withNotice appends a run's notice (feeds skipped for another process) to
// its status.
func withNotice(notice string) string {
	if notice == "" {
		return ""
	}
	return "; " + notice
}
