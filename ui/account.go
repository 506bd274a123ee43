package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/account"
)

// accountMsg carries the account's state for the status line.
type accountMsg struct {
	st  account.Status
	err error
}

// accountState is what the status line shows of the account.
type accountState struct {
	shown   bool
	syncing bool
	st      account.Status
}

// loadAccount reads the account's state (nil without an account).
func (b backend) loadAccount() tea.Cmd {
	if b.engine == nil || !b.engine.HasAccount() {
		return nil
	}
	return func() tea.Msg {
		st, _, err := b.engine.AccountStatus(b.ctx)
		return accountMsg{st: st, err: err}
	}
}

// syncAccount syncs the account now (R; r on a feed of the account);
// its events update the reader.
func (b backend) syncAccount() tea.Cmd {
	if b.engine == nil || !b.engine.HasAccount() {
		return nil
	}
	return func() tea.Msg {
		b.engine.SyncAccount(b.ctx)
		return nil
	}
}

// setAccount takes the account's state read from the store.
func (s *statusBar) setAccount(msg accountMsg) {
	if msg.err == nil {
		s.account.shown, s.account.st = true, msg.st
	}
}

// accountEvent follows a sync of the account.
func (s *statusBar) accountEvent(ev engine.Event) {
	switch ev := ev.(type) {
	case engine.AccountSyncing:
		s.account.shown, s.account.syncing = true, true
	case engine.AccountSynced:
		s.account.syncing = false
		s.account.st.Pending = ev.Result.Pending
	}
}

// accountView is the account's part of the status line and its style:
// syncing, or when it last synced, the changes waiting to be pushed and
// its last error.
func (s *statusBar) accountView() (lipgloss.Style, string) {
	a := s.account
	if !a.shown {
		return s.styles.Status, ""
	}
	if a.syncing {
		return s.styles.StatusBusy, "⇅ account syncing"
	}
	text := "account never synced"
	if a.st.LastSyncAt != nil {
		text = "account synced " + a.st.LastSyncAt.In(s.loc).Format("15:04")
	}
	if a.st.Pending > 0 {
		text += fmt.Sprintf(", %d waiting", a.st.Pending)
	}
	switch {
	case a.st.Offline && s.offline != "": // the engine's offline notice says it once
		return s.styles.Status, text
	case a.st.Offline:
		return s.styles.StatusError, text + " · offline"
	case a.st.LastError != "":
		return s.styles.StatusError, text + " · " + a.st.LastError
	}
	return s.styles.Status, text
}
