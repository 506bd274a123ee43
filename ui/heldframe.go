package ui

import (
	"context"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Bubble Tea's renderer draws a new frame on its next tick and then
// forgets it, but it keeps a frame that View returned unchanged: on every
// tick after, 120 a second, it copies that frame into a fresh string to
// compare it with the one on the screen, until a View returns something
// new. For an idle reader that was about 1 MB of garbage a second (9 KB a
// frame at 120×40), a collection every two seconds, and a resident heap
// that never settled at what is live. The renderer forgets a frame it was
// told to repaint, and it repaints on every size message; so once the
// reader has gone quiet on a frame it returned unchanged, it sends the
// size it already has, once, and the renderer draws the same frame again
// (overwriting the screen with what is on it) and rests.

// quietRepaint is how long the reader must have drawn nothing before it
// asks for the repaint.
const quietRepaint = time.Second

// heldFrame follows the frames View returns, for the goroutine that asks
// for the repaint (watchHeldFrame); its fields but last are shared with it.
type heldFrame struct {
	// last is the frame View returned last (the model's goroutine only).
	last string
	// repaint says the renderer repaints this frame: a size message came.
	repaint bool
	// held says the last View returned the frame before it unchanged, with
	// no repaint coming: the renderer keeps comparing it.
	held atomic.Bool
	// views counts the frames View returned.
	views atomic.Uint64
	// width and height are the terminal's, as the last size message said.
	width, height atomic.Int32
}

// resized notes a size message: the renderer repaints the next frame.
func (f *heldFrame) resized(w, h int) {
	f.repaint = true
	f.width.Store(int32(w))
	f.height.Store(int32(h))
}

// returned notes the frame View returns.
func (f *heldFrame) returned(frame string) {
	f.held.Store(frame == f.last && !f.repaint)
	f.last, f.repaint = frame, false
	f.views.Add(1)
}

// repaintMsg is the size message that makes the renderer let go of a held
// frame, once none was returned for a tick; ok is false when there is
// nothing to let go of (or no size yet).
func (f *heldFrame) repaintMsg(viewsBefore uint64) (tea.WindowSizeMsg, bool) {
	if !f.held.Load() || f.views.Load() != viewsBefore || f.width.Load() == 0 {
		return tea.WindowSizeMsg{}, false
	}
	return tea.WindowSizeMsg{Width: int(f.width.Load()), Height: int(f.height.Load())}, true
}

// watchHeldFrame sends send the repaint of a held frame once the reader
// has returned no frame for a tick of ticks, until ctx ends.
func watchHeldFrame(ctx context.Context, f *heldFrame, ticks <-chan time.Time, send func(tea.Msg)) {
	seen := f.views.Load()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticks:
			if msg, ok := f.repaintMsg(seen); ok {
				f.held.Store(false) // the repaint's View says again
				send(msg)
			}
			seen = f.views.Load()
		}
	}
}
