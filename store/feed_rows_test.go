package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// TestFeedRowsAreFeedsRows checks the lean rows against the full feeds:
// the same feeds in the same order, each row what Feed.Row makes of its
// feed, over feeds never downloaded, downloaded, failing, stopped,
// watched, manual and of the account.
func TestFeedRowsAreFeedsRows(t *testing.T) {
	ctx := context.Background()
	s, now := newTestStore(t)
	fresh := addFeed(t, s, "https://a.example/feed", "News/Tech")
	got := addFeed(t, s, "https://b.example/feed", "")
	failing := addFeed(t, s, "https://c.example/feed", "News")
	gone := addFeed(t, s, "https://d.example/feed", "")
	record(t, s, got, *now, &document.Document{Title: "Bee", Items: []document.Item{{GUID: "1", Title: "one"}}}, 0)
	if _, err := s.RecordFailure(ctx, failing, Failure{At: *now, NextSyncAt: now.Add(time.Hour), Status: 503, Error: "503 Service Unavailable", Counted: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordFailure(ctx, gone, Failure{At: *now, NextSyncAt: *now, Error: "gone (410)", Stop: StoppedGone, Counted: true}); err != nil {
		t.Fatal(err)
	}
	watch, manual := true, SyncManual
	if err := s.UpdateFeedSettings(ctx, fresh, FeedSettings{Watch: &watch, Sync: &manual}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpsertRemoteFeed(ctx, RemoteFeed{RemoteID: "7", URL: weburl.MustParse("https://e.example/feed"), Title: "Remote"}, NewFeed{}); err != nil {
		t.Fatal(err)
	}

	feeds, err := s.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.FeedRows(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(feeds) || len(rows) != 5 {
		t.Fatalf("%d rows for %d feeds, want 5 of each", len(rows), len(feeds))
	}
	for i, f := range feeds {
		if rows[i] != f.Row() {
			t.Errorf("row %d = %+v, want %+v", i, rows[i], f.Row())
		}
		one, err := s.FeedRow(ctx, f.ID)
		if err != nil || one != f.Row() {
			t.Errorf("FeedRow(%d) = %+v, %v; want %+v", f.ID, one, err, f.Row())
		}
	}
	marks := map[int64]func(FeedRow) bool{
		fresh: func(r FeedRow) bool { return r.Watch && r.Manual && !r.Attempted },
		got: func(r FeedRow) bool {
			return r.Attempted && r.Downloaded == now.Unix() && r.ItemCount == 1 && r.UnreadCount == 1
		},
		failing: func(r FeedRow) bool { return r.LastError != "" && r.Failures == 1 && r.Downloaded == 0 },
		gone:    func(r FeedRow) bool { return r.Stopped == StoppedGone },
	}
	for _, r := range rows {
		if want, ok := marks[r.ID]; ok && !want(r) {
			t.Errorf("row %+v lacks its marks", r)
		}
		if r.Title == "Remote" && !r.Remote {
			t.Errorf("row %+v: not the account's", r)
		}
	}
}

// TestFeedsByIDLeavesOutTheGone reads feeds by id in the ids' order and
// leaves out an id no feed has; FeedRow of such an id is ErrNotFound.
func TestFeedsByIDLeavesOutTheGone(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	a := addFeed(t, s, "https://a.example/feed", "")
	b := addFeed(t, s, "https://b.example/feed", "")
	feeds, err := s.FeedsByID(ctx, []int64{b, 999, a})
	if err != nil || len(feeds) != 2 || feeds[0].ID != b || feeds[1].ID != a {
		t.Fatalf("FeedsByID = %+v, %v; want feeds %d and %d", feeds, err, b, a)
	}
	if _, err := s.FeedRow(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("FeedRow(999): %v, want ErrNotFound", err)
	}
}
