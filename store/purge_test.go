package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

func datedItems(n int, base time.Time) []document.Item {
	items := make([]document.Item, n)
	for i := range items {
		pub := base.Add(-time.Duration(i) * time.Hour) // item 0 newest
		items[i] = document.Item{GUID: fmt.Sprint("item-", i), Title: fmt.Sprint("Item ", i), Published: &pub}
	}
	return items
}

func TestPurgeKeepsNewestMaxItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	res := record(t, s, id, *now, docOf(datedItems(250, *now)...), 200)
	if res.ItemCount != 200 || res.Removed != 50 {
		t.Fatalf("after 250 items with max 200: %+v", res)
	}
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	if items[0].Title != "Item 0" || items[199].Title != "Item 199" {
		t.Fatalf("kept %q … %q, want Item 0 … Item 199", items[0].Title, items[199].Title)
	}
}

func TestPurgeNeverRemovesFlaggedItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(datedItems(10, *now)...), 0)
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	oldest := items[len(items)-1]
	s.SetFlagged(ctx, []int64{oldest.ID}, true)
	// A 304 (no document) still purges, with the changed limit.
	res, err := s.RecordDownload(ctx, id, Download{At: *now, NextSyncAt: *now, NotModified: true, MaxItems: 3})
	if err != nil {
		t.Fatal(err)
	}
	got := titles(t, s, id)
	want := []string{"Item 0", "Item 1", "Item 2", "Item 9"}
	if fmt.Sprint(got) != fmt.Sprint(want) || res.Removed != 6 {
		t.Fatalf("after purge to 3: %v (removed %d), want %v", got, res.Removed, want)
	}
}

func TestPurgeUndatedItemsByFirstSeen(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(document.Item{GUID: "old"}), 0)
	record(t, s, id, now.Add(time.Hour), docOf(document.Item{GUID: "new1", Title: "new1"}, document.Item{GUID: "new2", Title: "new2"}), 2)
	if got := titles(t, s, id); fmt.Sprint(got) != "[new1 new2]" {
		t.Fatalf("kept %v, want the two seen last, in document order", got)
	}
}

func TestPurgeListFeedByDocumentOrder(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/list", "")
	items := datedItems(5, *now)
	// Document order disagrees with dates: the oldest comes first.
	items[0], items[4] = items[4], items[0]
	record(t, s, id, *now, &document.Document{IsList: true, Items: items}, 3)
	if got := titles(t, s, id); fmt.Sprint(got) != "[Item 4 Item 1 Item 2]" {
		t.Fatalf("list feed kept %v, want the first 3 of the document", got)
	}
}

func TestPurgeReturnsEnclosureFiles(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	items := datedItems(3, *now)
	items[2].Enclosures = []document.Enclosure{{URL: "http://a.example/old.mp3", Type: "audio/mpeg", Length: 10}}
	record(t, s, id, *now, docOf(items...), 0)
	if _, err := s.db.ExecContext(ctx, `UPDATE enclosures SET path = '/enc/1/old.mp3', status = 'downloaded'`); err != nil {
		t.Fatal(err)
	}
	res, err := s.RecordDownload(ctx, id, Download{At: *now, NextSyncAt: *now, NotModified: true, MaxItems: 2})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.RemovedFiles) != "[/enc/1/old.mp3]" {
		t.Fatalf("removed files %v", res.RemovedFiles)
	}
}

// Purge and feed removal hand back exactly the files the store records for
// the items that go (the file and the partial file), never a name derived
// from them: with a.mp3 (partial a.mp3.part) gone, another item's finished
// a.mp3.part and a.mp3.part.meta stay.
func TestPurgeReturnsExactlyTheRecordedFiles(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	items := datedItems(3, *now)
	items[0].Enclosures = []document.Enclosure{{URL: "http://a.example/a.mp3.part"}}
	items[1].Enclosures = []document.Enclosure{{URL: "http://a.example/a.mp3.part.meta"}}
	items[2].Enclosures = []document.Enclosure{{URL: "http://a.example/a.mp3"}}
	record(t, s, id, *now, docOf(items...), 0)
	for _, q := range []string{
		`UPDATE enclosures SET status = 'downloaded', path = '/enc/1/a.mp3.part' WHERE url LIKE '%a.mp3.part'`,
		`UPDATE enclosures SET status = 'downloaded', path = '/enc/1/a.mp3.part.meta' WHERE url LIKE '%.meta'`,
		`UPDATE enclosures SET status = 'failed', path = '/enc/1/a.mp3', part_path = '/enc/1/a (2).mp3.part' WHERE url LIKE '%a.mp3'`,
	} {
		if _, err := s.db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	res, err := s.RecordDownload(ctx, id, Download{At: *now, NextSyncAt: *now, NotModified: true, MaxItems: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(res.RemovedFiles); got != "[/enc/1/a.mp3 /enc/1/a (2).mp3.part]" {
		t.Fatalf("removed files %s, want exactly the purged item's file and partial file", got)
	}
	files, err := s.RemoveFeed(ctx, id)
	slices.Sort(files)
	if err != nil || fmt.Sprint(files) != "[/enc/1/a.mp3.part /enc/1/a.mp3.part.meta]" {
		t.Fatalf("removing the feed lists %v (%v)", files, err)
	}
}
