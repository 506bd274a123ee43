package store

import (
	"cmp"
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// orPlanExprs put full-text tests under "or" and "not", beside the
// tests whose indexes make candidates (flagged, unread, recent) and
// those that make none, over fillPlanStore's words.
var orPlanExprs = []string{
	`flagged or text:"rare"`, `flagged or text:"every"`, `unread or text:"rare"`, `unread or text:"half"`,
	`text:"rare" or text:"w3"`, `text:"tenth" or text:"half"`, `text:"every" or text:"nowhere"`,
	`text:"rare" or text:"天気"`, `text:"ev" or text:"rare"`, `text:"half tenth" or text:"rare"`,
	`age < 1 or text:"rare"`, `age <= 0 or text:"rare"`, `age = 1 or text:"rare"`, `age > 0 or text:"rare"`,
	`flagged or (unread and text:"tenth")`, `flagged or (text:"half" and text:"w2")`, `(flagged and text:"w1") or (unread and text:"rare")`,
	`flagged or unread or text:"rare"`, `not flagged or text:"rare"`, `title = "Item 7" or text:"rare"`,
	`not text:"rare"`, `not text:"every"`, `not (flagged or text:"half")`, `text:"every" and not text:"half"`,
	`not text:"every" or text:"rare"`, `flagged and not text:"w1"`, `not (text:"every" and age = 1)`, `not not text:"tenth"`,
	`text:"rare" or not text:"every"`, `text:"rare" or not (text:"half" or flagged)`, `not (not text:"w1" or text:"w2")`,
	`text:"rare" and (flagged or unread)`, `(text:"half" or flagged) and not text:"tenth"`, `text:"rare" or text:"rare"`,
	`(text:"half" and text:"w2") or flagged`, `text:"w1" and text:"w2" or text:"rare"`,
}

// oracleIDs is the ids of the items (all, hidden ones included, sorted
// newest first) that e selects, evaluated in Go: the full-text tests by
// the index's matches, every other test by Matcher.
func oracleIDs(t *testing.T, s *Store, e query.Expr, all []Item, facts map[int64]FeedFacts, hidden bool) []int64 {
	t.Helper()
	ctx := context.Background()
	m := NewMatcher()
	var eval func(e query.Expr, it *Item) bool
	eval = func(e query.Expr, it *Item) bool {
		switch e := e.(type) {
		case *query.And:
			return eval(e.Left, it) && eval(e.Right, it)
		case *query.Or:
			return eval(e.Left, it) || eval(e.Right, it)
		case *query.Not:
			return !eval(e.X, it)
		case *query.FullText:
			var n int
			if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM items_fts WHERE items_fts MATCH ? AND docid = ?`,
				ftsQuery(e.Text), it.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n > 0
		}
		return m.Match(e, it, facts[it.FeedID], s.now())
	}
	var out []int64
	for i := range all {
		if (hidden || !all[i].Hidden) && eval(e, &all[i]) {
			out = append(out, all[i].ID)
		}
	}
	return out
}

// Every plan of a page with full-text tests under "or" and "not" lists
// what the expression evaluated item by item selects, in the same
// order, page after page; the plan Items chooses lists it too, and
// CountItems counts it.
func TestOrPlansGiveTheSamePages(t *testing.T) {
	s, now := newTestStore(t)
	*now = time.Date(2026, 1, 2, 16, 0, 0, 0, time.UTC) // the items' dates span 40 hours before
	fillPlanStore(t, s, 600)
	ctx := context.Background()
	all, err := s.Items(ctx, ItemQuery{IncludeHidden: true})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(all, func(a, b Item) int {
		return cmp.Or(b.Date.Compare(a.Date), cmp.Compare(b.ID, a.ID))
	})
	read := map[int64]bool{}
	for _, it := range all {
		read[it.ID] = it.Read
	}
	facts := map[int64]FeedFacts{}
	feeds, err := s.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range feeds {
		facts[f.ID] = FeedFacts{Title: f.Title, URL: f.URL, Folder: f.FolderPath}
	}
	plans := map[string]func(ItemQuery) []int64{
		"matchesFirst": func(q ItemQuery) []int64 { return pageIDs(t, s, q, matchesFirst) },
		"dateFirst":    func(q ItemQuery) []int64 { return pageIDs(t, s, q, dateFirst) },
		"setFirst":     func(q ItemQuery) []int64 { return pageIDs(t, s, q, setFirst) },
		"chosen":       func(q ItemQuery) []int64 { return pageIDs(t, s, q, s.textPlan(ctx, q)) },
	}
	pagePlans, countPlans := map[textPlan]int{}, map[textPlan]int{}
	for _, expr := range orPlanExprs {
		e := query.MustParse(expr)
		pagePlans[s.textPlan(ctx, ItemQuery{Filter: e, Limit: 37})]++
		countPlans[s.countPlan(ctx, ItemQuery{Filter: e})]++
		for _, hidden := range []bool{false, true} {
			want := oracleIDs(t, s, e, all, facts, hidden)
			for name, page := range plans {
				q := ItemQuery{Filter: e, IncludeHidden: hidden}
				var got []int64
				for q.Limit, q.Offset = 37, 0; q.Offset <= len(want); q.Offset += q.Limit {
					got = append(got, page(q)...)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s (hidden %v) by %s: %d items %v…, want %d %v…", expr, hidden, name,
						len(got), got[:min(len(got), 8)], len(want), want[:min(len(want), 8)])
				}
			}
			wantCount := ItemCount{Items: len(want)}
			for _, id := range want {
				if !read[id] {
					wantCount.Unread++
				}
			}
			if c, err := s.CountItems(ctx, ItemQuery{Filter: e, IncludeHidden: hidden}); err != nil || c != wantCount {
				t.Errorf("%s (hidden %v): CountItems %+v, %v; want %+v", expr, hidden, c, err, wantCount)
			}
		}
	}
	if pagePlans[matchesFirst] == 0 || pagePlans[dateFirst] == 0 || pagePlans[setFirst] == 0 || countPlans[setFirst] == 0 {
		t.Errorf("the pages chose plans %v, the counts %v: each plan should be chosen for a page, setFirst for a count",
			pagePlans, countPlans)
	}
}

// setFirst looks its candidates up by id, reading the flagged ones from
// items_flagged_sort, and walks no date index (the candidates are the
// expression's items: nothing is tested after); dateFirst walks the date
// index, testing each item against the matches gathered once.
func TestOrPlansKeepTheirPlans(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	cases := []struct {
		name string
		plan textPlan
		want string
	}{
		{"set first", setFirst, "SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 3; SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 2; COMPOUND QUERY; LEFT-MOST SUBQUERY; SCAN items USING COVERING INDEX items_flagged_sort; UNION ALL; SCAN items_fts VIRTUAL TABLE INDEX 3:; USE TEMP B-TREE FOR ORDER BY; SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); USE TEMP B-TREE FOR ORDER BY"},
		{"date first", dateFirst, "SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 2; SCAN i USING INDEX items_sort; LIST SUBQUERY 1; SCAN items_fts VIRTUAL TABLE INDEX 3:; CREATE BLOOM FILTER; SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); USE TEMP B-TREE FOR ORDER BY"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := ItemQuery{Filter: query.MustParse(`flagged or text:"word"`), Limit: 50}
			sql, args := plannedItemsSQL(ctx, s, q, c.plan)
			if got := queryPlan(t, s, sql, args...); got != c.want {
				t.Errorf("plan %q, want %q", got, c.want)
			}
		})
	}
}
