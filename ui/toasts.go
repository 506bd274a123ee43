package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// syncLogCursor follows the sync log: the last entry seen, once known.
type syncLogCursor struct {
	ready  bool
	lastID int64
}

// readSyncLog asks for the downloads with new items since the last seen,
// whichever process made them (this reader's engine, a cron sync): one
// read at a time, once more after it when asked meanwhile.
func (m *Model) readSyncLog() tea.Cmd {
	if !m.log.ready {
		return nil
	}
	return m.loads.syncLog.start(m.be.syncLogSince(m.log.lastID))
}

// syncLogRead raises a toast (and runs notify_command) for each download
// that brought new items to a watched feed, and ends the read (another
// runs if asked for meanwhile). Entries already seen are skipped.
func (m *Model) syncLogRead(msg syncLogMsg) tea.Cmd {
	if msg.err != nil {
		m.opts.Logger.Warn("sync log", "err", msg.err)
	}
	if msg.start {
		if msg.err == nil {
			m.log = syncLogCursor{ready: true, lastID: msg.base}
		}
		return nil
	}
	cmds := m.toasts(msg.entries)
	return tea.Batch(append(cmds, m.loads.syncLog.done(m.be.syncLogSince(m.log.lastID)))...)
}

// toasts are the toasts (and notify_command runs) of the entries not
// seen yet.
func (m *Model) toasts(entries []store.SyncLogEntry) []tea.Cmd {
	var cmds []tea.Cmd
	for _, e := range entries {
		if e.ID <= m.log.lastID {
			continue
		}
		m.log.lastID = e.ID
		f := m.tree.feedByID(e.FeedID)
		if f == nil || !f.Watch {
			continue
		}
		title := oneLine(f.Title)
		cmds = append(cmds, m.status.showToast(fmt.Sprintf("%d new in %s", e.NewItems, title)))
		if c := m.opts.Config.UI.NotifyCommand; c != "" {
			cmds = append(cmds, m.be.notify(c, title, e.NewItems))
		}
	}
	return cmds
}
