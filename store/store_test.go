package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// newTestStore opens a fresh database in a temporary folder with a clock
// that the test controls.
func newTestStore(t testing.TB) (*Store, *time.Time) {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "tidings.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s.SetClock(func() time.Time { return now })
	return s, &now
}

func addFeed(t testing.TB, s *Store, url, folder string) int64 {
	t.Helper()
	id, err := s.AddFeed(context.Background(), NewFeed{URL: weburl.MustParse(url), FolderPath: folder})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func record(t testing.TB, s *Store, feedID int64, at time.Time, doc *document.Document, maxItems int) DownloadResult {
	t.Helper()
	res, err := s.RecordDownload(context.Background(), feedID, Download{
		At: at, NextSyncAt: at.Add(24 * time.Hour), Document: doc, MaxItems: maxItems,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestOpenAppliesMigrationsAndSetsPragmas(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	var v int
	if err := s.db.QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	if v != SchemaVersion() || v < 2 {
		t.Fatalf("schema version %d, want %d", v, SchemaVersion())
	}
	var mode string
	var fk int
	s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
	s.db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
	if mode != "wal" || fk != 1 {
		t.Fatalf("journal_mode=%s foreign_keys=%d, want wal and 1", mode, fk)
	}
}

// The connections are sized for a terminal program: write transactions
// go through one connection with a small page cache, reads through a few
// with a larger one, so SQLite's memory is bounded whatever the size of
// the database.
func TestConnectionsAreSizedForATerminalProgram(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	tests := []struct {
		name     string
		db       *sql.DB
		maxOpen  int
		cacheKiB int
	}{
		{"writer", s.writer, 1, writerCacheKiB},
		{"readers", s.db, maxReaders, readerCacheKiB},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cache int
			var mode string
			if err := tt.db.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&cache); err != nil {
				t.Fatal(err)
			}
			tt.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
			if cache != -tt.cacheKiB || mode != "wal" {
				t.Errorf("cache_size %d, journal_mode %s; want %d and wal", cache, mode, -tt.cacheKiB)
			}
			if got := tt.db.Stats().MaxOpenConnections; got != tt.maxOpen {
				t.Errorf("at most %d connections, want %d", got, tt.maxOpen)
			}
		})
	}
	// Every write goes through the writer: a write transaction holds the
	// writer's one connection, and readers still read meanwhile.
	err := s.write(ctx, func(tx *sql.Tx) error {
		if n := s.writer.Stats().InUse; n != 1 {
			t.Errorf("writer connections in use %d, want 1", n)
		}
		var v int
		return s.db.QueryRowContext(ctx, `SELECT count(*) FROM feeds`).Scan(&v)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenUpgradesOlderDatabaseInPlace(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	// A version-1 database: only the first migration.
	writeOldDatabase(t, path, func(name string) bool { return !strings.HasPrefix(name, "0001_") },
		`INSERT INTO feeds (url, title, created_at) VALUES ('http://old.example/feed', 'Old', 0)`,
		`INSERT INTO feed_sync (feed_id) VALUES (1)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:1', 'kept item', 'body', 0, 0)`,
	)

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open old database: %v", err)
	}
	defer s.Close()
	items, err := s.Items(ctx, ItemQuery{})
	if err != nil || len(items) != 1 || items[0].Title != "kept item" {
		t.Fatalf("items after upgrade = %v, %v; want the old item", items, err)
	}
	found, err := s.Search(ctx, "kept", 10)
	if err != nil || len(found) != 1 {
		t.Fatalf("search after upgrade found %d (%v), want the old item indexed", len(found), err)
	}
}

func TestOpenRefusesNewerDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "new.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`INSERT INTO schema_migrations VALUES (?, 'future', 0)`, SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(ctx, path)
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("Open = %v, want ErrSchemaTooNew", err)
	}
	if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "upgrade tidings") {
		t.Fatalf("error %q should be one line telling what to do", err)
	}
}

func TestAddFeedRefusesDuplicate(t *testing.T) {
	s, _ := newTestStore(t)
	addFeed(t, s, "http://a.example/feed", "News/Tech")
	_, err := s.AddFeed(context.Background(), NewFeed{URL: weburl.MustParse("http://a.example/feed")})
	if !errors.Is(err, ErrDuplicate) {
		t.Fatalf("second AddFeed = %v, want ErrDuplicate", err)
	}
	feeds, _ := s.Feeds(context.Background())
	if len(feeds) != 1 || feeds[0].FolderPath != "News/Tech" || feeds[0].Sync != SyncDefault {
		t.Fatalf("feeds = %+v", feeds)
	}
}

func TestResolveFeedByIDAndURL(t *testing.T) {
	s, _ := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	ctx := context.Background()
	for _, ref := range []string{fmt.Sprint(id), "http://a.example/feed", " http://a.example/feed "} {
		f, err := s.ResolveFeed(ctx, ref)
		if err != nil || f.ID != id {
			t.Errorf("ResolveFeed(%q) = %d, %v", ref, f.ID, err)
		}
	}
	for _, ref := range []string{"99", "http://nope.example/"} {
		if _, err := s.ResolveFeed(ctx, ref); !errors.Is(err, ErrNotFound) {
			t.Errorf("ResolveFeed(%q) = %v, want ErrNotFound", ref, err)
		}
	}
}

// writeOldDatabase makes at path the database an older tidings left: the
// migrations before the first whose name stop accepts, then rows.
func writeOldDatabase(t *testing.T, path string, stop func(name string) bool, rows ...string) {
	t.Helper()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(dsn(path, readerCacheKiB, readerStmts), &exprCache{}) // later migrations call tidings' functions
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if stop(m.name) {
			break
		}
		if _, err := db.Exec(m.sql); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		if _, err := db.Exec(`INSERT INTO schema_migrations VALUES (?, ?, 0)`, m.version, m.name); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range rows {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}
