package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

func TestCleanFolderPath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""}, {"A", "A"}, {"/A//B/ ", "A/B"}, {" News / Tech ", "News/Tech"},
	} {
		got, err := CleanFolderPath(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("CleanFolderPath(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"A/../B", "./A"} {
		if _, err := CleanFolderPath(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("CleanFolderPath(%q) = %v, want ErrInvalid", bad, err)
		}
	}
}

func TestFolderCountsCoverTheSubtree(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	tech := addFeed(t, s, "http://a.example/tech", "News/Tech")
	world := addFeed(t, s, "http://a.example/world", "News")
	other := addFeed(t, s, "http://a.example/other", "Newsletters") // shares a prefix, not a parent
	for _, id := range []int64{tech, world, other} {
		record(t, s, id, *now, docOf(datedItems(3, now.Add(-time.Minute))...), 0)
	}
	items, _ := s.Items(ctx, ItemQuery{FeedID: tech})
	s.SetRead(ctx, []int64{items[0].ID}, true)

	counts, err := s.FolderCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][2]int{}
	for _, c := range counts {
		got[c.Path] = [2]int{c.Items, c.Unread}
	}
	want := map[string][2]int{"News": {6, 5}, "News/Tech": {3, 2}, "Newsletters": {3, 3}}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("folder %s counts %v, want %v", path, got[path], w)
		}
	}
	chain, err := s.FolderCountsOf(ctx, "News/Tech")
	if err != nil || len(chain) != 2 || chain[0].Path != "News/Tech" || chain[1].Path != "News" ||
		chain[0].Unread != 2 || chain[1].Items != 6 {
		t.Fatalf("FolderCountsOf(News/Tech) = %+v, %v; want News/Tech then News with their totals", chain, err)
	}
	river, _ := s.Items(ctx, ItemQuery{FolderPath: "News"})
	if len(river) != 6 {
		t.Fatalf("folder News lists %d items, want 6 (its subtree, not Newsletters)", len(river))
	}
	if n, _ := s.MarkFolderRead(ctx, "News"); n != 5 {
		t.Fatalf("MarkFolderRead marked %d, want 5", n)
	}
	f, _ := s.Feed(ctx, other)
	if f.UnreadCount != 3 {
		t.Fatalf("Newsletters feed unread %d, want untouched 3", f.UnreadCount)
	}
}

func TestRemoveFeedTakesItsItemsAndReturnsFiles(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	keep := addFeed(t, s, "http://b.example/feed", "")
	items := datedItems(2, *now)
	items[0].Enclosures = []document.Enclosure{{URL: "http://a.example/x.mp3"}}
	record(t, s, id, *now, docOf(items...), 0)
	record(t, s, keep, *now, docOf(datedItems(2, *now)...), 0)
	s.db.ExecContext(ctx, `UPDATE enclosures SET path = '/enc/x.mp3'`)
	files, err := s.RemoveFeed(ctx, id)
	if err != nil || len(files) != 1 || files[0] != "/enc/x.mp3" {
		t.Fatalf("RemoveFeed = %v, %v", files, err)
	}
	var n int
	s.db.QueryRowContext(ctx, `SELECT count(*) FROM items`).Scan(&n)
	if n != 2 {
		t.Fatalf("%d items left, want only the other feed's 2", n)
	}
	if _, err := s.RemoveFeed(ctx, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second RemoveFeed = %v, want ErrNotFound", err)
	}
}

func TestUpdateFeedSettings(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, &document.Document{Title: "Publisher title"}, 0)
	title, folder, sync, interval, enc := "Mine", "Blogs/Go", SyncInterval, 30, true
	err := s.UpdateFeedSettings(ctx, id, FeedSettings{Title: &title, FolderPath: &folder, Sync: &sync,
		IntervalMinutes: &interval, DownloadEnclosures: &enc})
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, id, *now, &document.Document{Title: "Publisher title 2"}, 0)
	f, _ := s.Feed(ctx, id)
	if f.Title != "Mine" || f.FolderPath != "Blogs/Go" || f.Sync != SyncInterval || f.IntervalMinutes != 30 || !f.DownloadEnclosures {
		t.Fatalf("feed after settings = %+v", f)
	}
	bad := "sometimes"
	if err := s.UpdateFeedSettings(ctx, id, FeedSettings{Sync: &bad}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("bad sync = %v, want ErrInvalid", err)
	}
	empty := ""
	s.UpdateFeedSettings(ctx, id, FeedSettings{Title: &empty})
	record(t, s, id, *now, &document.Document{Title: "Publisher title 3"}, 0)
	if f, _ = s.Feed(ctx, id); f.Title != "Publisher title 3" {
		t.Fatalf("title %q, want the publisher's back after clearing", f.Title)
	}
}

func TestGoneFeedStopsAndRestartsOnlyWhenAsked(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	st, err := s.RecordFailure(ctx, id, Failure{At: *now, NextSyncAt: *now, Error: "gone (410)", Stop: StoppedGone, Counted: true})
	if err != nil || st.Failures != 1 || st.LastError != "gone (410)" {
		t.Fatalf("RecordFailure = %+v, %v", st, err)
	}
	f, _ := s.Feed(ctx, id)
	if f.Sync != SyncManual || f.Stopped != StoppedGone {
		t.Fatalf("after 410: sync=%s stopped=%s", f.Sync, f.Stopped)
	}
	def := SyncDefault
	s.UpdateFeedSettings(ctx, id, FeedSettings{Sync: &def})
	if f, _ = s.Feed(ctx, id); f.Stopped != "" || f.Sync != SyncDefault {
		t.Fatalf("after re-enabling: sync=%s stopped=%q", f.Sync, f.Stopped)
	}
}

func TestMarkUnknownItemChangesNothing(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(datedItems(1, *now)...), 0)
	items, _ := s.Items(ctx, ItemQuery{})
	err := s.SetRead(ctx, []int64{items[0].ID, 424242}, true)
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetRead with an unknown id = %v, want ErrNotFound", err)
	}
	if it, _ := s.Item(ctx, items[0].ID); it.Read {
		t.Fatal("a failed SetRead marked the known item read")
	}
}

// A folded folder stays folded for the next reader (and reopened, open);
// a folder that is not there is an error.
func TestFolderCollapsedIsKept(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	addFeed(t, s, "http://a.test/", "News/Tech")
	if err := s.SetFolderCollapsed(ctx, "News", true); err != nil {
		t.Fatal(err)
	}
	folded := func() map[string]bool {
		counts, err := s.FolderCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]bool{}
		for _, c := range counts {
			m[c.Path] = c.Collapsed
		}
		return m
	}
	if got := folded(); !got["News"] || got["News/Tech"] {
		t.Errorf("folded %v, want News only", got)
	}
	if err := s.SetFolderCollapsed(ctx, "News", false); err != nil {
		t.Fatal(err)
	}
	if got := folded(); got["News"] {
		t.Errorf("folded %v after reopening", got)
	}
	if err := s.SetFolderCollapsed(ctx, "Nowhere", true); !errors.Is(err, ErrNotFound) {
		t.Errorf("folding a missing folder: %v, want ErrNotFound", err)
	}
}
