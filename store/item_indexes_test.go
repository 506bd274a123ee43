package store

import (
	"strings"
	"testing"
)

// queryPlan is SQLite's plan for a query, its steps joined by "; ".
func queryPlan(t *testing.T, s *Store, query string, args ...any) string {
	t.Helper()
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var steps []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		steps = append(steps, detail)
	}
	return strings.Join(steps, "; ")
}

// Without items_feed_list, the queries that used it still find a feed's
// items through an index on feed_id rather than reading every item; only
// a list feed's document order is sorted, over that feed's items.
func TestFeedQueriesSearchAFeedsItemsByIndex(t *testing.T) {
	s, _ := newTestStore(t)
	cases := []struct{ name, query, want string }{
		{"list feed page", `SELECT i.id FROM items i WHERE i.feed_id = ? AND i.hidden = 0 ORDER BY i.list_pos ASC, i.id DESC LIMIT 50 OFFSET 0`,
			"SEARCH i USING INDEX items_feed_sort (feed_id=?); USE TEMP B-TREE FOR ORDER BY"},
		{"list feed purge", `SELECT id, flagged FROM items WHERE feed_id = +? ORDER BY list_pos ASC, id DESC LIMIT -1 OFFSET 20`,
			"SEARCH items USING INDEX items_feed_sort (feed_id=?); USE TEMP B-TREE FOR ORDER BY"},
		{"feed purge", `SELECT id, flagged FROM items WHERE feed_id = +? ORDER BY sort_at DESC, id DESC LIMIT -1 OFFSET 20`,
			"SEARCH items USING INDEX items_feed_sort (feed_id=?)"},
		{"unlisted items", `SELECT id FROM items WHERE feed_id = ? AND flagged = 0`,
			"SEARCH items USING INDEX items_feed_sort (feed_id=?)"},
		{"mark a feed read", `UPDATE items SET read = 1 WHERE feed_id = ? AND read = 0`,
			"SEARCH items USING INDEX items_feed_sort (feed_id=?)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := queryPlan(t, s, c.query, 1); got != c.want {
				t.Errorf("plan %q, want %q", got, c.want)
			}
		})
	}
}
