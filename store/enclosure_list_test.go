package store

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestEnclosureQueueListsWhatWasAskedForInGroups(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3",
		"http://a.example/3.mp3", "http://a.example/4.mp3", "http://a.example/5.mp3")
	if _, err := s.QueueEnclosures(ctx, ids[:4], *now, EnclosureNone); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishEnclosure(ctx, ids[0], EnclosureOutcome{Status: EnclosureDownloaded, Path: "/tmp/1.mp3", BytesDone: 10}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishEnclosure(ctx, ids[1], EnclosureOutcome{Status: EnclosureFailed, Error: "404"}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := s.ClaimEnclosure(ctx, ids[2], "me"); err != nil {
		t.Fatal(err)
	}
	got, err := s.EnclosureQueue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, q := range got {
		order = append(order, q.Status+" "+strings.TrimPrefix(q.URL, "http://a.example/"))
		if q.FeedTitle == "" || q.ItemTitle == "" {
			t.Errorf("entry %+v lacks its titles", q)
		}
	}
	if want := "downloading 3.mp3,queued 4.mp3,failed 2.mp3,downloaded 1.mp3"; strings.Join(order, ",") != want {
		t.Errorf("queue %v, want %s (5.mp3, never asked for, left out)", order, want)
	}

	was, err := s.RemoveEnclosure(ctx, ids[0], EnclosureDownloaded)
	if err != nil || was.Path != "/tmp/1.mp3" {
		t.Fatalf("remove a downloaded one: %+v, %v", was, err)
	}
	if _, err := s.RemoveEnclosure(ctx, ids[1], EnclosureQueued); !errors.Is(err, ErrInvalid) {
		t.Errorf("cancel a failed one as queued: %v, want ErrInvalid", err)
	}
	if _, err := s.RemoveEnclosure(ctx, 999, EnclosureQueued); !errors.Is(err, ErrNotFound) {
		t.Errorf("remove an unknown one: %v", err)
	}
	jobs, err := s.EnclosureJobs(ctx, EnclosureQuery{IDs: ids[:1]})
	if err != nil || jobs[0].Status != EnclosureRemoved || jobs[0].Path != "" {
		t.Fatalf("after remove: %+v, %v", jobs, err)
	}
	// The feed's automatic downloads take only new ones: a removed one stays.
	if q, err := s.QueueEnclosures(ctx, ids[:1], *now, EnclosureNone); err != nil || len(q) != 0 {
		t.Errorf("queued a removed one automatically: %v, %v", q, err)
	}
	if q, err := s.QueueEnclosures(ctx, ids[:1], *now, EnclosureNone, EnclosureFailed, EnclosureRemoved); err != nil || len(q) != 1 {
		t.Errorf("asked for again: %v, %v", q, err)
	}
}

// The migration that rebuilds the table keeps every row and column.
func TestEnclosureRemovedMigrationKeepsTheRows(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3")
	s.QueueEnclosures(ctx, ids, *now, EnclosureNone)
	if err := s.SetEnclosureProgress(ctx, ids[1], EnclosureProgress{Path: "/tmp/2.mp3", PartPath: "/tmp/2.mp3.part",
		Validator: `"v"`, BytesDone: 5, BytesTotal: 9}); err != nil {
		t.Fatal(err)
	}
	before, _ := s.EnclosureJobs(ctx, EnclosureQuery{})
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	var m migration
	for _, mm := range ms {
		if strings.HasSuffix(mm.name, "_enclosure_removed.sql") {
			m = mm
		}
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = ?`, m.version); err != nil {
		t.Fatal(err)
	}
	if err := s.apply(ctx, m); err != nil {
		t.Fatal(err)
	}
	after, err := s.EnclosureJobs(ctx, EnclosureQuery{})
	if err != nil || len(after) != len(before) {
		t.Fatalf("after: %v, %v", after, err)
	}
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("row %d: %+v, was %+v", i, after[i], before[i])
		}
	}
}
