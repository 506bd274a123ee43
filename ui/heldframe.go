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

// quietRepaint is how long the reader must have drawn nothing, a frame
// held, before it asks for the repaint: longer than the gaps between the
// messages of one burst of work (a key, then the loads it starts).
const quietRepaint = 300 * time.Millisecond

// heldFrame follows the frames View returns, for the goroutine that asks
// for the repaint (watchHeldFrame); last and repaint are the model's
// goroutine's alone.
type heldFrame struct {
	// last is the frame View returned last.
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
	// heldNow wakes the watcher when a frame is held.
	heldNow chan struct{}
}

// newHeldFrame follows the frames of a model that has returned none yet.
func newHeldFrame() *heldFrame { return &heldFrame{heldNow: make(chan struct{}, 1)} }

// resized notes a size message: the renderer repaints the next frame.
func (f *heldFrame) resized(w, h int) {
	f.repaint = true
	f.width.Store(int32(w))
	f.height.Store(int32(h))
}

// returned notes the frame View returns.
func (f *heldFrame) returned(frame string) {
	held := frame == f.last && !f.repaint
	f.last, f.repaint = frame, false
	f.views.Add(1)
	f.held.Store(held)
	if held {
		select {
		case f.heldNow <- struct{}{}:
		default: // the watcher has been woken already
		}
	}
}

// repaintMsg is the size message that makes the renderer let go of a held
// frame, when no frame came since the views-th; ok is false when there is
// nothing to let go of (or no size yet).
func (f *heldFrame) repaintMsg(views uint64) (tea.WindowSizeMsg, bool) {
	if !f.held.Load() || f.views.Load() != views || f.width.Load() == 0 {
		return tea.WindowSizeMsg{}, false
	}
	return tea.WindowSizeMsg{Width: int(f.width.Load()), Height: int(f.height.Load())}, true
}

// watchHeldFrame sleeps until a frame is held, then sends the repaint once
// the reader has returned no frame for quiet (waited with after: the
// runtime's time.After), until ctx ends. A reader with nothing held wakes
// it not at all.
func watchHeldFrame(ctx context.Context, f *heldFrame, quiet time.Duration, after func(time.Duration) <-chan time.Time, send func(tea.Msg)) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-f.heldNow:
		}
		for f.held.Load() {
			views := f.views.Load()
			select {
			case <-ctx.Done():
				return
			case <-after(quiet):
			}
			if msg, ok := f.repaintMsg(views); ok {
				f.held.Store(false) // the repaint's frame says again
				send(msg)
			}
		}
	}
}
