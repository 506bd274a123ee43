package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// result routes the result of a Cmd to the part of the model that asked.
func (m *Model) result(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case countsMsg:
		return m.counts(msg)
	case itemsMsg:
		return m.itemsLoaded(msg)
	case nodeSelectedMsg:
		return m.showNode(msg.n)
	case renderedMsg:
		m.reader.rendered(msg)
	case actionMsg:
		return m.actionDone(msg)
	case pollMsg:
		return tea.Batch(m.be.pollCounts(), m.be.loadAccount(), m.poll(), m.readSyncLog())
	case statusFadeMsg:
		m.status.faded(msg)
	case accountMsg:
		m.status.setAccount(msg)
	case toastMsg:
		return m.status.toastTick(msg)
	case syncDoneMsg:
		return m.syncDone(msg)
	case subscribedMsg:
		return m.subscribed(msg)
	case searchMsg:
		return m.searched(msg)
	case statsMsg:
		m.showStats(msg)
	default:
		return m.readerResult(msg)
	}
	return nil
}

// readerResult routes the results of the second round's actions.
func (m *Model) readerResult(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case markedMsg:
		return m.marked(msg)
	case syncLogMsg:
		return m.syncLogRead(msg)
	case healthMsg:
		m.showHealth(msg)
	case listInfoMsg:
		return m.showListOrder(msg)
	case playMsg:
		return m.played(msg)
	case rulesMsg:
		m.rulesLoaded(msg)
	case notifiedMsg:
		if msg.err != nil {
			m.opts.Logger.Warn("notify command", "err", msg.err)
		}
		if msg.refused != nil {
			m.opts.Logger.Warn("notify command refused", "err", msg.refused)
			m.status.set("", msg.refused)
		}
	}
	return nil
}

// showNode lists a tree node's items (a list feed in its chosen order).
func (m *Model) showNode(n node) tea.Cmd {
	if n.kind == nodeFeed && n.feed != nil {
		if o, ok := m.listOrders[n.feedID]; ok {
			return m.showFeedOrdered(*n.feed, o)
		}
	}
	cmd := m.items.show(m.be, n.label, n.query(), n.kind != nodeFeed)
	m.items.empty = emptyText(n)
	return cmd
}

// emptyText is what an empty list says, with the key that fills it.
func emptyText(n node) string {
	switch {
	case n.kind == nodeUnread:
		return "no unread items"
	case n.kind == nodeFlagged:
		return "no flagged items (s flags one)"
	case n.kind == nodeSearch:
		return "nothing matches this search (yet)"
	case n.kind == nodeFeed && n.feed != nil && n.feed.State.LastAttemptAt == nil:
		return "not downloaded yet — it downloads in a moment (r: now)"
	case n.kind == nodeFeed && n.feed != nil && n.feed.State.LastError != "":
		return "no items: the last download failed (i tells why)"
	}
	return "no items"
}

// itemsLoaded takes a page, and lets a pending n/p go on.
func (m *Model) itemsLoaded(msg itemsMsg) tea.Cmd {
	m.items.loaded(msg)
	if msg.err != nil {
		m.status.set("", msg.err)
		m.jump = nil
		return nil
	}
	if msg.gen == m.items.gen {
		return m.continueJump()
	}
	return nil
}

// counts takes fresh counts; the visible list is re-read when they moved.
// Errors of feeds that are gone leave the status line, and feeds never
// downloaded (imported, added elsewhere) are downloaded now.
func (m *Model) counts(msg countsMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
		return nil
	}
	m.empty = len(msg.feeds) == 0 && len(msg.folders) == 0
	changed, lost := m.tree.setData(msg.feeds, msg.folders, msg.flagged, msg.searches)
	m.status.keepFeeds(func(id int64) bool { return m.tree.feedByID(id) != nil })
	cmds := []tea.Cmd{m.startNewFeeds(msg.feeds)}
	switch {
	case lost && m.items.search == "":
		cmds = append(cmds, m.showNode(m.tree.node()))
	case changed:
		cmds = append(cmds, m.items.reload(m.be))
	}
	return tea.Batch(cmds...)
}

