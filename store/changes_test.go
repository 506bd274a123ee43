package store

import (
	"context"
	"testing"
)

// OthersWrote says true once at first, then only after another Store (a
// second process) committed: never for this Store's own writes, never
// when nothing was written.
func TestOthersWroteSeesOnlyAnotherProcesssCommits(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	asks := func(want bool, when string) {
		t.Helper()
		got, err := s.OthersWrote(ctx)
		if err != nil || got != want {
			t.Errorf("%s: OthersWrote = %v, %v; want %v", when, got, err, want)
		}
	}
	asks(true, "the first call")
	asks(false, "nothing written")
	addFeed(t, s, "https://a.test/feed.xml", "Own")
	asks(false, "after this Store's own write")

	other, err := Open(ctx, s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	addFeed(t, other, "https://b.test/feed.xml", "Cron")
	asks(true, "after another Store's commit")
	asks(false, "asked again, nothing new")
}
