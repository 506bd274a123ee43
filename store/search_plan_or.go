package store

import (
	"context"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// A full-text test that an expression does not require (one under "or":
// flagged or text:"x", text:"x" or text:"y") cannot lead the page as in
// matchesFirst, and SQLite walks the whole date index when few items
// match: a rare word or'd with flagged took 0.7 s on 500,000 items, as
// long as the walk takes. Such a page is found by candidates instead: a
// set of ids that holds every item the expression selects, built from the
// tests an index answers (the full-text index; the indexes of unread,
// flagged and recent items), united under "or", or the items outside
// such a set under "not" (not text:"x" for a word in every item walked
// all the items to find none). When the set is small it leads the page
// (setFirst: its items are looked up by id, tested, and sorted; when the
// set is exactly the expression's items, as in text:"x" or text:"y", it
// is the whole test); when it is large the items are walked by date
// (dateFirst) and the walk ends early. Both give the items of
// matchesFirst in its order (TestOrPlansGiveTheSamePages).

// candidates is a set of item ids holding every item of an expression: a
// full-text match, the items an index lists, the union of two sets, or
// the items outside one.
type candidates struct {
	exact       bool        // the set is the expression's items, not more
	match       string      // a full-text query (ftsQuery's), or
	where       string      // a condition over items that an index answers, or
	args        []any       // where's arguments
	left, right *candidates // a union, or
	not         *candidates // the items not in a set
}

// candidatesOf is the candidates of e, or nil when no index answers e.
// An "and" takes its required full-text tests as one match, else the
// candidates of one side; an "or" needs both sides'; a "not" needs its
// test's to be exact.
func candidatesOf(e query.Expr, now time.Time) *candidates {
	switch e := e.(type) {
	case *query.FullText:
		return &candidates{exact: true, match: ftsQuery(e.Text)}
	case *query.And:
		if texts := requiredTexts(e, nil); len(texts) > 0 {
			var m []string
			for _, t := range texts {
				if q := ftsQuery(t); q != "" {
					m = append(m, q)
				} else {
					return nil // MATCH '' matches nothing; joined, it would vanish
				}
			}
			return &candidates{exact: allFullText(e), match: strings.Join(m, " ")}
		}
		c := candidatesOf(e.Left, now)
		if c == nil {
			c = candidatesOf(e.Right, now)
		}
		if c == nil {
			return nil
		}
		side := *c
		side.exact = false // the other side is still to test
		return &side
	case *query.Or:
		l, r := candidatesOf(e.Left, now), candidatesOf(e.Right, now)
		if l == nil || r == nil {
			return nil
		}
		return &candidates{exact: l.exact && r.exact, left: l, right: r}
	case *query.Not:
		if c := candidatesOf(e.X, now); c != nil && c.exact {
			return &candidates{exact: true, not: c}
		}
	case *query.BoolTest:
		switch {
		case e.Field == query.FieldFlagged && e.Value:
			return &candidates{exact: true, where: `flagged = 1`} // items_flagged_sort
		case e.Field == query.FieldUnread && e.Value:
			return &candidates{exact: true, where: `read = 0`} // items_unread_sort
		}
	case *query.AgeTest:
		if e.Op == query.OpLt || e.Op == query.OpLe || e.Op == query.OpEq {
			days := int64(e.Days)
			if e.Op != query.OpLt {
				days++
			}
			return &candidates{exact: e.Op != query.OpEq, where: `sort_at > ?`, args: []any{now.Unix() - days*day}} // items_sort
		}
	}
	return nil
}

// sql is the SELECT of c's ids and its arguments. A union is written
// UNION ALL: "i.id IN (…)" gathers the ids into a set anyway, and a
// plain UNION merges its sides in id order, which made SQLite scan all
// the items for flagged ones rather than read items_flagged_sort. The
// items outside a set are written EXCEPT, which SQLite merges in id
// order with the set (60 ms for a word in all 500,000 items), where
// "NOT IN" looks each id up in the set (340 ms).
func (c *candidates) sql() (string, []any) {
	switch {
	case c.left != nil:
		l, largs := c.left.sql()
		r, rargs := c.right.operand()
		return l + ` UNION ALL ` + r, append(largs, rargs...)
	case c.not != nil:
		sql, args := c.not.operand()
		return `SELECT id FROM items EXCEPT ` + sql, args
	case c.match != "":
		return `SELECT docid FROM items_fts WHERE items_fts MATCH ?`, []any{c.match}
	}
	return `SELECT id FROM items WHERE ` + c.where, c.args
}

// operand is sql as the right side of a compound SELECT: a compound of
// its own is wrapped, since compound operators join left to right.
func (c *candidates) operand() (string, []any) {
	sql, args := c.sql()
	if c.left != nil || c.not != nil {
		sql = `SELECT * FROM (` + sql + `)`
	}
	return sql, args
}

// candidatesAtLeast reports whether c holds at least bound ids (an "or"
// counts its sides' ids, which both may hold: an estimate, which the
// choice of a plan allows).
func (s *Store) candidatesAtLeast(ctx context.Context, c *candidates, bound int) bool {
	return s.countCandidates(ctx, c, bound) >= bound
}

// countCandidates counts c's ids up to bound.
func (s *Store) countCandidates(ctx context.Context, c *candidates, bound int) int {
	switch {
	case c.left != nil:
		n := s.countCandidates(ctx, c.left, bound)
		if n >= bound {
			return n
		}
		return n + s.countCandidates(ctx, c.right, bound-n)
	case c.match != "" && s.matchesAtLeast(ctx, c.match, bound):
		return bound
	}
	sql, args := c.sql()
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (`+sql+` LIMIT ?)`, append(args, bound)...).Scan(&n); err != nil {
		return bound // the query itself reports the error
	}
	return n
}

// orPlan is textPlan for a filter f with full-text tests but none that
// it requires: setFirst when f has candidates fewer than bound, dateFirst
// when it has more, matchesFirst (today's, SQLite's choice) when it has
// none.
func (s *Store) orPlan(ctx context.Context, f query.Expr, bound int) textPlan {
	c := candidatesOf(f, s.now())
	switch {
	case c == nil:
		return matchesFirst
	case s.candidatesAtLeast(ctx, c, bound):
		return dateFirst
	}
	return setFirst
}

// countPlan is the plan for counting q's items: setFirst when its filter
// has full-text tests it does not require and candidates fewer than the
// items a walk tests in the time the candidates are looked up (a count
// tests every item, so the bound is a share of all the items, not of a
// page), else matchesFirst, SQLite's choice.
func (s *Store) countPlan(ctx context.Context, q ItemQuery) textPlan {
	if q.Filter == nil || len(requiredTexts(q.Filter, nil)) > 0 || !hasFullText(q.Filter) {
		return matchesFirst
	}
	c := candidatesOf(q.Filter, s.now())
	if c == nil {
		return matchesFirst
	}
	var items int
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM items`).Scan(&items); err != nil {
		return matchesFirst
	}
	if s.candidatesAtLeast(ctx, c, max(items/walkCost, 1)) {
		return matchesFirst
	}
	return setFirst
}

// allFullText reports whether e is full-text tests joined by "and".
func allFullText(e query.Expr) bool {
	switch e := e.(type) {
	case *query.FullText:
		return true
	case *query.And:
		return allFullText(e.Left) && allFullText(e.Right)
	}
	return false
}

// hasFullText reports whether e holds a full-text test.
func hasFullText(e query.Expr) bool {
	switch e := e.(type) {
	case *query.FullText:
		return true
	case *query.And:
		return hasFullText(e.Left) || hasFullText(e.Right)
	case *query.Or:
		return hasFullText(e.Left) || hasFullText(e.Right)
	case *query.Not:
		return hasFullText(e.X)
	}
	return false
}
