package store

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
)

// The reader's highlights evaluate expressions on listed items with
// Matcher: it must select what the SQL of lists selects, for every
// expression without text: (which needs the index).
func TestMatcherAgreesWithSQL(t *testing.T) {
	s, _ := filterFixture(t)
	ctx := context.Background()
	feeds, err := s.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	facts := map[int64]FeedFacts{}
	for _, f := range feeds {
		facts[f.ID] = FeedFacts{Title: f.Title, URL: f.URL, Folder: f.FolderPath}
	}
	all, err := s.Items(ctx, ItemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatcher()
	tested := 0
	for _, tt := range filterCases() {
		if strings.Contains(tt.expr, "text:") {
			continue
		}
		tested++
		t.Run(tt.expr, func(t *testing.T) {
			e := query.MustParse(tt.expr)
			listed, err := s.Items(ctx, ItemQuery{Filter: e})
			if err != nil {
				t.Fatal(err)
			}
			var want, got []int64
			for _, it := range listed {
				want = append(want, it.ID)
			}
			for i := range all {
				if m.Match(e, &all[i], facts[all[i].FeedID], s.now()) {
					got = append(got, all[i].ID)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Matcher %v, SQL %v", got, want)
			}
		})
	}
	if tested < 10 {
		t.Fatalf("only %d cases without text:", tested)
	}
}
