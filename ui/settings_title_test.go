package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// Issue 24, item 10: clearing a feed's title in the settings dialog gave
// its own title back only at the next changed download; the tree shows it
// at once now (the CLI's twin is TestTitleBackToTheFeedsOwnShowsAtOnce).
func TestSettingsClearedTitleShowsTheFeedsOwnAtOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.st.RecordDownload(ctx, f.broken, store.Download{At: testNow, Status: 200,
		Document: &document.Document{Title: "The Publisher's Name"}}); err != nil {
		t.Fatal(err)
	}
	mine := "Mine"
	if err := f.st.UpdateFeedSettings(ctx, f.broken, store.FeedSettings{Title: &mine}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Mine")
	h.keys("E")
	for range mine {
		h.keys("backspace")
	}
	h.keys("enter")
	h.waitFor("the feed's own title in the tree", func() bool { return h.m.tree.feedByID(f.broken).Title == "The Publisher's Name" })
	if !strings.Contains(h.view(), "The Publisher's Name") {
		t.Errorf("the tree does not show the feed's own title:\n%s", h.view())
	}
}
