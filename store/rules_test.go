package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

func addRule(t testing.TB, s *Store, expr, action string, feedID int64) Rule {
	t.Helper()
	r, err := s.AddRule(context.Background(), Rule{Expr: expr, Action: action, FeedID: feedID})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sponsoredDoc(now time.Time) *document.Document {
	return docOf(
		document.Item{GUID: "1", Title: "Sponsored: a VPN", Published: tp(now.Add(-time.Hour))},
		document.Item{GUID: "2", Title: "Real news", Published: tp(now.Add(-2 * time.Hour))},
	)
}

func listedTitles(t *testing.T, s *Store, q ItemQuery) []string {
	t.Helper()
	items, err := s.Items(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range items {
		out = append(out, it.Title)
	}
	return out
}

// A delete rule keeps matching items out through repeated downloads: the
// tombstone stops merge from adding them again.
func TestRuleDeleteLeavesTombstoneThroughRepeatedDownloads(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	addRule(t, s, `title ~ "sponsored"`, ActionDelete, 0)
	for i := range 3 {
		at := now.Add(time.Duration(i) * time.Hour)
		res := record(t, s, id, at, sponsoredDoc(*now), 200)
		if got := listedTitles(t, s, ItemQuery{IncludeHidden: true}); fmt.Sprint(got) != "[Real news]" {
			t.Fatalf("download %d: items %v, want only the real news", i, got)
		}
		if res.ItemCount != 1 || res.UnreadCount != 1 || res.Removed != 0 {
			t.Fatalf("download %d: %+v", i, res)
		}
		if i == 0 && (res.New != 1 || res.Ruled != 1 || len(res.NewItems) != 1) {
			t.Fatalf("first download: %+v, want 1 new and 1 deleted by the rule", res)
		}
		if i > 0 && (res.New != 0 || res.Ruled != 0) {
			t.Fatalf("download %d: %+v, want nothing new", i, res)
		}
	}
}

// Removing the delete rule removes its tombstones: the next full document
// brings the item back.
func TestRemovingDeleteRuleLetsItemsBack(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	r := addRule(t, s, `title ~ "sponsored"`, ActionDelete, 0)
	record(t, s, id, *now, sponsoredDoc(*now), 200)
	if err := s.RemoveRule(context.Background(), r.ID); err != nil {
		t.Fatal(err)
	}
	res := record(t, s, id, now.Add(time.Hour), sponsoredDoc(*now), 200)
	if res.New != 1 || res.ItemCount != 2 {
		t.Fatalf("after removing the rule: %+v, want the item back", res)
	}
}

// A hidden item is out of every count and list; asking for hidden items
// shows it.
func TestRuleHideKeepsItemOutOfCountsAndLists(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "News")
	addRule(t, s, `title ~ "sponsored"`, ActionHide, 0)
	res := record(t, s, id, *now, sponsoredDoc(*now), 200)
	if res.ItemCount != 1 || res.UnreadCount != 1 || res.New != 1 || res.Ruled != 1 {
		t.Fatalf("download: %+v, want the hidden item uncounted", res)
	}
	if got := listedTitles(t, s, ItemQuery{}); fmt.Sprint(got) != "[Real news]" {
		t.Fatalf("list = %v", got)
	}
	if got := listedTitles(t, s, ItemQuery{Unread: true, FolderPath: "News"}); fmt.Sprint(got) != "[Real news]" {
		t.Fatalf("unread folder list = %v", got)
	}
	if got := listedTitles(t, s, ItemQuery{IncludeHidden: true}); len(got) != 2 {
		t.Fatalf("list with hidden = %v, want both", got)
	}
	if found, _ := s.Search(ctx, "vpn", 10); len(found) != 0 {
		t.Fatalf("search found the hidden item")
	}
	folders, _ := s.FolderCounts(ctx)
	if len(folders) != 1 || folders[0].Items != 1 || folders[0].Unread != 1 {
		t.Fatalf("folder counts = %+v", folders)
	}
	if c, _ := s.CountItems(ctx, ItemQuery{}); c.Items != 1 || c.Unread != 1 {
		t.Fatalf("CountItems = %+v", c)
	}
	// Marking everything read leaves the counters right.
	if _, err := s.MarkFeedRead(ctx, id); err != nil {
		t.Fatal(err)
	}
	f, _ := s.Feed(ctx, id)
	if f.ItemCount != 1 || f.UnreadCount != 0 {
		t.Fatalf("feed counts after mark read: %d/%d", f.UnreadCount, f.ItemCount)
	}
	// And the hidden item stays hidden when the feed updates it.
	doc := sponsoredDoc(*now)
	doc.Items[0].Content = "changed"
	res = record(t, s, id, now.Add(time.Hour), doc, 200)
	if res.ItemCount != 1 || res.Updated != 0 {
		t.Fatalf("after update: %+v", res)
	}
}

// read and flag rules mark new items, and again when an item changes.
func TestRuleReadAndFlag(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	addRule(t, s, `title ~ "sponsored"`, ActionRead, 0)
	addRule(t, s, `title = "real news"`, ActionFlag, 0)
	res := record(t, s, id, *now, sponsoredDoc(*now), 200)
	if res.UnreadCount != 1 || res.New != 2 {
		t.Fatalf("download: %+v", res)
	}
	items, _ := s.Items(ctx, ItemQuery{})
	for _, it := range items {
		if (it.Title == "Sponsored: a VPN") != it.Read || (it.Title == "Real news") != it.Flagged {
			t.Fatalf("item %q read=%v flagged=%v", it.Title, it.Read, it.Flagged)
		}
	}
	if err := s.SetRead(ctx, []int64{items[0].ID, items[1].ID}, false); err != nil {
		t.Fatal(err)
	}
	doc := sponsoredDoc(*now)
	doc.Items[0].Content = "now with more VPN"
	res = record(t, s, id, now.Add(time.Hour), doc, 200)
	if res.Updated != 1 || res.UnreadCount != 1 {
		t.Fatalf("after update: %+v, want the updated sponsored item read again", res)
	}
}

// A rule with a feed applies to that feed only.
func TestRuleForOneFeed(t *testing.T) {
	s, now := newTestStore(t)
	a := addFeed(t, s, "http://a.example/feed", "")
	b := addFeed(t, s, "http://b.example/feed", "")
	addRule(t, s, `title ~ "sponsored"`, ActionDelete, a)
	if res := record(t, s, a, *now, sponsoredDoc(*now), 200); res.ItemCount != 1 {
		t.Fatalf("feed a: %+v", res)
	}
	if res := record(t, s, b, *now, sponsoredDoc(*now), 200); res.ItemCount != 2 {
		t.Fatalf("feed b: %+v", res)
	}
}

// Tombstones are pruned with the purge: at most max_items per feed, the
// ones last seen in a document kept.
func TestTombstonesPrunedWithPurge(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	addRule(t, s, `title ~ "ad"`, ActionDelete, 0)
	for i := range 5 {
		doc := docOf(document.Item{GUID: fmt.Sprint("ad", i), Title: fmt.Sprint("ad ", i)})
		record(t, s, id, now.Add(time.Duration(i)*time.Minute), doc, 3)
	}
	var n int
	var oldest string
	if err := s.db.QueryRowContext(ctx, `SELECT count(*), min(item_key) FROM item_tombstones WHERE feed_id = ?`, id).
		Scan(&n, &oldest); err != nil {
		t.Fatal(err)
	}
	if n != 3 || oldest != "g:ad2" {
		t.Fatalf("%d tombstones, oldest %s; want the 3 last seen (ad2…ad4)", n, oldest)
	}
}

func TestAddRuleChecks(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	tests := []struct {
		rule Rule
		want error
	}{
		{Rule{Expr: `title ~`, Action: ActionHide}, ErrInvalid},
		{Rule{Expr: `unread`, Action: "archive"}, ErrInvalid},
		{Rule{Expr: `unread`, Action: ActionHide, FeedID: 99}, ErrNotFound},
	}
	for _, tt := range tests {
		if _, err := s.AddRule(ctx, tt.rule); !errors.Is(err, tt.want) {
			t.Errorf("AddRule(%+v) = %v, want %v", tt.rule, err, tt.want)
		}
	}
	if err := s.RemoveRule(ctx, 42); !errors.Is(err, ErrNotFound) {
		t.Errorf("RemoveRule(42) = %v", err)
	}
	if rules, _ := s.Rules(ctx); len(rules) != 0 {
		t.Errorf("rules stored after refusals: %v", rules)
	}
}
