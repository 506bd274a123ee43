package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The benchmarks run on one generated database of benchFeeds feeds and
// benchFeeds*benchItemsPerFeed items, in 20 folders of 5 sub-folders each,
// built once per test binary run.
const (
	benchFeeds        = 2000
	benchItemsPerFeed = 250
)

var (
	benchOnce  sync.Once
	benchDir   string
	benchPath  string
	benchError error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

func benchStore(b *testing.B) *Store {
	b.Helper()
	benchOnce.Do(func() {
		// TIDINGS_BENCH_DB keeps the generated database between runs.
		if benchPath = os.Getenv("TIDINGS_BENCH_DB"); benchPath != "" {
			if _, err := os.Stat(benchPath); err == nil {
				return
			}
			benchError = generateBig(benchPath)
			return
		}
		benchDir, benchError = os.MkdirTemp("", "tidings-bench-")
		if benchError == nil {
			benchPath = filepath.Join(benchDir, "big.db")
			benchError = generateBig(benchPath)
		}
	})
	if benchError != nil {
		b.Fatal(benchError)
	}
	s, err := Open(context.Background(), benchPath)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// generateBig writes the benchmark database with plain SQL in one
// transaction: the same schema, triggers and indexes a real store has,
// and each item indexed for search as insertItem does.
func generateBig(path string) error {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	return s.write(ctx, func(tx *sql.Tx) error {
		folders := make([]int64, 0, 100)
		for i := range 20 {
			for j := range 5 {
				id, err := ensureFolder(ctx, tx, fmt.Sprintf("Folder %02d/Sub %d", i, j))
				if err != nil {
					return err
				}
				folders = append(folders, id)
			}
		}
		var fts ftsBatch // the items' index entries, added together at the end
		ins, err := tx.PrepareContext(ctx, `INSERT INTO items (feed_id, item_key, guid, title, link,
			content, first_seen_at, sort_at, published_at, read) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		for f := range benchFeeds {
			feedID, err := (&Store{now: time.Now}).insertFeed(ctx, tx, NewFeed{
				URL: weburl.MustParse(fmt.Sprintf("http://feeds%d.example/%d.xml", f%50, f)), Title: fmt.Sprintf("Feed %d", f)})
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE feeds SET folder_id = ? WHERE id = ?`, folders[f%len(folders)], feedID); err != nil {
				return err
			}
			for i := range benchItemsPerFeed {
				at := base + rng.Int64N(300*24*3600)
				guid := fmt.Sprintf("urn:%d:%d", f, i)
				it := document.Item{Title: fmt.Sprintf("Item %d of feed %d about topic%d", i, f, rng.IntN(5000)),
					Content: "<p>Some words of content number " + fmt.Sprint(rng.IntN(100000)) + " for the index.</p>"}
				r, err := ins.ExecContext(ctx, feedID, "g:"+guid, guid, it.Title,
					"http://example.com/"+guid, it.Content, at, at, at, rng.IntN(10) < 8)
				if err != nil {
					return err
				}
				id, err := r.LastInsertId()
				if err != nil {
					return err
				}
				fts.add(id, it)
			}
		}
		return fts.flush(ctx, tx)
	})
}

func BenchmarkFolderCounts(b *testing.B) {
	s := benchStore(b)
	ctx := context.Background()
	for b.Loop() {
		if c, err := s.FolderCounts(ctx); err != nil || len(c) != 120 {
			b.Fatal(len(c), err)
		}
	}
}

func BenchmarkFeedsWithUnreadCounts(b *testing.B) {
	s := benchStore(b)
	ctx := context.Background()
	for b.Loop() {
		if f, err := s.Feeds(ctx); err != nil || len(f) != benchFeeds {
			b.Fatal(len(f), err)
		}
	}
}

func BenchmarkNewestItemsOfFeed(b *testing.B) {
	benchItems(b, ItemQuery{FeedID: 1234, Limit: 50})
}

func BenchmarkNewestItemsOfFolder(b *testing.B) {
	benchItems(b, ItemQuery{FolderPath: "Folder 07", Limit: 50})
}

func BenchmarkNewestItemsOfSubFolder(b *testing.B) {
	benchItems(b, ItemQuery{FolderPath: "Folder 07/Sub 3", Limit: 50})
}

func BenchmarkNewestUnreadOfAll(b *testing.B) {
	benchItems(b, ItemQuery{Unread: true, Limit: 50})
}

func BenchmarkNewestItemsPage100(b *testing.B) {
	benchItems(b, ItemQuery{Limit: 50, Offset: 5000})
}

func benchItems(b *testing.B, q ItemQuery) {
	s := benchStore(b)
	ctx := context.Background()
	for b.Loop() {
		if items, err := s.Items(ctx, q); err != nil || len(items) != q.Limit {
			b.Fatal(len(items), err)
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	s := benchStore(b)
	ctx := context.Background()
	for b.Loop() {
		if items, err := s.Search(ctx, "topic4242", 100); err != nil || len(items) == 0 {
			b.Fatal(len(items), err)
		}
	}
}
