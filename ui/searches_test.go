package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// saveSearches stores saved searches through the engine's action.
func saveSearches(t testing.TB, st *store.Store, nameExpr ...string) {
	t.Helper()
	eng := newEngine(st)
	for i := 0; i < len(nameExpr); i += 2 {
		if _, err := eng.SaveSearch(context.Background(), nameExpr[i], nameExpr[i+1]); err != nil {
			t.Fatal(err)
		}
	}
}

func treeNode(h *harness, label string) *node {
	for i := range h.m.tree.shown {
		if n := h.m.tree.at(i); n.label == label {
			return n
		}
	}
	h.t.Fatalf("no tree node %q", label)
	return nil
}

// Saved searches show under their own heading with unread counts kept
// live, open as rivers, and support n/p, s, and A (undone by u).
func TestSavedSearchesInTreeOpenAsRivers(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Fresh", `age < 2`, "Tech news", `folder = Tech`)
	h := newHarness(t, f.st, 100, 30)
	if n := treeNode(h, "Saved searches"); n.kind != nodeHeading {
		t.Fatalf("heading %+v", n)
	}
	if n := treeNode(h, "Fresh"); n.unread != 3 || n.kind != nodeSearch {
		t.Fatalf("Fresh %+v, want 3 unread", n)
	}
	if n := treeNode(h, "Tech news"); n.unread != 3 {
		t.Fatalf("Tech news %+v, want 3 unread", n)
	}
	// The heading is never selected: j from Flagged goes to the first search.
	h.selectNode("Flagged")
	h.keys("j")
	h.waitFor("river", func() bool { return !h.m.items.loading })
	if n := h.m.tree.node(); n.label != "Fresh" {
		t.Fatalf("j from Flagged selected %q", n.label)
	}
	golden(t, "saved_search_100x30", screen(h))
	if !h.m.items.river || len(h.m.items.rows) != 3 {
		t.Fatalf("Fresh lists %d items (river %v)", len(h.m.items.rows), h.m.items.river)
	}
	h.keys("k")
	if n := h.m.tree.node(); n.label != "Flagged" {
		t.Fatalf("k from Fresh selected %q", n.label)
	}
	h.keys("j")

	// n/p and s in the river.
	h.keys("tab", "enter")
	first := h.m.reader.item.Title
	h.keys("n")
	if h.m.reader.item == nil || h.m.reader.item.Title == first {
		t.Fatalf("n did not move to the next unread item")
	}
	h.keys("p") // no earlier unread: p wraps around to the river's last unread item
	if last := h.m.items.rows[len(h.m.items.rows)-1].Title; h.m.reader.item == nil || h.m.reader.item.Title != last {
		t.Fatalf("p with no earlier unread item: reader on %v, want %q", h.m.reader.item, last)
	}
	h.keys("s")
	h.waitFor("s flags", func() bool { return itemByTitle(t, f.st, h.m.reader.item.Title).Flagged })
	h.waitFor("live count after reading all three", func() bool { return treeNode(h, "Fresh").unread == 0 })

	// A live count: another process stores a new matching item.
	addFeed(t, f.otherProcess(t), "http://127.0.0.1:9/late.xml", "", "Late Feed",
		[]document.Item{{GUID: "l1", Title: "Breaking", Published: &testNow},
			{GUID: "l2", Title: "Breaking too", Published: &testNow}})
	h.send(pollMsg{})
	h.waitFor("poll counts the new items", func() bool { return treeNode(h, "Fresh").unread == 2 })

	// A marks every item of the saved search read (after a question), and
	// only those; u undoes it.
	h.keys("esc", "esc", "A", "y")
	h.waitFor("A marks the search read", func() bool { return treeNode(h, "Fresh").unread == 0 })
	if got := unread(t, f.st, f.gopher); got != 1 {
		t.Errorf("Happy new year (40 days old) was marked too: %d unread", got)
	}
	h.keys("u")
	h.waitFor("u makes them unread again", func() bool { return treeNode(h, "Fresh").unread == 2 })
}

// The search dialog runs an expression and saves it under a name.
func TestSearchDialogSavesAnExpression(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.keys("/")
	h.typeText(`title ~ "bike|library"`)
	h.keys("tab", "right", "tab")
	h.typeText("Town")
	h.keys("enter")
	h.waitFor("results", func() bool { return h.m.items.search != "" && len(h.m.items.rows) == 2 })
	h.waitFor("saved search in the tree", func() bool {
		for _, n := range shownNodes(h.m.tree) {
			if n.kind == nodeSearch && n.label == "Town" && n.unread == 2 {
				return true
			}
		}
		return false
	})
	h.keys("/")
	h.typeText(`title ~`)
	h.keys("tab", "right", "enter")
	if !strings.Contains(h.view(), "column 8: expected a value after ~") {
		t.Fatalf("bad expression not reported with its column:\n%s", h.view())
	}
	h.keys("esc")
	h.keys("/")
	h.typeText("weekend")
	h.keys("tab", "tab")
	h.typeText("Weekend")
	h.keys("enter")
	h.waitFor("words saved as text:", func() bool {
		ss, err := f.st.SavedSearchNamed(context.Background(), "Weekend")
		return err == nil && ss.Expr == `text:"weekend"`
	})
}

