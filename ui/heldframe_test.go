package ui

import (
	"context"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A frame returned unchanged is held (Bubble Tea keeps comparing it); a
// frame after a size message is not (the renderer repaints it), nor is a
// new one.
func TestHeldFrameFollowsTheFramesReturned(t *testing.T) {
	f := &heldFrame{}
	steps := []struct {
		resize bool
		frame  string
		held   bool
	}{
		{resize: true, frame: "a"},
		{frame: "a", held: true},
		{frame: "b"},
		{frame: "b", held: true},
		{resize: true, frame: "b"},
		{frame: "b", held: true},
	}
	for i, s := range steps {
		if s.resize {
			f.resized(120, 40)
		}
		f.returned(s.frame)
		if got := f.held.Load(); got != s.held {
			t.Errorf("step %d (%q, resize %v): held = %v, want %v", i, s.frame, s.resize, got, s.held)
		}
	}
}

// watchHeldFrame asks for one repaint, of the terminal's size, once a tick
// passed without a frame while one is held; none while frames come, none
// when nothing is held, and none again after the repaint's frame.
func TestWatchHeldFrameRepaintsOnceWhenQuiet(t *testing.T) {
	f := &heldFrame{}
	f.resized(120, 40)
	f.returned("a")
	ticks := make(chan time.Time)
	sent := make(chan tea.Msg, 8)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		watchHeldFrame(ctx, f, ticks, func(msg tea.Msg) { sent <- msg })
	}()
	tick := func() { ticks <- time.Time{} }
	noRepaint := func(when string) {
		t.Helper()
		tick() // the watcher has taken the tick before it takes the next
		tick()
		select {
		case msg := <-sent:
			t.Fatalf("%s: it asked for a repaint (%v)", when, msg)
		default:
		}
	}

	noRepaint("nothing held")
	f.returned("a") // held from here on
	tick()          // a frame came since the last tick: not quiet yet
	tick()          // quiet for a whole tick: the repaint goes
	tick()          // the repaint is sent before this tick is taken
	select {
	case msg := <-sent:
		if msg != (tea.WindowSizeMsg{Width: 120, Height: 40}) {
			t.Fatalf("repaint = %#v, want the terminal's size", msg)
		}
	default:
		t.Fatal("a held frame, quiet for a tick: no repaint")
	}
	f.resized(120, 40) // what the model does with it
	f.returned("a")
	noRepaint("after the repaint's frame")
	cancel()
	<-done
}
