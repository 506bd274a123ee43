package ui

import (
	"context"
	"strings"
	"testing"
)

func TestCompletionPrefixThenCycle(t *testing.T) {
	c := &completion{candidates: []string{"News", "Tech", "Tech/Go", "Tech/Rust"}}
	steps := []struct{ value, want string }{
		{"T", "Tech"},       // the common prefix
		{"Tech", "Tech/Go"}, // Tech is a match: cycling starts at the next one
		{"Tech/Go", "Tech/Rust"},
		{"Tech/Rust", "Tech"}, // round again
		{"Tech", "Tech/Go"},
	}
	for _, s := range steps {
		got, ok := c.next(s.value)
		if !ok || got != s.want {
			t.Fatalf("tab on %q = %q, %v; want %q", s.value, got, ok, s.want)
		}
	}
	if got, ok := c.next("Sports"); ok || got != "Sports" {
		t.Errorf("tab on a new name = %q, %v; want it kept", got, ok)
	}
	if got, ok := c.next("News"); ok || got != "News" {
		t.Errorf("tab on the only match = %q, %v", got, ok)
	}
	if got := commonPrefix([]string{"Café", "Cafè"}); got != "Caf" {
		t.Errorf("common prefix cut a rune: %q", got)
	}
}

func TestMoveCompletesFolders(t *testing.T) {
	f := newFixture(t)
	addFeed(t, f.st, "http://127.0.0.1:9/rust.xml", "Tech/Rust", "Rust Weekly", nil)
	h := newHarness(t, f.st, 100, 30)
	h.selectNode("Daily Wire")
	h.keys("M")
	h.keys("ctrl+u")
	h.typeText("Te")
	for _, want := range []string{"Tech/Go", "Tech/Rust", "tab complete"} {
		if !strings.Contains(h.view(), want) {
			t.Fatalf("the Move dialog does not list %q:\n%s", want, h.view())
		}
	}
	if strings.Contains(h.view(), "  News") {
		t.Errorf("News does not start with Te:\n%s", h.view())
	}
	h.keys("tab", "tab")
	if got := h.m.dialog.(*form).fields[0].input.Value(); got != "Tech/Go" {
		t.Fatalf("tab, tab on Te = %q, want Tech/Go", got)
	}
	h.keys("enter")
	feeds, err := f.st.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range feeds {
		if fd.ID == f.wire && fd.FolderPath != "Tech/Go" {
			t.Errorf("Daily Wire is in %q, want Tech/Go", fd.FolderPath)
		}
	}
}

func TestMoveFolderOffersNeitherItselfNorItsSubfolders(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 100, 30)
	h.selectNode("Tech")
	h.keys("M")
	fl := h.m.dialog.(*form).fields[0]
	if got := strings.Join(fl.complete.candidates, ","); got != "News" {
		t.Errorf("moving Tech offers %q, want News only", got)
	}
}

func TestGoldenMoveCompletion(t *testing.T) {
	f := newFixture(t)
	addFeed(t, f.st, "http://127.0.0.1:9/rust.xml", "Tech/Rust", "Rust Weekly", nil)
	h := newHarness(t, f.st, 100, 30)
	h.selectNode("Daily Wire")
	h.keys("M", "ctrl+u")
	h.typeText("T")
	h.keys("tab", "tab")
	golden(t, "move_completion_100x30", screen(h))
}
