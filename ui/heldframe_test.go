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
	f := newHeldFrame()
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

// watchHeldFrame waits for a held frame, then asks for one repaint, of
// the terminal's size, once quiet passed without a frame; a frame within
// quiet puts it off, and after the repaint's frame it waits again.
func TestWatchHeldFrameRepaintsOnceWhenQuiet(t *testing.T) {
	f := newHeldFrame()
	f.resized(120, 40)
	f.returned("a")
	waits := make(chan chan time.Time)
	after := func(d time.Duration) <-chan time.Time {
		if d != quietRepaint {
			t.Errorf("waits %v, want %v", d, quietRepaint)
		}
		c := make(chan time.Time, 1)
		waits <- c
		return c
	}
	sent := make(chan tea.Msg, 8)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		watchHeldFrame(ctx, f, quietRepaint, after, func(msg tea.Msg) { sent <- msg })
	}()
	select {
	case <-waits:
		t.Fatal("it waits with nothing held")
	case msg := <-sent:
		t.Fatalf("it asked for a repaint with nothing held (%v)", msg)
	default:
	}

	f.returned("a") // held: the watcher wakes and waits out quiet
	wait := <-waits
	f.returned("a") // another frame within quiet
	wait <- time.Time{}
	wait = <-waits // not quiet: it waits again
	if len(sent) != 0 {
		t.Fatalf("a frame came within quiet, yet it asked for a repaint (%v)", <-sent)
	}
	wait <- time.Time{}
	if msg := <-sent; msg != (tea.WindowSizeMsg{Width: 120, Height: 40}) {
		t.Fatalf("repaint = %#v, want the terminal's size", msg)
	}
	f.resized(120, 40) // what the model does with it
	f.returned("a")
	f.returned("b")
	select {
	case <-waits:
		t.Fatal("it waits again with nothing held")
	case msg := <-sent:
		t.Fatalf("it asked again with nothing held (%v)", msg)
	default:
	}
	cancel()
	<-done
}
