package store

import "testing"

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
