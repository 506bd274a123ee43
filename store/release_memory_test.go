package store

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// ReleaseMemory gives back the page cache the readers' queries filled:
// after reading every item's content (a few MB of pages), SQLite holds
// far less once the idle connections are shrunk, and the store answers
// the same after.
func TestReleaseMemoryGivesBackTheReadersPageCache(t *testing.T) {
	ctx := context.Background()
	s, now := newTestStore(t)
	feed := addFeed(t, s, "https://a.test/feed.xml", "")
	for run := range 100 {
		record(t, s, feed, now.Add(time.Duration(run)*time.Hour), benchDoc(fmt.Sprint("run", run), now.Add(time.Duration(run)*time.Hour)), 0)
	}
	readAll := func() int {
		t.Helper()
		var n, bytes int
		if err := s.db.QueryRowContext(ctx, `SELECT count(*), sum(length(content)) FROM items`).Scan(&n, &bytes); err != nil {
			t.Fatal(err)
		}
		return n
	}
	items := readAll()
	if items != 2000 {
		t.Fatalf("%d items stored, want 2000", items)
	}
	held := SQLiteMemoryUsed()
	if err := s.ReleaseMemory(ctx); err != nil {
		t.Fatal(err)
	}
	released := SQLiteMemoryUsed()
	t.Logf("SQLite held %d KiB after reading every item, %d KiB after ReleaseMemory", held>>10, released>>10)
	if held-released < 2<<20 {
		t.Errorf("ReleaseMemory gave back %d KiB of %d KiB; the 2,000 items' pages are over 4 MB", (held-released)>>10, held>>10)
	}
	if got := readAll(); got != items {
		t.Errorf("after ReleaseMemory the store counts %d items, want %d", got, items)
	}
}