// startNewFeeds downloads feeds that were never downloaded (and are not
// manual) instead of leaving them empty until the scheduler's next tick.
func (m *Model) startNewFeeds(feeds []store.Feed) tea.Cmd {
	var todo []store.Feed
	for _, f := range feeds {
		if f.State.LastAttemptAt == nil && f.Sync != store.SyncManual && f.Stopped == "" && !m.started[f.ID] {
			m.started[f.ID] = true
			todo = append(todo, f)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	m.status.set("downloading "+plural(len(todo), "new feed"), nil)
	return m.be.syncNew(todo)
}

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
	return tea.Batch(m.be.loadCounts(), m.items.reload(m.be))
}

func (m *Model) syncDone(msg syncDoneMsg) tea.Cmd {
	if msg.background {
		return tea.Batch(m.be.loadCounts(), m.items.reload(m.be))
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
	return tea.Batch(m.be.loadCounts(), m.items.reload(m.be))
}

func (m *Model) searched(msg searchMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
		return nil
	}
	m.items.showResults(msg.query, msg.words, msg.items)
	m.status.set(fmt.Sprintf("%s for %q", plural(len(msg.items), "result"), msg.query), nil)
	return m.setFocus(paneItems)
}

// engineEvent updates the status line, counts and enclosure states in
// place, reads the sync log after a download with new items (for toasts),
// and listens for the next event.
func (m *Model) engineEvent(ev engine.Event) tea.Cmd {
	cmds := []tea.Cmd{m.wait.listen(m.opts.Engine.Events())}
	m.status.engineEvent(ev, m.feedTitle)
	switch ev := ev.(type) {
	case engine.FeedDownloadCompleted:
		if ev.Err != nil {
			m.opts.Logger.Info("download failed", "url", ev.URL, "err", ev.Err)
		}
		if ev.NewItems > 0 {
			cmds = append(cmds, m.readSyncLog())
		}
	case engine.FeedItemCountChanged:
		m.tree.setFeedCounts(ev.FeedID, ev.Count, ev.Unread)
		cmds = append(cmds, m.be.loadCounts(), m.items.reload(m.be))
	case engine.FolderItemCountChanged:
		m.tree.setFolderCounts(ev.Path, ev.Count, ev.Unread)
	case engine.AccountSynced:
		cmds = append(cmds, m.be.loadCounts(), m.be.loadAccount(), m.items.reload(m.be))
	default:
		m.enclosureChanged(ev)
	}
	return tea.Batch(cmds...)
}

// enclosureChanged shows an enclosure's new state in the reader and the
// list as its download moves on.
func (m *Model) enclosureChanged(ev engine.Event) {
	var id int64
	var update func(*store.Enclosure)
	switch ev := ev.(type) {
	case engine.EnclosureQueued:
		id, update = ev.EnclosureID, func(e *store.Enclosure) { e.Status = store.EnclosureQueued }
	case engine.EnclosureProgress:
		id, update = ev.EnclosureID, func(e *store.Enclosure) {
			e.Status, e.BytesDone, e.BytesTotal = store.EnclosureDownloading, ev.Bytes, ev.Total
		}
	case engine.EnclosureCompleted:
		id, update = ev.EnclosureID, func(e *store.Enclosure) {
			e.Status, e.Path, e.BytesDone, e.Error = store.EnclosureDownloaded, ev.Path, ev.Bytes, ""
		}
	case engine.EnclosureFailed:
		status := store.EnclosureFailed
		if ev.Blocked {
			status = store.EnclosureBlocked
		}
		id, update = ev.EnclosureID, func(e *store.Enclosure) { e.Status, e.Error = status, engine.Reason(ev.Err) }
	default:
		return
	}
	m.reader.setEnclosure(id, update)
	for i := range m.items.rows {
		for j := range m.items.rows[i].Enclosures {
			if m.items.rows[i].Enclosures[j].ID == id {
				update(&m.items.rows[i].Enclosures[j])
			}
		}
	}
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
