package cache

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	// Registers the "sqlite3" driver.
	_ "github.com/mattn/go-sqlite3"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// Cache is a newsboat cache.db, opened read-only (see openSnapshot):
// nothing here writes to it, and SQLite refuses writes on the connection
// too. Everything read from it is read before its deadline.
type Cache struct {
	db       *sql.DB
	path     string
	deadline time.Time
}

// Feed is a feed newsboat downloaded.
type Feed struct {
	// URL is the feed's address (newsboat's rssurl).
	URL string
	// SiteURL is the link of the feed's web site.
	SiteURL string
	// Title is the feed's own title.
	Title string
}

// Item is one article newsboat kept, with its state.
type Item struct {
	// GUID is newsboat's identity for the article: the feed's guid, or one
	// newsboat made up (see DocItem).
	GUID string
	// Title, Author and Link are as the feed gave them: not sanitized.
	Title, Author, Link string
	// Published is the article's date; newsboat gives an undated article
	// the time it first saw it.
	Published time.Time
	// Content is the article's HTML as newsboat stored it: not sanitized.
	Content string
	// EnclosureURL and EnclosureType describe the article's enclosure
	// (newsboat keeps one), "" when it has none.
	EnclosureURL, EnclosureType string
	// Unread is newsboat's read state.
	Unread bool
	// Flags are the letters newsboat lets a user put on an article; any
	// flag makes the article flagged in tidings.
	Flags string
}

// The queries a Cache runs. They read tables (checkTables) without ORDER
// BY, join or subquery, so SQLite needs no temporary storage for them
// (TestCacheQueriesNeedNoTemporaryStorage): a table is read in rowid
// order, and the items are sorted in Go.
const (
	feedsQuery = `SELECT rssurl, url, title FROM main.rss_feed ORDER BY rowid`
	itemsQuery = `SELECT id, guid, title, author, url, pubDate, content, unread,
		coalesce(enclosure_url, ''), coalesce(enclosure_type, ''), coalesce(flags, '')
		FROM main.rss_item WHERE feedurl = ? AND deleted = 0`
)

// Open opens a newsboat cache.db read-only and checks that it has
// the tables and columns newsboat 2.x writes, as plain tables (see
// checkTables). What the Cache reads afterwards must be read within
// cacheTimeout of this call.
func Open(ctx context.Context, path string) (*Cache, error) {
	db, err := openSnapshot(path)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: %w", path, err)
	}
	c := &Cache{db: db, path: path, deadline: time.Now().Add(cacheTimeout)}
	if err := c.check(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return c, nil
}

// bounded returns ctx bounded by the cache's deadline: go-sqlite3
// interrupts a statement whose context ends.
func (c *Cache) bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithDeadline(ctx, c.deadline)
}

// check fails unless the database has newsboat's tables and columns.
func (c *Cache) check(ctx context.Context) error {
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	if err := checkTables(ctx, c.db); err != nil {
		return fmt.Errorf("%s is not a newsboat 2.x cache.db: %w", c.path, err)
	}
	for _, q := range []struct {
		query string
		args  []any
	}{{feedsQuery + ` LIMIT 0`, nil}, {itemsQuery + ` LIMIT 0`, []any{""}}} {
		rows, err := c.db.QueryContext(ctx, q.query, q.args...)
		if err != nil {
			return fmt.Errorf("%s is not a newsboat 2.x cache.db: %w", c.path, err)
		}
		rows.Close()
	}
	return nil
}

// Close closes the database.
func (c *Cache) Close() error {
	return c.db.Close()
}

// Feeds returns the feeds in the cache, in the order newsboat added them.
func (c *Cache) Feeds(ctx context.Context) ([]Feed, error) {
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	rows, err := c.db.QueryContext(ctx, feedsQuery)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: feeds: %w", c.path, err)
	}
	defer rows.Close()
	var out []Feed
	for rows.Next() {
		var f Feed
		if err := rows.Scan(&f.URL, &f.SiteURL, &f.Title); err != nil {
			return nil, fmt.Errorf("newsboat cache %s: feeds: %w", c.path, err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// Items returns a feed's articles, newest first, without those deleted in
// newsboat.
func (c *Cache) Items(ctx context.Context, feedURL string) ([]Item, error) {
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	rows, err := c.db.QueryContext(ctx, itemsQuery, feedURL)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: items of %s: %w", c.path, feedURL, err)
	}
	defer rows.Close()
	var out []Item
	var keys []itemKey
	for rows.Next() {
		var it Item
		var k itemKey
		if err := rows.Scan(&k.id, &it.GUID, &it.Title, &it.Author, &it.Link, &k.pub, &it.Content, &it.Unread,
			&it.EnclosureURL, &it.EnclosureType, &it.Flags); err != nil {
			return nil, fmt.Errorf("newsboat cache %s: items of %s: %w", c.path, feedURL, err)
		}
		if k.pub > 0 {
			it.Published = time.Unix(k.pub, 0).UTC()
		}
		out, keys = append(out, it), append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("newsboat cache %s: items of %s: %w", c.path, feedURL, err)
	}
	return newestFirst(out, keys), nil
}

// itemKey is what an article is ordered by: newsboat's pubDate and id.
type itemKey struct{ pub, id int64 }

// newestFirst orders items as newsboat lists them: by date, newest first,
// then by id, last added first (keys[i] is items[i]'s).
func newestFirst(items []Item, keys []itemKey) []Item {
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(keys[b].pub, keys[a].pub), cmp.Compare(keys[b].id, keys[a].id))
	})
	out := make([]Item, len(items))
	for i, j := range order {
		out[i] = items[j]
	}
	return out
}

// Flagged reports whether the article carries any newsboat flag.
func (it Item) Flagged() bool {
	return strings.TrimSpace(it.Flags) != ""
}

// DocItem is the article in tidings' model, not yet sanitized. Its GUID is
// the feed's own guid. For an article without one newsboat makes one up
// from its link and date, its link alone, or its title, where tidings
// knows such an article by its link (or a hash of title and content); so
// a GUID newsboat made from the link and a date, or from the title, is
// dropped, and the article is known the way tidings' own downloads will
// know it. A GUID equal to the link is kept: a feed giving its links as
// guids is far more common than an article with neither guid nor date.
func (it Item) DocItem() document.Item {
	d := document.Item{
		GUID:    it.GUID,
		Title:   it.Title,
		Link:    it.Link,
		Author:  it.Author,
		Content: it.Content,
	}
	if madeUpGUID(it) {
		d.GUID = ""
	}
	if !it.Published.IsZero() {
		p := it.Published
		d.Published = &p
	}
	if it.EnclosureURL != "" {
		d.Enclosures = []document.Enclosure{{URL: it.EnclosureURL, Type: it.EnclosureType}}
	}
	return d
}

// madeUpGUID reports whether newsboat invented the article's GUID: its
// link followed by a date, or its title when it has no link.
func madeUpGUID(it Item) bool {
	if it.Link == "" {
		return it.GUID == it.Title
	}
	date, ok := strings.CutPrefix(it.GUID, it.Link)
	return ok && date != "" && !strings.ContainsAny(date, "/?#") &&
		strings.ContainsFunc(date, unicode.IsDigit)
}

// Address is the cached feed's rssurl as a checked web address, or the
// reason it is not one.
func (cf Feed) Address() (weburl.URL, error) {
	return weburl.Parse(cf.URL)
}
