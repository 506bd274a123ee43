package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// listen waits for the next engine event (bubbletea's realtime example):
// the model re-issues it after each engineMsg, so exactly one listener is
// ever waiting on the channel.
func listen(events <-chan engine.Event) tea.Cmd {
	if events == nil {
		return nil
	}
	return func() tea.Msg {
		ev, ok := <-events
		if !ok {
			return engineClosedMsg{}
		}
		return engineMsg{ev}
	}
}
