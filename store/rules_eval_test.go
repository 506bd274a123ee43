package store

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
)

// The Go evaluation of rules at merge time selects exactly what the SQL of
// a list selects, for every field and operator.
func TestRuleEvaluationAgreesWithSQL(t *testing.T) {
	s, ids := filterFixture(t)
	ctx := context.Background()
	var all []int64
	for _, id := range ids {
		all = append(all, id)
	}
	slices.Sort(all)
	feeds, err := s.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range filterCases() {
		t.Run(tt.expr, func(t *testing.T) {
			e := query.MustParse(tt.expr)
			listed, err := s.Items(ctx, ItemQuery{Filter: e})
			if err != nil {
				t.Fatal(err)
			}
			var want []int64
			for _, it := range listed {
				want = append(want, it.ID)
			}
			var got []int64
			for _, f := range feeds {
				got = append(got, evaluateOnFeed(t, s, f.ID, e, all)...)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("evaluated %v, SQL %v", got, want)
			}
		})
	}
}

// evaluateOnFeed runs the merge-time evaluation of e over the feed's items
// among ids, as applyRules does.
func evaluateOnFeed(t *testing.T, s *Store, feedID int64, e query.Expr, ids []int64) []int64 {
	t.Helper()
	var out []int64
	err := s.write(context.Background(), func(tx *sql.Tx) error {
		rules := []activeRule{{id: 1, action: ActionHide, expr: e}}
		ev, items, err := s.prepareRules(context.Background(), tx, feedID, rules, ids, s.now())
		if err != nil {
			return err
		}
		for _, it := range items {
			var fid int64
			if err := tx.QueryRow(`SELECT feed_id FROM items WHERE id = ?`, it.id).Scan(&fid); err != nil {
				return err
			}
			if fid == feedID && ev.match(e, it) {
				out = append(out, it.id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Random combinations of the cases with and, or and not agree too.
func TestRuleEvaluationAgreesWithSQLCombined(t *testing.T) {
	s, ids := filterFixture(t)
	ctx := context.Background()
	var all []int64
	for _, id := range ids {
		all = append(all, id)
	}
	feeds, _ := s.Feeds(ctx)
	cases := filterCases()
	rng := rand.New(rand.NewPCG(14, 14))
	pick := func() string { return "(" + cases[rng.IntN(len(cases))].expr + ")" }
	for range 150 {
		expr := pick()
		for range rng.IntN(3) {
			expr = expr + []string{" and ", " or ", " and not "}[rng.IntN(3)] + pick()
		}
		e := query.MustParse(expr)
		listed, err := s.Items(ctx, ItemQuery{Filter: e})
		if err != nil {
			t.Fatal(err)
		}
		var want, got []int64
		for _, it := range listed {
			want = append(want, it.ID)
		}
		for _, f := range feeds {
			got = append(got, evaluateOnFeed(t, s, f.ID, e, all)...)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: evaluated %v, SQL %v", expr, got, want)
		}
	}
}
