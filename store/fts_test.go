package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// ftsIntact runs FTS4's integrity check: the index holds exactly the text
// of items.
func ftsIntact(t *testing.T, db *sql.DB) {
	t.Helper()
	if _, err := db.Exec(`INSERT INTO items_fts(items_fts) VALUES ('integrity-check')`); err != nil {
		t.Fatalf("full-text index out of step with items: %v", err)
	}
}

// searchHits is how many items a full-text search finds.
func searchHits(t *testing.T, s *Store, text string) int {
	t.Helper()
	found, err := s.Search(context.Background(), text, 10)
	if err != nil {
		t.Fatal(err)
	}
	return len(found)
}

func TestFullTextIndexKeepsOldStoresIndexOnUpgrade(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	// Every migration before this one, then items indexed the old way.
	writeOldDatabase(t, path, func(name string) bool { return strings.HasSuffix(name, "_fts_external.sql") },
		`INSERT INTO feeds (url, title, created_at) VALUES ('http://old.example/feed', 'Old', 0)`,
		`INSERT INTO feed_sync (feed_id) VALUES (1)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:1', 'kept aardvark', 'body one', 0, 0)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:2', 'edited', 'old zebra', 0, 0)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:3', 'dropped', 'gone walrus', 0, 0)`,
		`UPDATE items SET content = 'old zebra again' WHERE id = 2`,
	)

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open old database: %v", err)
	}
	defer s.Close()
	ftsIntact(t, s.writer)
	if n := searchHits(t, s, "aardvark"); n != 1 {
		t.Fatalf("search for an old item found %d, want 1", n)
	}
	// The upgraded index follows later edits and deletes.
	for _, q := range []string{`UPDATE items SET content = 'new yak' WHERE id = 2`, `DELETE FROM items WHERE id = 3`} {
		if _, err := s.writer.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	ftsIntact(t, s.writer)
	for word, want := range map[string]int{"zebra": 0, "yak": 1, "walrus": 0, "aardvark": 1} {
		if n := searchHits(t, s, word); n != want {
			t.Errorf("search %q found %d, want %d", word, n, want)
		}
	}
}

// ftsSegments counts the full-text index's segments: every write to the
// index adds one (until FTS4 merges 16 of them).
func ftsSegments(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM items_fts_segdir`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFullTextIndexWrittenOnlyWhenTextChanges(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	item := document.Item{GUID: "a", Title: "Quokka", Content: "<p>first body</p>", Updated: tp(*now)}
	record(t, s, id, *now, docOf(item), 0)
	before := ftsSegments(t, s)

	item.Updated, item.Summary = tp(now.Add(time.Hour)), "a new summary" // text unchanged
	if res := record(t, s, id, now.Add(time.Hour), docOf(item), 0); res.Updated != 1 {
		t.Fatalf("updated %d items, want 1", res.Updated)
	}
	if got := ftsSegments(t, s); got != before {
		t.Errorf("index segments %d after an update that kept the text, want %d", got, before)
	}

	item.Content = "<p>second body</p>"
	record(t, s, id, now.Add(2*time.Hour), docOf(item), 0)
	if got := ftsSegments(t, s); got == before {
		t.Error("index untouched by a change of content")
	}
	ftsIntact(t, s.writer)
	if searchHits(t, s, "first") != 0 || searchHits(t, s, "second") != 1 {
		t.Error("search does not follow the item's new content")
	}
}
