package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The states of an item's article (column articles.status; ArticleNone
// when the item has no row).
const (
	ArticleNone     = "none"     // never queued nor fetched
	ArticleQueued   = "queued"   // waiting for the next round's article pass
	ArticleFetching = "fetching" // taken by a process; never fetched again by itself
	ArticleFetched  = "fetched"  // HTML holds the article
	ArticleFailed   = "failed"   // Error says why
	ArticleKept     = "kept"     // the page had no more text than the feed: the feed's is kept
)

// Article is an item's article: the sanitized HTML extracted from its page.
type Article struct {
	Status string
	// HTML is sanitized as feed content is; "" unless Status is fetched.
	HTML string
	// Byline is the page's author, plain text.
	Byline string
	// Words counts the words of HTML.
	Words int
	// Error says why a fetch failed, or why the feed's text was kept.
	Error string
	// URL is where the page came from, after redirects.
	URL       string
	FetchedAt *time.Time
}

// ArticleJob is an item whose page is to be fetched, with the text the
// feed gave (an article with fewer words is not kept).
type ArticleJob struct {
	ItemID, FeedID   int64
	Link             string
	Content, Summary string
}

// queueArticles queues the pages of new items of a feed with full text,
// inside the download's transaction; an item already queued or fetched
// is left as it is (at most one fetch per item).
func queueArticles(ctx context.Context, tx *sql.Tx, ids []int64, at time.Time) error {
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `INSERT INTO articles (item_id, status, queued_at)
			SELECT id, 'queued', ? FROM items WHERE id = ? AND link <> ''
			ON CONFLICT (item_id) DO NOTHING`, at.Unix(), id); err != nil {
			return fmt.Errorf("queue article of item %d: %w", id, err)
		}
	}
	return nil
}

const articleJobColumns = `i.id, i.feed_id, i.link, i.content, i.summary`

// QueuedArticles returns at most limit queued articles, the oldest first.
func (s *Store) QueuedArticles(ctx context.Context, limit int) ([]ArticleJob, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+articleJobColumns+` FROM articles a
		JOIN items i ON i.id = a.item_id WHERE a.status = 'queued' ORDER BY a.queued_at, a.item_id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("queued articles: %w", err)
	}
	defer rows.Close()
	var out []ArticleJob
	for rows.Next() {
		var j ArticleJob
		if err := rows.Scan(&j.ItemID, &j.FeedID, &j.Link, &j.Content, &j.Summary); err != nil {
			return nil, fmt.Errorf("queued articles: %w", err)
		}
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("queued articles: %w", err)
	}
	return out, nil
}

// ArticleJobOf returns an item as an article job, whatever its feed's
// setting and its article's state; ErrNotFound for an unknown item.
func (s *Store) ArticleJobOf(ctx context.Context, itemID int64) (ArticleJob, error) {
	var j ArticleJob
	err := s.db.QueryRowContext(ctx, `SELECT `+articleJobColumns+` FROM items i WHERE i.id = ?`, itemID).
		Scan(&j.ItemID, &j.FeedID, &j.Link, &j.Content, &j.Summary)
	if errors.Is(err, sql.ErrNoRows) {
		return j, fmt.Errorf("item %d: %w", itemID, ErrNotFound)
	}
	if err != nil {
		return j, fmt.Errorf("item %d: %w", itemID, err)
	}
	return j, nil
}

// TakeArticle marks a queued article as being fetched by this process and
// reports whether it did: false when another process took it first or it
// is no longer queued. A taken article is never queued again by itself,
// so a page is fetched at most once, even when a process dies with it.
func (s *Store) TakeArticle(ctx context.Context, itemID int64) (bool, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE articles SET status = 'fetching' WHERE item_id = ? AND status = 'queued'`, itemID)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return false, fmt.Errorf("take article of item %d: %w", itemID, err)
	}
	return n > 0, nil
}

// RequeueArticle puts back in the queue an article this process took and
// did not fetch (the run was stopped before its request was answered).
func (s *Store) RequeueArticle(ctx context.Context, itemID int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE articles SET status = 'queued' WHERE item_id = ? AND status = 'fetching'`, itemID)
		return err
	})
	if err != nil {
		return fmt.Errorf("requeue article of item %d: %w", itemID, err)
	}
	return nil
}

// SaveArticle stores the outcome of fetching an item's page, in one
// transaction with the full-text index: the item's words are forgotten
// as they were indexed (through the view items_fts_text, old article
// included), the article is written, and the item's words are indexed
// again with the new article's. ErrNotFound when the item is gone
// (purged while its page was fetched).
func (s *Store) SaveArticle(ctx context.Context, itemID int64, a Article) error {
	if a.Status != ArticleFetched {
		a.HTML, a.Words = "", 0
	}
	var fetched any
	if a.FetchedAt != nil {
		fetched = a.FetchedAt.Unix()
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		var old sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT a.html FROM items i LEFT JOIN articles a ON a.item_id = i.id
			WHERE i.id = ?`, itemID).Scan(&old)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		reindex := old.String != "" || a.HTML != ""
		if reindex {
			if _, err := tx.ExecContext(ctx, `DELETE FROM items_fts WHERE docid = ?`, itemID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO articles (item_id, status, html, byline, words, error, url, fetched_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (item_id) DO UPDATE SET status = excluded.status, html = excluded.html,
				byline = excluded.byline, words = excluded.words, error = excluded.error, url = excluded.url,
				fetched_at = excluded.fetched_at`,
			itemID, a.Status, a.HTML, a.Byline, a.Words, a.Error, a.URL, fetched); err != nil {
			return err
		}
		if reindex {
			_, err = tx.ExecContext(ctx, `INSERT INTO items_fts (docid, body)
				SELECT rowid, body FROM items_fts_text WHERE rowid = ?`, itemID)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("save article of item %d: %w", itemID, err)
	}
	return nil
}

// attachArticles fills in the articles of items (ArticleNone for those
// without one).
func (s *Store) attachArticles(ctx context.Context, items []Item) error {
	const batch = 500
	for start := 0; start < len(items); start += batch {
		if err := s.attachArticleBatch(ctx, items[start:min(start+batch, len(items))]); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) attachArticleBatch(ctx context.Context, items []Item) error {
	byID := make(map[int64]*Item, len(items))
	args := make([]any, len(items))
	for i := range items {
		items[i].Article = Article{Status: ArticleNone}
		byID[items[i].ID] = &items[i]
		args[i] = items[i].ID
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(items)), ",")
	rows, err := s.db.QueryContext(ctx, `SELECT item_id, status, html, byline, words, error, url, fetched_at
		FROM articles WHERE item_id IN (`+marks+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var a Article
		var at sql.NullInt64
		if err := rows.Scan(&id, &a.Status, &a.HTML, &a.Byline, &a.Words, &a.Error, &a.URL, &at); err != nil {
			return err
		}
		a.FetchedAt = timePtr(at)
		byID[id].Article = a
	}
	return rows.Err()
}
