package newsboat

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	// Registers the "sqlite3" driver.
	_ "github.com/mattn/go-sqlite3"

	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// Cache is a newsboat cache.db, opened read-only: nothing here writes to
// it, and SQLite refuses writes on the connection too.
type Cache struct {
	db   *sql.DB
	path string
}

// CacheFeed is a feed newsboat downloaded.
type CacheFeed struct {
	// URL is the feed's address (newsboat's rssurl).
	URL string
	// SiteURL is the link of the feed's web site.
	SiteURL string
	// Title is the feed's own title.
	Title string
}

// CacheItem is one article newsboat kept, with its state.
type CacheItem struct {
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

// OpenCache opens a newsboat cache.db read-only and checks that it has
// the tables and columns newsboat 2.x writes.
func OpenCache(ctx context.Context, path string) (*Cache, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: %w", path, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("newsboat cache: %w", err)
	}
	dsn := (&url.URL{Scheme: "file", Path: abs, RawQuery: "mode=ro&_busy_timeout=5000"}).String()
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: %w", path, err)
	}
	c := &Cache{db: db, path: path}
	if err := c.check(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return c, nil
}

// check fails unless the database has newsboat's tables and columns.
func (c *Cache) check(ctx context.Context) error {
	for _, q := range []string{
		`SELECT rssurl, url, title FROM rss_feed LIMIT 0`,
		`SELECT guid, title, author, url, feedurl, pubDate, content, unread,
			enclosure_url, enclosure_type, flags, deleted FROM rss_item LIMIT 0`,
	} {
		rows, err := c.db.QueryContext(ctx, q)
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
func (c *Cache) Feeds(ctx context.Context) ([]CacheFeed, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT rssurl, url, title FROM rss_feed ORDER BY rowid`)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: feeds: %w", c.path, err)
	}
	defer rows.Close()
	var out []CacheFeed
	for rows.Next() {
		var f CacheFeed
		if err := rows.Scan(&f.URL, &f.SiteURL, &f.Title); err != nil {
			return nil, fmt.Errorf("newsboat cache %s: feeds: %w", c.path, err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// Items returns a feed's articles, newest first, without those deleted in
// newsboat.
func (c *Cache) Items(ctx context.Context, feedURL string) ([]CacheItem, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT guid, title, author, url, pubDate, content, unread,
		coalesce(enclosure_url, ''), coalesce(enclosure_type, ''), coalesce(flags, '')
		FROM rss_item WHERE feedurl = ? AND deleted = 0 ORDER BY pubDate DESC, id DESC`, feedURL)
	if err != nil {
		return nil, fmt.Errorf("newsboat cache %s: items of %s: %w", c.path, feedURL, err)
	}
	defer rows.Close()
	var out []CacheItem
	for rows.Next() {
		var it CacheItem
		var pub int64
		if err := rows.Scan(&it.GUID, &it.Title, &it.Author, &it.Link, &pub, &it.Content, &it.Unread,
			&it.EnclosureURL, &it.EnclosureType, &it.Flags); err != nil {
			return nil, fmt.Errorf("newsboat cache %s: items of %s: %w", c.path, feedURL, err)
		}
		if pub > 0 {
			it.Published = time.Unix(pub, 0).UTC()
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// Flagged reports whether the article carries any newsboat flag.
func (it CacheItem) Flagged() bool {
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
func (it CacheItem) DocItem() store.DocItem {
	d := store.DocItem{
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
		d.Enclosures = []store.DocEnclosure{{URL: it.EnclosureURL, Type: it.EnclosureType}}
	}
	return d
}

// madeUpGUID reports whether newsboat invented the article's GUID: its
// link followed by a date, or its title when it has no link.
func madeUpGUID(it CacheItem) bool {
	if it.Link == "" {
		return it.GUID == it.Title
	}
	date, ok := strings.CutPrefix(it.GUID, it.Link)
	return ok && date != "" && !strings.ContainsAny(date, "/?#") &&
		strings.ContainsFunc(date, unicode.IsDigit)
}

// Address is the cached feed's rssurl as a checked web address, or the
// reason it is not one.
func (cf CacheFeed) Address() (weburl.URL, error) {
	return weburl.Parse(cf.URL)
}
