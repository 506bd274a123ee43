package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// searchStoreKind is the script a measurement store's items are written in.
type searchStoreKind string

const (
	latinStore    searchStoreKind = "latin"    // the benchmark store's text (generateBig)
	japaneseStore searchStoreKind = "japanese" // every item in Japanese (cjkSentence)
	mixedStore    searchStoreKind = "mixed"    // one feed in ten Japanese, the others Latin
)

// generateSearchStore writes a store of n items over 2,000 feeds at path,
// with the text of kind, each item indexed for search as insertItem does.
// Beside items_fts it builds old_fts, a contentless FTS4 table fed the
// text as migration 0016's predecessor indexed it (each run of an
// unsegmented script one token), to compare the sizes of the two indexes.
func generateSearchStore(ctx context.Context, path string, n int, kind searchStoreKind) error {
	s, err := Open(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	const feeds = 2000
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE VIRTUAL TABLE old_fts USING fts4(title, content, content="", matchinfo=fts3, tokenize=unicode61)`); err != nil {
			return err
		}
		ins, err := tx.PrepareContext(ctx, `INSERT INTO items (feed_id, item_key, guid, title, link,
			content, first_seen_at, sort_at, published_at, read) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		old, err := tx.PrepareContext(ctx, `INSERT INTO old_fts (docid, title, content) VALUES (?, ?, ?)`)
		if err != nil {
			return err
		}
		defer old.Close()
		var fts ftsBatch
		for f := range feeds {
			feedID, err := (&Store{now: time.Now}).insertFeed(ctx, tx, NewFeed{
				URL: weburl.MustParse(fmt.Sprintf("http://feeds%d.example/%d.xml", f%50, f)), Title: fmt.Sprintf("Feed %d", f)})
			if err != nil {
				return err
			}
			japanese := kind == japaneseStore || kind == mixedStore && f%10 == 0
			for i := range n / feeds {
				at := base + rng.Int64N(300*24*3600)
				guid := fmt.Sprintf("urn:%d:%d", f, i)
				var it document.Item
				var text string
				if japanese {
					text = cjkSentence(rng, 12+rng.IntN(12))
					it = document.Item{Title: cjkSentence(rng, 3) + " 第" + strconv.Itoa(rng.IntN(5000)) + "号", Content: "<p>" + text + "</p>"}
				} else {
					text = "Some words of content number " + fmt.Sprint(rng.IntN(100000)) + " for the index."
					it = document.Item{Title: fmt.Sprintf("Item %d of feed %d about topic%d", i, f, rng.IntN(5000)), Content: "<p>" + text + "</p>"}
				}
				r, err := ins.ExecContext(ctx, feedID, "g:"+guid, guid, it.Title, "http://example.com/"+guid, it.Content, at, at, at, rng.IntN(10) < 8)
				if err != nil {
					return err
				}
				id, _ := r.LastInsertId()
				fts.add(id, it)
				if _, err := old.ExecContext(ctx, id, it.Title, " "+text+" "); err != nil {
					return err
				}
				if len(fts.held) >= 10000 {
					if err := fts.flush(ctx, tx); err != nil {
						return err
					}
				}
			}
		}
		if err := fts.flush(ctx, tx); err != nil {
			return err
		}
		for _, table := range []string{"items_fts", "old_fts"} {
			if _, err := tx.ExecContext(ctx, `INSERT INTO `+table+`(`+table+`) VALUES ('optimize')`); err != nil {
				return err
			}
		}
		return nil
	})
}

// ftsSize is the size in bytes of an FTS4 table's index: its segments'
// blocks and its segment directory's roots.
func ftsSize(ctx context.Context, s *Store, table string) (int64, error) {
	var segs, roots int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(block)), 0) FROM `+table+`_segments`).Scan(&segs); err != nil {
		return 0, err
	}
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(sum(length(root)), 0) FROM `+table+`_segdir`).Scan(&roots); err != nil {
		return 0, err
	}
	return segs + roots, nil
}
