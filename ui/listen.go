package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// frameRate is the frames a second the reader draws (tea.WithFPS): 120,
// Bubble Tea's most, halves the wait for the next frame that every key
// has (BenchmarkFrameRate: key to frame p50 8.7 → 4.4 ms, p99 18.4 → 9.4
// ms during a refresh) for 7 % more CPU, the frames that nothing changed
// costing a string comparison.
const frameRate = 120

// batchRate is the most batches of the engine's events a second: a
// refresh's counts need no more than 60 updates a second, and taking
// them at 120 cost 9 % more CPU for no key's gain.
const batchRate = 60

// maxBatch bounds the events one engineBatchMsg carries.
const maxBatch = 1024

// engineBatchMsg is the engine's events since the last batch, in order.
type engineBatchMsg struct{ evs []engine.Event }

// batcher delivers the engine's events in batches, at most one a frame
// of its own (1/batchRate s): a burst of a refresh (five events a
// download, dozens of downloads a second) is one update and one View, not
// one for each event. It follows
// bubbletea's realtime example: the model re-issues listen after each
// batch, so exactly one listener is ever waiting on the channel, and only
// that one touches next.
type batcher struct {
	// frame is the shortest time between two batches; 0 delivers what is
	// waiting at once.
	frame time.Duration
	// next is when the next batch may go.
	next time.Time
}

// listen waits for the next event; an event that comes a frame or more
// after the last batch goes at once, with whatever else is waiting, and
// one that comes sooner waits for the frame with those that follow it.
func (b *batcher) listen(events <-chan engine.Event) tea.Cmd {
	if events == nil {
		return nil
	}
	return func() tea.Msg {
		ev, ok := <-events
		if !ok {
			return engineClosedMsg{}
		}
		evs := []engine.Event{ev}
		if wait := time.Until(b.next); wait > 0 {
			evs = collect(events, evs, time.After(wait))
		}
		evs = collect(events, evs, nil)
		b.next = time.Now().Add(b.frame)
		return engineBatchMsg{evs}
	}
}

// collect appends the events that come until until fires (nil: those
// waiting now), at most maxBatch in all; a closed channel ends it (the
// next listen says so).
func collect(events <-chan engine.Event, evs []engine.Event, until <-chan time.Time) []engine.Event {
	for len(evs) < maxBatch {
		if until == nil {
			select {
			case ev, ok := <-events:
				if !ok {
					return evs
				}
				evs = append(evs, ev)
			default:
				return evs
			}
			continue
		}
		select {
		case ev, ok := <-events:
			if !ok {
				return evs
			}
			evs = append(evs, ev)
		case <-until:
			return evs
		}
	}
	return evs
}
