package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/store"
)

// Missing: n and p go to the next and previous unread item across feeds,
// in tree order, and wrap around, as newsboat's do.
func TestNextUnreadCrossesFeedsAndWraps(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	// Gopher Notes (Tech/Go) comes after Daily Wire (News) in the tree; read
	// all of Daily Wire but its oldest item.
	wire, _ := f.st.Items(ctx, store.ItemQuery{FeedID: f.wire})
	if err := f.st.SetRead(ctx, []int64{wire[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("tab", "n", "enter") // the one unread of Daily Wire
	if got := h.m.reader.item.Title; got != "Library extends weekend hours" {
		t.Fatalf("first n: %q", got)
	}
	steps := []struct{ key, feed, title string }{
		{"n", "Gopher Notes", "Why ETags matter"}, // next feed, its first unread
		{"n", "Gopher Notes", "Parsing feeds without tears"},
		{"n", "Gopher Notes", "Happy new year"},
		{"n", "Olympics Live", "Closing ceremony"}, // the next feed with unread items, at the top level
	}
	for _, s := range steps {
		h.keys(s.key)
		h.waitFor(s.title, func() bool { return h.m.reader.item != nil && h.m.reader.item.Title == s.title })
		if got := h.m.tree.node().label; got != s.feed {
			t.Fatalf("%s to %q: tree on %q", s.key, s.title, got)
		}
	}
	// Everything is read now but what another process marks unread: n
	// wraps around the tree to it.
	items, _ := f.st.Items(ctx, store.ItemQuery{FeedID: f.wire})
	if err := f.otherProcess(t).SetRead(ctx, []int64{items[0].ID}, false); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	h.waitFor("counts", func() bool { return h.m.tree.feedByID(f.wire).UnreadCount == 1 })
	h.keys("n")
	h.waitFor("wrapped", func() bool { return h.m.reader.item.Title == "Council approves bike lanes" })
	if h.m.tree.node().label != "Daily Wire" {
		t.Errorf("n did not wrap to Daily Wire: %q", h.m.tree.node().label)
	}
	h.keys("n")
	if h.m.status.message != "no unread items left" {
		t.Errorf("n with nothing unread: %q", h.m.status.message)
	}
}

func TestPreviousUnreadGoesToThePreviousFeedsLast(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Olympics Live")
	h.keys("tab", "p")
	h.waitFor("previous feed", func() bool { return h.m.tree.node().label == "Gopher Notes" })
	if it := h.m.items.item(); it == nil || it.Title != "Happy new year" {
		t.Fatalf("p landed on %+v", it)
	}
	h.keys("esc", "p") // on the tree: the previous feed with unread items, wrapping
	if got := h.m.tree.node().label; got != "Daily Wire" {
		t.Errorf("p on the tree: %q", got)
	}
	h.keys("p")
	if got := h.m.tree.node().label; got != "Olympics Live" {
		t.Errorf("p on the tree did not wrap: %q", got)
	}
}

func TestNextUnreadWrapsInARiver(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Tech")
	h.keys("tab", "G", "n")
	if it := h.m.items.item(); it == nil || it.Title != "Why ETags matter" {
		t.Errorf("n at the end of a folder wrapped to %+v", it)
	}
}

// J and K in the reader open the next and previous item of the list, read
// or not, and mark it read, as newsboat's next and prev; in the list they
// move without opening; they stay in the list.
func TestNextItemInTheReaderOpensIt(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	parsing := itemByTitle(t, f.st, "Parsing feeds without tears")
	if err := f.st.SetRead(ctx, []int64{parsing.ID}, true); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	h.keys("tab", "enter")
	for _, s := range []struct{ key, title string }{
		{"J", "Parsing feeds without tears"}, // read already: J does not skip it
		{"J", "Happy new year"},
		{"K", "Parsing feeds without tears"},
		{"J", "Happy new year"},
	} {
		h.keys(s.key)
		if it := h.m.reader.item; h.m.focus != paneReader || it == nil || it.Title != s.title {
			t.Fatalf("%s: focus %v, reader %+v, want %q", s.key, h.m.focus, it, s.title)
		}
	}
	h.waitFor("read in store", func() bool { return itemByTitle(t, f.st, "Happy new year").Read })
	h.keys("J")
	if h.m.reader.item.Title != "Happy new year" || h.m.status.message != "this is the last item" {
		t.Errorf("J on the last item: reader %q, status %q", h.m.reader.item.Title, h.m.status.message)
	}
	h.keys("esc", "g", "J") // in the list: the cursor moves, nothing opens
	if h.m.focus != paneItems || h.m.items.cursor != 1 || h.m.reader.item.Title != "Happy new year" {
		t.Errorf("J in the list: focus %v, cursor %d, reader %q", h.m.focus, h.m.items.cursor, h.m.reader.item.Title)
	}
	h.keys("K", "K")
	if h.m.items.cursor != 0 || h.m.status.message != "this is the first item" {
		t.Errorf("K on the first item: cursor %d, status %q", h.m.items.cursor, h.m.status.message)
	}
}

// treeLabels are the tree's rows.
func treeLabels(h *harness) []string {
	var out []string
	for _, n := range shownNodes(h.m.tree) {
		out = append(out, n.label)
	}
	return out
}

// l, newsboat's, hides the feeds and folders with nothing unread and the
// read items of the lists, and says so; the selected feed stays, and
// what acts on every feed (R) still does. Again, everything shows.
func TestHideReadHidesReadFeedsAndItems(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	wire, _ := f.st.Items(ctx, store.ItemQuery{FeedID: f.wire})
	parsing := itemByTitle(t, f.st, "Parsing feeds without tears")
	if err := f.st.SetRead(ctx, []int64{wire[0].ID, wire[1].ID, parsing.ID}, true); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	all := strings.Join(treeLabels(h), ",")
	h.keys("l")
	want := "All items,Unread,Flagged,Tech,Go,Gopher Notes,Olympics Live"
	if got := strings.Join(treeLabels(h), ","); got != want {
		t.Errorf("l: tree %s, want %s", got, want)
	}
	if !strings.Contains(h.m.status.message, "read feeds and items hidden") {
		t.Errorf("l: status %q", h.m.status.message)
	}
	if !strings.Contains(h.view(), "Feeds (unread)") {
		t.Errorf("l: the tree's title does not say read feeds are hidden:\n%s", h.view())
	}
	h.waitFor("unread items", func() bool { return !h.m.items.loading })
	if n := len(h.m.items.rows); n != 2 || h.m.tree.node().label != "Gopher Notes" {
		t.Errorf("l: %d rows of %q, want Gopher Notes' 2 unread", n, h.m.tree.node().label)
	}
	if n := len(h.m.tree.feedsUnder(node{kind: nodeAll})); n != 4 {
		t.Errorf("R would refresh %d feeds, want all 4", n)
	}
	h.keys("tab", "enter") // read in the list: it stays listed until another list
	h.waitFor("read", func() bool { return itemByTitle(t, f.st, "Why ETags matter").Read })
	h.send(pollMsg{})
	h.waitFor("reloaded", func() bool { return !h.m.items.loading })
	if n := len(h.m.items.rows); n != 2 {
		t.Errorf("an item read while read ones are hidden left the list: %d rows", n)
	}
	h.keys("l")
	if got := strings.Join(treeLabels(h), ","); got != all {
		t.Errorf("l again: tree %s, want %s", got, all)
	}
	h.waitFor("all items", func() bool { return !h.m.items.loading })
	if n := len(h.m.items.rows); n != 3 {
		t.Errorf("l again: %d rows, want 3", n)
	}
}

// With read feeds hidden, the feed selected stays on the tree though all
// of it is read, until the selection leaves it.
func TestHideReadKeepsTheSelectedFeed(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	wire, _ := f.st.Items(ctx, store.ItemQuery{FeedID: f.wire})
	if err := f.st.SetRead(ctx, []int64{wire[0].ID, wire[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("l")
	if got := strings.Join(treeLabels(h), ","); !strings.Contains(got, "News,Daily Wire") {
		t.Errorf("the selected feed, all read, left the tree: %s", got)
	}
	if h.m.items.emptyText() != "no unread items (l shows the read ones)" {
		t.Errorf("empty list says %q", h.m.items.emptyText())
	}
	h.keys("g")
	h.send(pollMsg{})
	h.waitFor("rebuilt", func() bool { return !strings.Contains(strings.Join(treeLabels(h), ","), "Daily Wire") })
}
