package store

import (
	"context"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/query"
)

// recordQueued records a download of a feed with full text.
func recordQueued(t *testing.T, s *Store, feedID int64, at time.Time, doc *document.Document, maxItems int) DownloadResult {
	t.Helper()
	res, err := s.RecordDownload(context.Background(), feedID, Download{
		At: at, NextSyncAt: at.Add(time.Hour), Document: doc, MaxItems: maxItems, QueueArticles: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func articleRows(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM articles`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A download of a feed with full text queues each new item with a link
// once; the same items downloaded again are not queued again, nor is an
// item without a link; a queued article is taken by one process only.
func TestArticlesAreQueuedOncePerNewItem(t *testing.T) {
	ctx := context.Background()
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://example.com/feed", "")
	doc := docOf(document.Item{GUID: "1", Title: "one", Link: "http://example.com/1", Content: "summary one"},
		document.Item{GUID: "2", Title: "two", Link: "http://example.com/2", Content: "summary two"},
		document.Item{GUID: "3", Title: "no link", Content: "summary three"})
	recordQueued(t, s, id, *now, doc, 0)
	jobs, err := s.QueuedArticles(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || jobs[0].Link == "" || jobs[1].Link == "" {
		t.Fatalf("queued %+v, want the two items with links", jobs)
	}
	recordQueued(t, s, id, now.Add(time.Hour), doc, 0)
	if n := articleRows(t, s); n != 2 {
		t.Fatalf("%d article rows after the same items came again, want 2", n)
	}
	took, err := s.TakeArticle(ctx, jobs[0].ItemID)
	if err != nil || !took {
		t.Fatalf("TakeArticle = %v, %v", took, err)
	}
	if again, _ := s.TakeArticle(ctx, jobs[0].ItemID); again {
		t.Fatal("an article was taken twice")
	}
	left, _ := s.QueuedArticles(ctx, 10)
	if len(left) != 1 || left[0].ItemID != jobs[1].ItemID {
		t.Fatalf("left in the queue: %+v", left)
	}
	// Without the setting nothing is queued.
	other := addFeed(t, s, "http://example.com/other", "")
	record(t, s, other, *now, docOf(document.Item{GUID: "x", Link: "http://example.com/x"}), 0)
	if n := articleRows(t, s); n != 2 {
		t.Fatalf("a feed without full text queued articles: %d rows", n)
	}
}

// A saved article is listed with its item, its words are found by search
// and by the query language's content, the index stays in step with the
// items through saving, replacing, editing and purging, and the purge
// takes the article with its item.
func TestSavedArticleIsSearchableAndGoesWithItsItem(t *testing.T) {
	ctx := context.Background()
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://example.com/feed", "")
	res := recordQueued(t, s, id, *now, docOf(document.Item{GUID: "1", Title: "one", Link: "http://example.com/1", Content: "a teaser"}), 0)
	item := res.NewItems[0]
	if searchHits(t, s, "aardvark") != 0 {
		t.Fatal("found before the article was saved")
	}
	at := now.Add(time.Minute)
	if err := s.SaveArticle(ctx, item, Article{Status: ArticleFetched, HTML: "<p>The <b>aardvark</b> digs.</p>",
		Byline: "A. Writer", Words: 3, URL: "http://example.com/1", FetchedAt: &at}); err != nil {
		t.Fatal(err)
	}
	ftsIntact(t, s.db)
	if searchHits(t, s, "aardvark") != 1 || searchHits(t, s, "teaser") != 1 || searchHits(t, s, "one") != 1 {
		t.Fatal("the item's words and its article's are not all found")
	}
	for _, expr := range []query.Expr{
		&query.TextTest{Field: query.FieldContent, Op: query.OpMatch, Value: "aardvark"},
	} {
		items, err := s.Items(ctx, ItemQuery{Filter: expr})
		if err != nil || len(items) != 1 {
			t.Fatalf("content ~ aardvark: %d items, %v", len(items), err)
		}
	}
	got, err := s.Item(ctx, item)
	if err != nil {
		t.Fatal(err)
	}
	if a := got.Article; a.Status != ArticleFetched || a.Words != 3 || a.Byline != "A. Writer" || a.FetchedAt == nil {
		t.Fatalf("article = %+v", a)
	}
	// A later failure replaces the article and its words leave the index.
	if err := s.SaveArticle(ctx, item, Article{Status: ArticleFailed, HTML: "<p>ignored</p>", Error: "404 Not Found"}); err != nil {
		t.Fatal(err)
	}
	ftsIntact(t, s.db)
	if searchHits(t, s, "aardvark") != 0 || searchHits(t, s, "ignored") != 0 {
		t.Fatal("a failed article's words are searchable")
	}
	if err := s.SaveArticle(ctx, item, Article{Status: ArticleFetched, HTML: "<p>zebra crossing</p>", Words: 2}); err != nil {
		t.Fatal(err)
	}
	// The item's content changes: the index forgets the old text through
	// the view, article included.
	recordQueued(t, s, id, now.Add(time.Hour), docOf(document.Item{GUID: "1", Title: "one", Link: "http://example.com/1", Content: "a new teaser"}), 0)
	ftsIntact(t, s.db)
	if searchHits(t, s, "zebra") != 1 || searchHits(t, s, "new") != 1 {
		t.Fatal("the article or the new content is not found after an update")
	}
	// Purged: item, article and words all go.
	recordQueued(t, s, id, now.Add(2*time.Hour), docOf(document.Item{GUID: "2", Title: "two", Link: "http://example.com/2", Published: ptrTime(now.Add(2 * time.Hour))}), 1)
	ftsIntact(t, s.db)
	var left int
	s.db.QueryRow(`SELECT count(*) FROM articles WHERE item_id = ?`, item).Scan(&left)
	if left != 0 || searchHits(t, s, "zebra") != 0 {
		t.Fatalf("the purge left the article (%d rows) or its words", left)
	}
	if err := s.SaveArticle(ctx, item, Article{Status: ArticleFetched, HTML: "<p>late</p>"}); err == nil {
		t.Fatal("an article was saved for a purged item")
	}
}

func ptrTime(t time.Time) *time.Time { return &t }
