package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/store"
)

// r in the rules dialog applies the selected rule to the stored items and
// the tree's counts follow; a delete rule asks first, with its count, and
// only y deletes.
func TestRulesDialogAppliesRuleToStoredItems(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "Sponsored: socks", "Real post", "Other post")
	eng := newEngine(f.st)
	feed := addFeedFrom(t, eng, f.st, fh.URL)
	ctx := context.Background()
	for _, r := range []store.Rule{{Expr: `title ~ "real"`, Action: store.ActionRead}, {Expr: `title ~ "sponsored"`, Action: store.ActionDelete}} {
		if _, err := f.st.AddRule(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, f.st, 120, 40, withEngine(eng))
	h.waitFor("feed counted", func() bool { return treeNode(h, "Local Feed").unread == 3 })
	h.keys("F")
	h.waitFor("rules listed", func() bool { return strings.Contains(h.view(), `title ~ "sponsored"`) })

	h.keys("r")
	h.waitFor("read rule applied", func() bool { return strings.Contains(h.view(), `"title ~ \"real\""): 1 item`) })
	h.waitFor("tree counts", func() bool { return treeNode(h, "Local Feed").unread == 2 })

	h.keys("j", "r")
	h.waitFor("delete counted", func() bool { return strings.Contains(h.view(), "delete 1 item of the stored items?") })
	h.keys("n")
	h.waitFor("kept", func() bool { return strings.Contains(h.view(), "nothing deleted") })
	if items, _ := f.st.Items(ctx, store.ItemQuery{FeedID: feed.ID, IncludeHidden: true}); len(items) != 3 {
		t.Fatalf("after n: %d items, want 3", len(items))
	}
	h.keys("r")
	h.waitFor("delete counted again", func() bool { return strings.Contains(h.view(), "delete 1 item of the stored items?") })
	h.keys("y")
	h.waitFor("deleted", func() bool { return strings.Contains(h.view(), `(delete "title ~ \"sponsored\""): 1 item`) })
	if items, _ := f.st.Items(ctx, store.ItemQuery{FeedID: feed.ID, IncludeHidden: true}); len(items) != 2 {
		t.Fatalf("after y: %d items, want 2", len(items))
	}
	h.waitFor("tree counts after the delete", func() bool { return treeNode(h, "Local Feed").unread == 1 })
}
