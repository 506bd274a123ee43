package store

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// TestFastPathSwitch checks that fastPaths follows the build: off exactly
// when the build has the tag tidings_nofast.
func TestFastPathSwitch(t *testing.T) {
	if want := !testenv.BuiltWithTag(t, "tidings_nofast"); fastPaths != want {
		t.Fatalf("fastPaths = %v in a build whose -tags say %v", fastPaths, want)
	}
}

// TestRulesFollowSwitch checks the rules' choice: the rules' SQL is read
// only without fastPaths, and then what a rule holds for is what the Go
// evaluation says, for every case of the filter tests.
func TestRulesFollowSwitch(t *testing.T) {
	s, ids := filterFixture(t)
	var all []int64
	for _, id := range ids {
		all = append(all, id)
	}
	slices.Sort(all)
	feeds, err := s.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range filterCases() {
		rule := activeRule{id: 7, action: ActionHide, expr: query.MustParse(tt.expr)}
		for _, f := range feeds {
			err := s.write(context.Background(), func(tx *sql.Tx) error {
				ev, items, err := s.prepareRules(context.Background(), tx, f.ID, []activeRule{rule}, all, s.now())
				if err != nil {
					return err
				}
				if (ev.selected != nil) == fastPaths {
					t.Fatalf("rules' SQL read: %v, with fastPaths %v", ev.selected != nil, fastPaths)
				}
				for _, it := range items {
					var fid int64
					if err := tx.QueryRow(`SELECT feed_id FROM items WHERE id = ?`, it.id).Scan(&fid); err != nil {
						return err
					}
					if fid != f.ID {
						continue // rules see the items of the feed being downloaded
					}
					if got, want := ev.holds(rule.id, rule.expr, it), ev.match(rule.expr, it); got != want {
						t.Errorf("%s on item %d of feed %d: holds %v, evaluated %v", tt.expr, it.id, f.ID, got, want)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}
