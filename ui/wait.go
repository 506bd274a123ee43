package ui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// waiter makes the Cmds that wait on the world outside the model: timers
// (the fades of the status message and of toasts), the poll for other
// processes' writes and the engine's next event. The Bubble Tea runtime runs them in goroutines like
// any other Cmd. The tests' harness swaps them for its own, so that it can
// run every other Cmd to its end at once instead of waiting for quiet.
type waiter struct {
	tick   func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	listen func(<-chan engine.Event) tea.Cmd
	// watch asks changed every interval and gives msg once it says yes,
	// until ctx ends.
	watch func(ctx context.Context, every time.Duration, changed func() bool, msg tea.Msg) tea.Cmd
}

// newWaiter waits with the runtime's timers and on the engine's channel,
// its events delivered in batches, at most batchRate a second.
func newWaiter() *waiter {
	b := &batcher{frame: time.Second / batchRate}
	return &waiter{tick: tea.Tick, listen: b.listen, watch: watchEvery}
}

// watchEvery asks changed every interval, in the Cmd's goroutine, and
// gives msg the first time it says yes: nothing reaches the model while
// nothing changed, so an idle reader neither updates nor draws.
func watchEvery(ctx context.Context, every time.Duration, changed func() bool, msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return nil
			case <-t.C:
				if changed() {
					return msg
				}
			}
		}
	}
}
