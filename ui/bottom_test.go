package ui

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// G stopped at the end of the loaded page: three presses to reach the
// oldest of 290 items. It goes to the last item of the list.
func TestBottomGoesToTheLastItemPastThePages(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	const n = 2*pageSize + 90
	var items []document.Item
	for i := range n {
		at := testNow.Add(-time.Duration(i) * time.Hour)
		items = append(items, document.Item{GUID: fmt.Sprint("e", i), Title: fmt.Sprintf("Episode %03d", n-i), Published: &at})
	}
	id, err := f.st.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse("http://127.0.0.1:9/long.xml")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.RecordDownload(ctx, id, store.Download{At: testNow, Status: 200, NextSyncAt: testNow.Add(time.Hour),
		Document: &document.Document{Title: "Long Feed", Items: items}, MaxItems: 1000}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Long Feed")
	h.keys("tab", "G")
	if got := len(h.m.items.rows); got != n {
		t.Errorf("%d rows loaded after G, want %d", got, n)
	}
	if it := h.m.items.item(); it == nil || it.Title != "Episode 001" {
		t.Errorf("G selected %+v, want the oldest item, Episode 001", it)
	}
	h.keys("g")
	if h.m.items.cursor != 0 {
		t.Errorf("g after G: cursor %d", h.m.items.cursor)
	}
}
