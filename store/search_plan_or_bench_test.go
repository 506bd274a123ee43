package store

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// orSearchExprs are lists whose full-text tests are not all required,
// for words of every frequency in the latin measurement store (topic4242
// in about 100 items, topic424 1,100, topic42 11,000, words all 500,000;
// no item is flagged, one in 5 unread), with a required one for contrast.
var orSearchExprs = []string{
	`flagged or text:"topic4242"`, `flagged or text:"topic424"`, `flagged or text:"topic42"`, `flagged or text:"words"`,
	`unread or text:"topic4242"`, `unread or text:"words"`,
	`text:"topic4242" or text:"topic424"`, `text:"topic42" or text:"item 7"`, `text:"words" or text:"topic42"`,
	`flagged or age < 2 or text:"topic4242"`, `flagged or (unread and text:"topic424")`,
	`not text:"topic4242"`, `not text:"words"`, `not text:"words" or text:"topic4242"`, `flagged and not text:"topic4242"`,
	`text:"topic4242" and (flagged or unread)`,
}

// beforeItems is Items as it was before a filter's candidates were
// planned (orPlan): a filter without a required full-text test compiled
// as matchesFirst, its plan left to SQLite.
func beforeItems(ctx context.Context, s *Store, q ItemQuery) ([]Item, error) {
	plan := matchesFirst
	if len(requiredTexts(q.Filter, nil)) > 0 {
		plan = s.textPlan(ctx, q)
	}
	sql, args := plannedItemsSQL(ctx, s, q, plan)
	return s.queryItems(ctx, sql, args...)
}

// beforeCount is CountItems as it was before a filter's candidates
// were planned (countPlan).
func beforeCount(ctx context.Context, s *Store, q ItemQuery) (ItemCount, error) {
	where, args := itemsWhere(s, q, matchesFirst)
	var c ItemCount
	err := s.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(i.read = 0), 0)
		FROM items i JOIN feeds fd ON fd.id = i.feed_id WHERE `+where, args...).Scan(&c.Items, &c.Unread)
	return c, err
}

// TestMeasureOrSearch reports, on each latin measurement store, the first
// page (100 items) of lists with "or" and "not" around full-text tests:
// each expression's median of 7 runs, before and now (Items), and the
// plan Items chose; then the count of their unread items that a saved
// search shows (CountItems), before and now.
func TestMeasureOrSearch(t *testing.T) {
	ctx := context.Background()
	stores := measureStores(t)
	for _, name := range slices.Sorted(maps.Keys(stores)) {
		if !strings.HasSuffix(name, string(latinStore)) {
			continue // the words are the latin store's
		}
		s := stores[name]
		for _, expr := range orSearchExprs {
			q := ItemQuery{Filter: query.MustParse(expr), Limit: 100}
			runs := []func() ([]Item, error){
				func() ([]Item, error) { return beforeItems(ctx, s, q) },
				func() ([]Item, error) { return s.Items(ctx, q) },
			}
			var medians [2]time.Duration
			var pages [2][]Item
			for i, run := range runs {
				var took []time.Duration
				for range 7 {
					at := time.Now()
					items, err := run()
					if err != nil {
						t.Fatal(err)
					}
					took, pages[i] = append(took, time.Since(at)), items
				}
				slices.Sort(took)
				medians[i] = took[len(took)/2]
			}
			if !slices.EqualFunc(pages[0], pages[1], func(a, b Item) bool { return a.ID == b.ID }) {
				t.Errorf("%s: %s lists other items than before", name, expr)
			}
			t.Logf("%-14s %-42s before %10v  now %10v  (plan %d, %d items)", name, expr,
				medians[0].Round(10*time.Microsecond), medians[1].Round(10*time.Microsecond), s.textPlan(ctx, q), len(pages[1]))
		}
		for _, expr := range orSearchExprs {
			q := ItemQuery{Filter: query.MustParse(expr), Unread: true}
			runs := []func() (ItemCount, error){
				func() (ItemCount, error) { return beforeCount(ctx, s, q) },
				func() (ItemCount, error) { return s.CountItems(ctx, q) },
			}
			var medians [2]time.Duration
			var counts [2]ItemCount
			for i, run := range runs {
				var took []time.Duration
				for range 7 {
					at := time.Now()
					c, err := run()
					if err != nil {
						t.Fatal(err)
					}
					took, counts[i] = append(took, time.Since(at)), c
				}
				slices.Sort(took)
				medians[i] = took[len(took)/2]
			}
			if counts[0] != counts[1] {
				t.Errorf("%s: %s counts %+v, before %+v", name, expr, counts[1], counts[0])
			}
			t.Logf("%-14s count unread %-42s before %10v  now %10v  (plan %d, %d items)", name, expr,
				medians[0].Round(10*time.Microsecond), medians[1].Round(10*time.Microsecond), s.countPlan(ctx, q), counts[1].Items)
		}
	}
}
