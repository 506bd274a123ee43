package ui

import (
	"context"
	"testing"
)

// Missing: ctrl+k, newsboat's random-unread, opens an unread item picked
// at random among all of them (the pick is injected): its feed is
// selected on the tree, a folded folder opened, its row in the list, and
// it is read; with nothing unread it says so.
func TestCtrlKOpensARandomUnreadItem(t *testing.T) {
	f := newFixture(t)
	var asked []int
	next := 5
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Rand = func(n int) int { asked = append(asked, n); return next }
	}))
	h.selectNode("Tech")
	h.keys("c")
	h.selectNode("Daily Wire")
	h.keys("ctrl+k") // the 6th of 6 unread, newest first: the oldest
	if len(asked) != 1 || asked[0] != 6 {
		t.Fatalf("the pick was asked for %v, want [6]", asked)
	}
	want := itemByTitle(t, f.st, "Happy new year")
	if n := h.m.tree.node(); n.feedID != f.gopher {
		t.Errorf("the tree selects %q, want Gopher Notes", n.label)
	}
	if it, ok := h.m.items.Selected(); !ok || it.ID != want.ID {
		t.Errorf("the list's row is %q", it.Title)
	}
	if h.m.focus != paneReader || h.m.reader.item == nil || h.m.reader.item.ID != want.ID {
		t.Errorf("the reader does not show it (focus %v)", h.m.focus)
	}
	if !itemByTitle(t, f.st, "Happy new year").Read {
		t.Error("the item opened is still unread")
	}

	next = 0
	h.keys("ctrl+k") // from the reader: now the newest of 5
	if it := h.m.reader.item; it == nil || it.Title != "Council approves bike lanes" || h.m.tree.node().feedID != f.wire {
		t.Errorf("the second pick shows %+v on %q", it, h.m.tree.node().label)
	}

	for _, id := range []int64{f.gopher, f.wire, f.ended} {
		if _, err := f.st.MarkFeedRead(context.Background(), id); err != nil {
			t.Fatal(err)
		}
	}
	h.keys("ctrl+k")
	if len(asked) != 2 || h.m.status.message != "no unread items left" {
		t.Errorf("with nothing unread: asked %v, status %q", asked, h.m.status.message)
	}
}
