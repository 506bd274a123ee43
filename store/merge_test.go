package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

func tp(t time.Time) *time.Time { return &t }

func docOf(items ...document.Item) *document.Document {
	return &document.Document{Title: "Feed", Items: items}
}

func TestMergeNewItemsArriveUnreadAndKnownOnesKeepState(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	pub := now.Add(-time.Hour)
	first := docOf(
		document.Item{GUID: "a", Title: "A", Content: "one", Published: &pub},
		document.Item{GUID: "b", Title: "B", Content: "two", Published: &pub},
	)
	res := record(t, s, id, *now, first, 200)
	if res.New != 2 || res.UnreadCount != 2 {
		t.Fatalf("first download: %+v", res)
	}
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	var a, b int64
	for _, it := range items {
		if it.GUID == "a" {
			a = it.ID
		} else {
			b = it.ID
		}
	}
	if err := s.SetRead(ctx, []int64{a, b}, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetFlagged(ctx, []int64{a}, true); err != nil {
		t.Fatal(err)
	}

	second := docOf(
		document.Item{GUID: "a", Title: "A (corrected)", Content: "one, fixed", Published: &pub},
		document.Item{GUID: "b", Title: "B", Content: "two", Published: &pub},
		document.Item{GUID: "c", Title: "C", Content: "three", Published: &pub},
	)
	res = record(t, s, id, now.Add(time.Hour), second, 200)
	if res.New != 1 || res.Updated != 1 || res.UnreadCount != 1 || res.ItemCount != 3 {
		t.Fatalf("second download: %+v, want 1 new, 1 updated, 1 unread of 3", res)
	}
	got, _ := s.Item(ctx, a)
	if got.Title != "A (corrected)" || got.Content != "one, fixed" || !got.Read || !got.Flagged {
		t.Fatalf("updated item = %+v, want new text with read and flag kept", got)
	}
}

func TestMergeIdentityFallsBackToLinkThenHash(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	doc := docOf(
		document.Item{Link: "http://a.example/1", Title: "by link", Content: "x"},
		document.Item{Title: "by hash", Content: "y"},
	)
	record(t, s, id, *now, doc, 200)
	record(t, s, id, now.Add(time.Hour), doc, 200)
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	if len(items) != 2 {
		t.Fatalf("%d items after the same document twice, want 2", len(items))
	}
	// A changed title without guid or link is a different item by hash.
	record(t, s, id, now.Add(2*time.Hour), docOf(document.Item{Title: "by hash 2", Content: "y"}), 200)
	items, _ = s.Items(ctx, ItemQuery{FeedID: id})
	if len(items) != 3 {
		t.Fatalf("%d items, want 3", len(items))
	}
}

func TestMergeUpdatedTimeChangeUpdatesItem(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	u1, u2 := now.Add(-2*time.Hour), now.Add(-time.Hour)
	record(t, s, id, *now, docOf(document.Item{GUID: "a", Title: "A", Updated: &u1}), 200)
	res := record(t, s, id, *now, docOf(document.Item{GUID: "a", Title: "A", Updated: &u2}), 200)
	if res.Updated != 1 {
		t.Fatalf("updated = %d, want 1 when only <updated> changed", res.Updated)
	}
	res = record(t, s, id, *now, docOf(document.Item{GUID: "a", Title: "A", Updated: &u2}), 200)
	if res.Updated != 0 || res.New != 0 {
		t.Fatalf("unchanged document changed %+v", res)
	}
}

func TestMergeAbsentItemsStayExceptInListFeeds(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	plain := addFeed(t, s, "http://a.example/feed", "")
	list := addFeed(t, s, "http://a.example/list", "")
	full := []document.Item{{GUID: "1", Title: "one"}, {GUID: "2", Title: "two"}, {GUID: "3", Title: "three"}}
	record(t, s, plain, *now, docOf(full...), 200)
	listDoc := &document.Document{Title: "Top", IsList: true, Items: full}
	record(t, s, list, *now, listDoc, 200)

	items, _ := s.Items(ctx, ItemQuery{FeedID: list})
	if err := s.SetFlagged(ctx, []int64{items[2].ID}, true); err != nil { // "three", flagged, keeps
		t.Fatal(err)
	}
	// The next document drops "1" and reorders.
	next := []document.Item{{GUID: "4", Title: "four"}, {GUID: "2", Title: "two"}}
	record(t, s, plain, now.Add(time.Hour), docOf(next...), 200)
	record(t, s, list, now.Add(time.Hour), &document.Document{Title: "Top", IsList: true, Items: next}, 200)

	if got := titles(t, s, plain); len(got) != 4 {
		t.Fatalf("plain feed items %v, want all 4 kept", got)
	}
	got := titles(t, s, list)
	want := []string{"four", "two", "three"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("list feed items %v, want %v (document order, flagged kept)", got, want)
	}
}

func TestDeltaNeverRemovesAbsentEntries(t *testing.T) {
	s, now := newTestStore(t)
	list := addFeed(t, s, "http://a.example/list", "")
	record(t, s, list, *now, &document.Document{IsList: true, Items: []document.Item{{GUID: "1"}, {GUID: "2"}}}, 200)
	_, err := s.RecordDownload(context.Background(), list, Download{
		At: *now, NextSyncAt: *now, Partial: true, MaxItems: 200,
		Document: &document.Document{IsList: true, Items: []document.Item{{GUID: "3"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := titles(t, s, list); len(got) != 3 {
		t.Fatalf("after a delta the list holds %d items, want 3", len(got))
	}
}

func titles(t testing.TB, s *Store, feedID int64) []string {
	t.Helper()
	items, err := s.Items(context.Background(), ItemQuery{FeedID: feedID})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range items {
		out = append(out, it.Title)
	}
	return out
}
