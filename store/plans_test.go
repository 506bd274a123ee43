package store

import (
	"context"
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
)

// The hot statements that write "= +?" (see the package doc) still find
// their row by the index or key they would use with "= ?".
func TestHotStatementsKeepTheirPlans(t *testing.T) {
	s, _ := newTestStore(t)
	cases := []struct {
		name, query string
		args        []any
		want        string
	}{
		{"a feed by id", `SELECT ` + feedColumns + feedFrom + ` WHERE fd.id = +?`, []any{1},
			"SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); SEARCH fs USING INTEGER PRIMARY KEY (rowid=?); SEARCH fo USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN"},
		{"the rules' feed", `SELECT fd.title, fd.url, coalesce(f.path, '') FROM feeds fd
		LEFT JOIN folders f ON f.id = fd.folder_id WHERE fd.id = +?`, []any{1},
			"SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); SEARCH f USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN"},
		{"purge", `SELECT id, flagged FROM items WHERE feed_id = +?
		ORDER BY sort_at DESC, id DESC LIMIT -1 OFFSET ?`, []any{1, 20},
			"SEARCH items USING INDEX items_feed_sort (feed_id=?)"},
		{"tombstones' prune", `DELETE FROM item_tombstones WHERE feed_id = +? AND seen_at < (
		SELECT seen_at FROM item_tombstones WHERE feed_id = +? ORDER BY seen_at DESC LIMIT 1 OFFSET ?)`, []any{1, 1, 19},
			"SEARCH item_tombstones USING INDEX item_tombstones_seen (feed_id=? AND seen_at<?); SCALAR SUBQUERY 1; SEARCH item_tombstones USING COVERING INDEX item_tombstones_seen (feed_id=?)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := queryPlan(t, s, c.query, c.args...); got != c.want {
				t.Errorf("plan %q, want %q", got, c.want)
			}
		})
	}
}

// A page with a full-text test keeps the plan textPlan chose for it:
// matchesFirst looks the matches up by id and sorts them; dateFirst walks
// the date index (the unread one for unread items) and tests each item
// against the matches, gathered once, sorting nothing.
func TestTextPlansKeepTheirPlans(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	cases := []struct {
		name string
		q    ItemQuery
		plan textPlan
		want string
	}{
		{"matches first", ItemQuery{Filter: query.MustParse(`text:"word"`), Limit: 50}, matchesFirst,
			"SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 2; SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 1; SCAN items_fts VIRTUAL TABLE INDEX 3:; USE TEMP B-TREE FOR ORDER BY; SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); USE TEMP B-TREE FOR ORDER BY"},
		{"date first", ItemQuery{Filter: query.MustParse(`text:"word"`), Limit: 50}, dateFirst,
			"SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 2; SCAN i USING INDEX items_sort; LIST SUBQUERY 1; SCAN items_fts VIRTUAL TABLE INDEX 3:; CREATE BLOOM FILTER; SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); USE TEMP B-TREE FOR ORDER BY"},
		{"date first, unread", ItemQuery{Filter: query.MustParse(`text:"word"`), Unread: true, Limit: 50}, dateFirst,
			"SEARCH i USING INTEGER PRIMARY KEY (rowid=?); LIST SUBQUERY 2; SCAN i USING INDEX items_unread_sort; LIST SUBQUERY 1; SCAN items_fts VIRTUAL TABLE INDEX 3:; CREATE BLOOM FILTER; SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); USE TEMP B-TREE FOR ORDER BY"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			query, args := plannedItemsSQL(ctx, s, c.q, c.plan)
			if got := queryPlan(t, s, query, args...); got != c.want {
				t.Errorf("plan %q, want %q", got, c.want)
			}
		})
	}
}
