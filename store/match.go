package store

import (
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// FeedFacts is what an expression sees of an item's feed: its title, its
// address and its folder's path ("" outside any folder).
type FeedFacts struct {
	Title, URL, Folder string
}

// Matcher evaluates expressions in Go on items already loaded, as rules
// are evaluated at merge time: the same fields, the same ~ matcher and the
// same folding as the SQL that lists use, without asking the database.
// A text: test never holds (the full-text index is in the database). A
// Matcher is safe for concurrent use; its zero value is not usable (use
// NewMatcher).
type Matcher struct {
	cache *exprCache
}

// NewMatcher returns a Matcher with its own cache of compiled patterns.
func NewMatcher() *Matcher {
	return &Matcher{cache: &exprCache{}}
}

// Match reports whether e holds for it, of feed f, at now.
func (m *Matcher) Match(e query.Expr, it *Item, f FeedFacts, now time.Time) bool {
	ev := &evaluator{cache: m.cache, now: now.Unix(), feed: feedFacts{title: f.Title, url: f.URL, folder: f.Folder}}
	ri := &ruleItem{
		id: it.ID, title: it.Title, author: it.Author, content: it.Content, summary: it.Summary,
		link: it.Link, read: it.Read, flagged: it.Flagged, enclosure: len(it.Enclosures) > 0,
		sortAt: it.Date.Unix(), categories: it.Categories, categoriesRead: true,
	}
	return ev.match(e, ri)
}
