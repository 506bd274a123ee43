package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// titlesOf returns the items' titles in order.
func titlesOf(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Title
	}
	return out
}

func sameTitles(got []Item, want ...string) bool {
	g := titlesOf(got)
	if len(g) != len(want) {
		return false
	}
	for i := range g {
		if g[i] != want[i] {
			return false
		}
	}
	return true
}

// TestSortDateIsPublishedElseUpdatedElseFirstSeen checks Item.Date and the
// order of a feed's list, the river and the unread river.
func TestSortDateIsPublishedElseUpdatedElseFirstSeen(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	atom := addFeed(t, s, "http://atom.example/feed", "News")
	rss := addFeed(t, s, "http://rss.example/feed", "News")
	may := time.Date(2025, 5, 1, 9, 0, 0, 0, time.UTC)
	twoHoursAgo, yesterday := now.Add(-2*time.Hour), now.Add(-24*time.Hour)
	record(t, s, atom, *now, docOf(
		document.Item{GUID: "a1", Title: "updated two hours ago", Updated: &twoHoursAgo},
		document.Item{GUID: "a2", Title: "updated in May", Updated: &may},
		document.Item{GUID: "a3", Title: "no date"},
	), 0)
	record(t, s, rss, *now, docOf(
		document.Item{GUID: "r1", Title: "published yesterday, updated now", Published: &yesterday, Updated: now},
	), 0)

	want := []string{"no date", "updated two hours ago", "published yesterday, updated now", "updated in May"}
	for _, q := range []ItemQuery{{}, {FolderPath: "News"}, {Unread: true}} {
		items, err := s.Items(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTitles(items, want...) {
			t.Errorf("Items(%+v) = %q, want %q", q, titlesOf(items), want)
		}
	}
	items, _ := s.Items(ctx, ItemQuery{})
	wantDates := []time.Time{*now, twoHoursAgo, yesterday, may}
	for i, it := range items {
		if !it.Date.Equal(wantDates[i]) {
			t.Errorf("%q: Date = %v, want %v", it.Title, it.Date, wantDates[i])
		}
	}
	if items[1].PublishedAt != nil || items[1].UpdatedAt == nil || !items[1].UpdatedAt.Equal(twoHoursAgo) {
		t.Errorf("dates not kept as given: published %v, updated %v", items[1].PublishedAt, items[1].UpdatedAt)
	}
}

// TestSortDateFollowsTheDatesOfAnUpdate checks that an update recomputes
// the sort date: a later updated moves an undated-but-updated item, while
// a published date, once seen, stays the sort date.
func TestSortDateFollowsTheDatesOfAnUpdate(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	first, second := now.Add(-48*time.Hour), now.Add(-time.Hour)
	pub := now.Add(-72 * time.Hour)
	record(t, s, id, *now, docOf(
		document.Item{GUID: "u", Title: "u", Content: "v1", Updated: &first},
		document.Item{GUID: "p", Title: "p", Content: "v1", Published: &pub, Updated: &first},
	), 0)
	record(t, s, id, now.Add(time.Hour), docOf(
		document.Item{GUID: "u", Title: "u", Content: "v2", Updated: &second},
		document.Item{GUID: "p", Title: "p", Content: "v2", Updated: &second}, // published dropped by the feed
	), 0)
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	if !sameTitles(items, "u", "p") || !items[0].Date.Equal(second) || !items[1].Date.Equal(pub) {
		t.Fatalf("after update: %q dates %v, %v; want u at %v, p at %v",
			titlesOf(items), items[0].Date, items[1].Date, second, pub)
	}
}

// TestPurgeKeepsTheNewestBySortDate checks that purge treats an entry with
// only <updated> by that date, not by when it was first seen.
func TestPurgeKeepsTheNewestBySortDate(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	old, recent := now.Add(-30*24*time.Hour), now.Add(-time.Hour)
	record(t, s, id, *now, docOf(
		document.Item{GUID: "old", Title: "old, updated only", Updated: &old},
		document.Item{GUID: "new", Title: "recent", Published: &recent},
	), 1)
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	if !sameTitles(items, "recent") {
		t.Fatalf("kept %q, want [recent]", titlesOf(items))
	}
}

// TestMigrationComputesTheSortDateOfStoredItems opens a database whose
// items were stored before the sort-date migration (sort_at = first seen
// for an entry with only <updated>) and checks the migration fixes it.
func TestMigrationComputesTheSortDateOfStoredItems(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tidings.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s.SetClock(func() time.Time { return now })
	id := addFeed(t, s, "http://a.example/feed", "")
	may := time.Date(2025, 5, 1, 9, 0, 0, 0, time.UTC)
	record(t, s, id, now, docOf(document.Item{GUID: "a", Title: "A", Updated: &may}), 0)
	// Back to the schema before the migration, with the old rule's value,
	// then the migration applied again (later migrations stay as they are).
	var sortDate migration
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if strings.HasSuffix(m.name, "_sort_date.sql") {
			sortDate = m
		}
	}
	for _, stmt := range []string{
		`UPDATE items SET sort_at = first_seen_at`,
		`DROP INDEX IF EXISTS items_feed_list`, // gone since 0012, made again by 0004
		`ALTER TABLE items DROP COLUMN duration_seconds`,
		`ALTER TABLE items DROP COLUMN image`,
		`DELETE FROM schema_migrations WHERE name LIKE '%\_sort\_date.sql' ESCAPE '\'`,
	} {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := s.apply(ctx, sortDate); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	items, err := s.Items(ctx, ItemQuery{FeedID: id})
	if err != nil || len(items) != 1 || !items[0].Date.Equal(may) {
		t.Fatalf("after migration: %+v, %v; want the item dated %v", items, err, may)
	}
}