// The rules dialog lists, adds (with the column of a bad expression) and
// removes rules; a rule added there applies to the next download.
func TestRulesDialog(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "Sponsored: socks", "Real post")
	eng := newEngine(f.st)
	h := newHarness(t, f.st, 120, 40, withEngine(eng))
	h.keys("F")
	h.waitFor("rules dialog", func() bool { return h.m.dialog != nil })
	if !strings.Contains(h.view(), "No rules yet.") {
		t.Fatalf("empty rules dialog:\n%s", h.view())
	}
	h.keys("a")
	h.typeText(`title ~ "(socks"`)
	h.keys("enter")
	if v := h.view(); !strings.Contains(v, "column 9: bad regular expression") {
		t.Fatalf("bad expression:\n%s", v)
	}
	for range len(`(socks"`) {
		h.keys("backspace")
	}
	h.typeText(`sponsored"`)
	h.keys("tab", "right", "right", "right", "enter") // action: delete
	h.waitFor("rule listed", func() bool { return strings.Contains(h.view(), `delete  all feeds         title ~ "sponsored"`) })
	if _, isRules := h.m.dialog.(*rulesDialog); !isRules {
		t.Fatalf("dialog closed after adding")
	}

	ctx := context.Background()
	sub, err := eng.Subscribe(ctx, engine.Subscription{URL: weburl.MustParse(fh.URL)})
	if err != nil {
		t.Fatal(err)
	}
	eng.SyncFeeds(ctx, []store.Feed{sub.Feed}, true, nil)
	items, _ := f.st.Items(ctx, store.ItemQuery{FeedID: sub.Feed.ID, IncludeHidden: true})
	if len(items) != 1 || items[0].Title != "Real post" {
		t.Fatalf("after sync: %+v, want the sponsored item deleted", items)
	}

	h.keys("d")
	h.waitFor("rule removed", func() bool { return strings.Contains(h.view(), "No rules yet.") })
	h.keys("esc")
	if h.m.dialog != nil {
		t.Fatal("esc did not close the rules dialog")
	}
}

// The poll reads saved searches' counts again only when the feeds' counts
// or the number of flagged items moved; the reader's own actions and
// engine events always read them.
func TestPollReusesSavedSearchCountsWhenNothingMoved(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Flagged unread", `flagged and unread`)
	h := newHarness(t, f.st, 100, 30)
	ctx := context.Background()
	other := f.otherProcess(t)
	// Another process changes a saved search: no count moves, so the poll
	// keeps what it read.
	if _, err := other.SaveSearch(ctx, "Flagged unread", `unread`); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	if n := treeNode(h, "Flagged unread").unread; n != 0 {
		t.Fatalf("poll re-read the saved search with no count moved: %d", n)
	}
	if _, err := other.SaveSearch(ctx, "Flagged unread", `flagged and unread`); err != nil {
		t.Fatal(err)
	}
	// Another process flags an unread item: the poll reads the counts again.
	if err := other.SetFlagged(ctx, []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, true); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	h.waitFor("flagged moved: read again", func() bool { return treeNode(h, "Flagged unread").unread == 1 })
	if err := other.SetRead(ctx, []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, true); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	h.waitFor("counts moved: read again", func() bool { return treeNode(h, "Flagged unread").unread == 0 })
}

// An expression search highlights its text:"…" words, not its field
// names or values; a words search highlights the words.
func TestExpressionSearchHighlightsItsTextWords(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	tests := []struct {
		name, typed string
		expression  bool
		highlighted []string
		plain       []string
	}{
		{"expression", `text:"etags" and title ~ "why"`, true, []string{"ETags"}, []string{"Why", "text"}},
		{"expression without text:", `title ~ "why"`, true, nil, []string{"Why", "ETags"}},
		{"words", "etags", false, []string{"ETags"}, []string{"Why"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.keys("/")
			h.typeText(tt.typed)
			if tt.expression {
				h.keys("tab", "right")
			}
			h.keys("enter")
			h.waitFor("results", func() bool { return h.m.items.search == tt.typed && len(h.m.items.rows) == 1 })
			if want := "1 result for " + tt.typed; h.m.status.message != want { // as typed, nothing escaped
				t.Errorf("status %q, want %q", h.m.status.message, want)
			}
			re := h.m.items.match
			for _, w := range tt.highlighted {
				if re == nil || !re.MatchString(w) {
					t.Errorf("%q is not highlighted (%v)", w, re)
				}
			}
			for _, w := range tt.plain {
				if re != nil && re.MatchString(w) {
					t.Errorf("%q is highlighted (%v)", w, re)
				}
			}
			h.keys("esc")
		})
	}
}
