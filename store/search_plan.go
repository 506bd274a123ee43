package store

import (
	"context"
	"math"
	"strings"

	"github.com/tidings-rss/tidings/engine/query"
)

// A page of items that must match a full-text test (a search, a list
// whose expression has text:) can be found two ways, with the same
// items in the same order:
//
//   - matchesFirst: the index's matches are read, each item looked up by
//     id, and all of them sorted by date to cut the page. Its cost grows
//     with the number of matches: right for a rare word.
//   - dateFirst: the matches are gathered once into a set, then the items
//     are walked newest first along the date index and each is tested
//     against the set, until the page is full. Its cost grows with the
//     items walked, about page × items ÷ matches: right for a frequent
//     word, where the walk ends early and nothing is sorted.
//
// textPlan chooses by the number of matches, counted up to the bound at
// which the two cost the same (dateFirstBound). SQLite itself would
// always take matchesFirst: it cannot know how many rows a full-text
// match gives.
type textPlan int

const (
	matchesFirst textPlan = iota
	dateFirst
	setFirst // a filter's candidates lead, then are sorted (see candidates)
)

// walkCost is how many items the walk along the date index tests in the
// time matchesFirst takes to look up and sort one match (measured on the
// benchmark stores: about 0.7 µs a match, 0.05 µs an item walked).
const walkCost = 10

// dateFirstBound is the number of matches above which dateFirst finds a
// page of size page (offset included) among items items sooner:
// matches × 1 ≥ page × items ÷ matches ÷ walkCost.
func dateFirstBound(page, items int) int {
	return int(math.Ceil(math.Sqrt(float64(page) * float64(items) / walkCost)))
}

// textPlan is the plan for q's page (see above): dateFirst when q is a
// page in date order whose filter requires full-text tests that each
// match at least dateFirstBound items, else matchesFirst. A filter with
// full-text tests it does not require is planned by its candidates
// (orPlan, in search_plan_or.go). Any error
// reading the counts leaves today's plan, matchesFirst; the query itself
// reports it.
func (s *Store) textPlan(ctx context.Context, q ItemQuery) textPlan {
	if q.Filter == nil || q.Limit <= 0 || q.List != nil {
		return matchesFirst
	}
	texts := requiredTexts(q.Filter, nil)
	if len(texts) == 0 && !hasFullText(q.Filter) || q.FeedID != 0 && s.isList(ctx, q.FeedID) {
		return matchesFirst
	}
	var items int
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM items`).Scan(&items); err != nil {
		return matchesFirst
	}
	bound := dateFirstBound(q.Limit+q.Offset, items)
	if len(texts) == 0 {
		return s.orPlan(ctx, q.Filter, bound)
	}
	for _, text := range texts {
		if !s.matchesAtLeast(ctx, ftsQuery(text), bound) {
			return matchesFirst
		}
	}
	return dateFirst
}

// matchesAtLeast reports whether the full-text query match (ftsQuery's:
// quoted phrases of words, the last of a phrase perhaps a prefix "w*")
// matches at least bound items. FTS4 reads a whole word's list as it goes,
// so a count up to bound costs little for a word, frequent or rare; but
// it reads every list a prefix expands to, and every list of a phrase,
// before the first match. So the words are counted alone first: a query
// matches no more items than any one of its words, and a rare word
// settles it (a prefix is counted as a whole word first, which matches
// fewer items, and as a prefix only when that falls short). Only when
// every word is frequent is the query itself counted.
func (s *Store) matchesAtLeast(ctx context.Context, match string, bound int) bool {
	words := strings.Fields(strings.ReplaceAll(match, `"`, ""))
	for _, w := range words {
		if !s.countsAtLeast(ctx, `"`+w+`"`, bound) {
			return false
		}
	}
	if len(words) == 1 {
		return true
	}
	return s.countsAtLeast(ctx, match, bound)
}

// countsAtLeast is matchesAtLeast for a query counted as it is: as whole
// words first, then with its prefixes.
func (s *Store) countsAtLeast(ctx context.Context, match string, bound int) bool {
	whole := strings.ReplaceAll(match, `*"`, `"`)
	for _, m := range []string{whole, match} {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ?)`,
			m, bound).Scan(&n)
		if err != nil {
			return false
		}
		if n >= bound {
			return true
		}
		if m == match {
			break
		}
	}
	return false
}

// requiredTexts appends to out the texts of the full-text tests e
// requires: those joined to the whole by "and" alone.
func requiredTexts(e query.Expr, out []string) []string {
	switch e := e.(type) {
	case *query.FullText:
		return append(out, e.Text)
	case *query.And:
		return requiredTexts(e.Right, requiredTexts(e.Left, out))
	}
	return out
}
