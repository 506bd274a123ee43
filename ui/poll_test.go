package ui

import (
	"context"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The poll gives pollMsg only when another process committed: its first
// look, then never while nothing is written (this process's writes
// included), once after another process's commit — and what it saw
// survives the poll being armed again after each pollMsg.
func TestPollWakesOnlyForOtherProcessesWrites(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	var changed func() bool
	h.m.wait.watch = func(_ context.Context, every time.Duration, c func() bool, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(pollMsg); !ok || every != h.m.opts.Poll {
			t.Fatalf("the poll watches every %v for %T", every, msg)
		}
		changed = c
		return nil
	}
	looks := func(want bool, when string) {
		t.Helper()
		h.m.poll() // armed again, as after each pollMsg
		if got := changed(); got != want {
			t.Errorf("%s: the poll says changed = %v, want %v", when, got, want)
		}
	}
	looks(true, "its first look")
	looks(false, "nothing written")
	if err := f.st.SetRead(context.Background(), []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, true); err != nil {
		t.Fatal(err)
	}
	looks(false, "after this process's own write")
	other := f.otherProcess(t)
	if err := other.SetRead(context.Background(), []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, false); err != nil {
		t.Fatal(err)
	}
	looks(true, "after another process's commit")
	looks(false, "looked again, nothing new")
}
