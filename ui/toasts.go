package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// syncLogCursor follows the sync log: the last entry seen, once known.
type syncLogCursor struct {
	ready  bool
	lastID int64
}

// readSyncLog asks for the downloads with new items since the last seen,
// whichever process made them (this reader's engine, a cron sync).
func (m *Model) readSyncLog() tea.Cmd {
	if !m.log.ready {
		return nil
	}
	return m.be.syncLogSince(m.log.lastID)
}

// syncLogRead raises a toast (and runs notify_command) for each download
// that brought new items to a watched feed. Entries already seen (two
// reads in flight at once) are skipped.
func (m *Model) syncLogRead(msg syncLogMsg) tea.Cmd {
	if msg.err != nil {
		m.opts.Logger.Warn("sync log", "err", msg.err)
		return nil
	}
	if msg.start {
		m.log = syncLogCursor{ready: true, lastID: msg.base}
		return nil
	}
	var cmds []tea.Cmd
	for _, e := range msg.entries {
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
	return tea.Batch(cmds...)
}
