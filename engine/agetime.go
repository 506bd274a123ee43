package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/store"
)

// AgeDay is the length of one day of an item's age (age counts whole
// days since the item's date).
const AgeDay = 24 * time.Hour

// maxAgeLimit is the largest age, in days, that a Duration holds (292
// years).
const maxAgeLimit = int(math.MaxInt64 / int64(AgeDay))

// AgeLimits are the ages, in whole days, at which an age test of x changes
// its answer for an item as time passes: an item turns d days old at its
// date + d days. None when x has no age test: what it selects changes only
// when something is written. Limits past a Duration's span (292 years)
// are left out: no item reaches them while a reader runs.
func AgeLimits(x query.Expr) []int {
	var out []int
	var walk func(query.Expr)
	walk = func(x query.Expr) {
		switch x := x.(type) {
		case *query.And:
			walk(x.Left)
			walk(x.Right)
		case *query.Or:
			walk(x.Left)
			walk(x.Right)
		case *query.Not:
			walk(x.X)
		case *query.AgeTest:
			for _, d := range ageLimits(x) {
				if d <= maxAgeLimit {
					out = append(out, d)
				}
			}
		}
	}
	walk(x)
	slices.Sort(out)
	return slices.Compact(out)
}

// ageLimits are the ages at which t flips: age < n turns false at n,
// age <= n and age > n flip at n+1, age = n holds from n to n+1.
func ageLimits(t *query.AgeTest) []int {
	switch t.Op {
	case query.OpLt, query.OpGe:
		return []int{t.Days}
	case query.OpLe, query.OpGt:
		return []int{t.Days + 1}
	}
	return []int{t.Days, t.Days + 1}
}

// NextAgeChange is the first moment, after the store's now, at which an
// item's age reaches one of the limits (AgeLimits): the oldest item
// younger than d days turns d days old at its date + d days. Zero when no
// item will (limits is empty, or no item is that young). It is when the
// items an expression with those limits selects may next change with
// nothing written; a saved search's count is worth reading again then,
// not before.
func (e *Engine) NextAgeChange(ctx context.Context, limits []int) (time.Time, error) {
	var next time.Time
	for _, d := range limits {
		if d > maxAgeLimit {
			continue // no item reaches it
		}
		oldest, err := e.store.Items(ctx, store.ItemQuery{Filter: &query.AgeTest{Op: query.OpLt, Days: d},
			Sort: store.SortDateAsc, Limit: 1})
		if err != nil {
			return time.Time{}, fmt.Errorf("next age change at %d days: %w", d, err)
		}
		if len(oldest) == 0 {
			continue
		}
		if at := oldest[0].Date.Add(time.Duration(d) * AgeDay); next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return next, nil
}
