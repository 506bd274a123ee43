package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// result routes the result of a Cmd to the part of the model that asked.
func (m *Model) result(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case countsMsg:
		return m.counts(msg)
	case itemsMsg:
		m.items.loaded(msg)
		if msg.err != nil {
			m.status.set("", msg.err)
		}
	case nodeSelectedMsg:
		return m.items.show(m.be, msg.n.label, msg.n.query(), msg.n.kind != nodeFeed)
	case renderedMsg:
		m.reader.rendered(msg)
	case actionMsg:
		return m.actionDone(msg)
	case pollMsg:
		return tea.Batch(m.be.loadCounts(), m.be.loadAccount(), m.poll())
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
	case notifiedMsg:
		if msg.err != nil {
			m.opts.Logger.Warn("notify command", "err", msg.err)
		}
	}
	return nil
}

// counts takes fresh counts; the visible list is re-read when they moved.
func (m *Model) counts(msg countsMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
		return nil
	}
	changed, lost := m.tree.setData(msg.feeds, msg.folders)
	switch {
	case lost && m.items.search == "":
		n := m.tree.node()
		return m.items.show(m.be, n.label, n.query(), n.kind != nodeFeed)
	case changed:
		return m.items.reload(m.be)
	}
	return nil
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
	m.status.clearQueue()
	switch {
	case msg.err != nil:
		m.status.set("", msg.err)
	case msg.failed > 0:
		m.status.set(fmt.Sprintf("refreshed %d feed(s), %d failed", msg.feeds, msg.failed), nil)
	default:
		m.status.set(fmt.Sprintf("refreshed %d feed(s)", msg.feeds), nil)
	}
	return tea.Batch(m.be.loadCounts(), m.items.reload(m.be))
}

func (m *Model) subscribed(msg subscribedMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", fmt.Errorf("subscribe: %w", msg.err))
		return nil
	}
	m.status.set("subscribed to "+msg.title, nil)
	return m.be.loadCounts()
}

func (m *Model) searched(msg searchMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
		return nil
	}
	m.items.showResults(msg.query, msg.items)
	m.status.set(fmt.Sprintf("%d result(s) for %q", len(msg.items), msg.query), nil)
	return m.setFocus(paneItems)
}

// engineEvent updates the status line and counts in place, raises a toast
// for new items in watched feeds, and listens for the next event.
func (m *Model) engineEvent(ev engine.Event) tea.Cmd {
	var events <-chan engine.Event
	if m.opts.Engine != nil {
		events = m.opts.Engine.Events()
	}
	cmds := []tea.Cmd{listen(events)}
	m.status.engineEvent(ev, m.feedTitle)
	switch ev := ev.(type) {
	case engine.FeedDownloadCompleted:
		if ev.Err != nil {
			m.opts.Logger.Info("download failed", "url", ev.URL, "err", ev.Err)
		}
		cmds = append(cmds, m.watched(ev))
	case engine.FeedItemCountChanged:
		m.tree.setFeedCounts(ev.FeedID, ev.Count, ev.Unread)
		cmds = append(cmds, m.be.loadCounts(), m.items.reload(m.be))
	case engine.FolderItemCountChanged:
		m.tree.setFolderCounts(ev.Path, ev.Count, ev.Unread)
	case engine.AccountSynced:
		cmds = append(cmds, m.be.loadCounts(), m.be.loadAccount(), m.items.reload(m.be))
	}
	return tea.Batch(cmds...)
}

// watched raises a toast, and runs the notify command, for new items in a
// watched feed.
func (m *Model) watched(ev engine.FeedDownloadCompleted) tea.Cmd {
	f := m.tree.feedByID(ev.FeedID)
	if ev.Err != nil || ev.NewItems == 0 || f == nil || !f.Watch {
		return nil
	}
	title := oneLine(f.Title)
	cmds := []tea.Cmd{m.status.showToast(fmt.Sprintf("%d new in %s", ev.NewItems, title))}
	if c := m.opts.Config.UI.NotifyCommand; c != "" {
		cmds = append(cmds, m.be.notify(c, title, ev.NewItems))
	}
	return tea.Batch(cmds...)
}

// feedTitle names a feed for the status line.
func (m *Model) feedTitle(id int64) string {
	if f := m.tree.feedByID(id); f != nil {
		if f.Title != "" {
			return f.Title
		}
		return f.URL
	}
	return fmt.Sprint("feed ", id)
}
