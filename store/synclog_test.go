package store

import (
	"context"
	"slices"
	"testing"
	"time"
)

func TestSyncLogSinceSeesEveryProcessesNewItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	base, err := s.LastSyncLogID(ctx)
	if err != nil || base != 0 {
		t.Fatalf("empty log: %d, %v", base, err)
	}
	record(t, s, id, *now, docOf(datedItems(2, *now)...), 0)
	record(t, s, id, now.Add(time.Hour), docOf(datedItems(2, *now)...), 0) // nothing new
	got, err := s.SyncLogSince(ctx, base)
	if err != nil || len(got) != 1 || got[0].NewItems != 2 || got[0].FeedID != id {
		t.Fatalf("log since %d: %+v, %v", base, got, err)
	}
	if more, _ := s.SyncLogSince(ctx, got[0].ID); len(more) != 0 {
		t.Errorf("entries after the last: %+v", more)
	}
	last, err := s.LastSync(ctx, id)
	if err != nil || last == nil || !last.At.Equal(now.Add(time.Hour)) || last.NewItems != 0 {
		t.Errorf("last sync %+v, %v", last, err)
	}
}

func TestUnreadIDsAndFlaggedCount(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	a := addFeed(t, s, "http://a.example/a", "News")
	b := addFeed(t, s, "http://a.example/b", "")
	record(t, s, a, *now, docOf(datedItems(3, *now)...), 0)
	record(t, s, b, *now, docOf(datedItems(2, *now)...), 0)
	items, _ := s.Items(ctx, ItemQuery{FeedID: a})
	s.SetRead(ctx, []int64{items[0].ID}, true)
	s.SetFlagged(ctx, []int64{items[1].ID, items[2].ID}, true)
	ids, err := s.UnreadIDs(ctx, ItemQuery{FolderPath: "News", Limit: 1})
	if err != nil || !slices.Equal(ids, []int64{items[1].ID, items[2].ID}) {
		t.Errorf("unread ids of News %v, %v", ids, err)
	}
	if all, _ := s.UnreadIDs(ctx, ItemQuery{}); len(all) != 4 {
		t.Errorf("unread ids of everything: %v", all)
	}
	if n, err := s.FlaggedCount(ctx); n != 2 || err != nil {
		t.Errorf("flagged %d, %v", n, err)
	}
	unreadView, _ := s.Items(ctx, ItemQuery{Unread: true, AlsoIDs: []int64{items[0].ID}})
	if len(unreadView) != 5 {
		t.Errorf("AlsoIDs keeps a read item listed: %d items", len(unreadView))
	}
}
