package store

import (
	"context"
	"errors"
	"testing"
)

func TestSavedSearches(t *testing.T) {
	s, ids := filterFixture(t)
	ctx := context.Background()
	if _, err := s.SaveSearch(ctx, " Go ", `folder = Tech`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveSearch(ctx, "Old", `age > 365`); err != nil {
		t.Fatal(err)
	}
	replaced, err := s.SaveSearch(ctx, "Go", `folder = Tech and not enclosure`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.SavedSearchNamed(ctx, "Go")
	if err != nil || got.ID != replaced.ID || got.Expr != `folder = Tech and not enclosure` {
		t.Fatalf("saved search Go = %+v, %v; want the new expression under the same id", got, err)
	}
	counts, err := s.SavedSearchCounts(ctx)
	if err != nil || len(counts) != 2 || counts[0].Name != "Go" || counts[0].Unread != 1 || counts[1].Unread != 0 {
		t.Fatalf("counts = %+v, %v", counts, err)
	}
	e, _ := s.Filter(got)
	items, _ := s.Items(ctx, ItemQuery{Filter: e})
	if len(items) != 1 || items[0].ID != ids["generics"] {
		t.Fatalf("items of Go = %+v", items)
	}
	for _, bad := range []struct{ name, expr string }{{"", "unread"}, {"x\x1b]0;", "unread"}, {"Bad", "title ~ ("}} {
		if _, err := s.SaveSearch(ctx, bad.name, bad.expr); !errors.Is(err, ErrInvalid) {
			t.Errorf("SaveSearch(%q, %q) = %v, want ErrInvalid", bad.name, bad.expr, err)
		}
	}
	if err := s.RemoveSavedSearch(ctx, "Old"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SavedSearchNamed(ctx, "Old"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("removed search still there: %v", err)
	}
	if err := s.RemoveSavedSearch(ctx, "Old"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("removing twice: %v", err)
	}
}
