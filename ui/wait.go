package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// waiter makes the Cmds that wait on the world outside the model: timers
// (the poll, the fades of the status message and of toasts) and the
// engine's next event. The Bubble Tea runtime runs them in goroutines like
// any other Cmd. The tests' harness swaps them for its own, so that it can
// run every other Cmd to its end at once instead of waiting for quiet.
type waiter struct {
	tick   func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	listen func(<-chan engine.Event) tea.Cmd
}

// newWaiter waits with the runtime's timers and on the engine's channel,
// its events delivered in batches, at most batchRate a second.
func newWaiter() *waiter {
	b := &batcher{frame: time.Second / batchRate}
	return &waiter{tick: tea.Tick, listen: b.listen}
}
