package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// withEnclosures records one item per URL, each with that enclosure, and
// returns the enclosures' ids in the order given.
func withEnclosures(t *testing.T, s *Store, feedID int64, at time.Time, urls ...string) []int64 {
	t.Helper()
	var items []document.Item
	for _, u := range urls {
		items = append(items, document.Item{GUID: u, Title: "item " + u, Enclosures: []document.Enclosure{{URL: u, Type: "audio/mpeg"}}})
	}
	res := record(t, s, feedID, at, docOf(items...), 0)
	jobs, err := s.EnclosureJobs(context.Background(), EnclosureQuery{ItemIDs: res.NewItems})
	if err != nil {
		t.Fatal(err)
	}
	byURL := map[string]int64{}
	for _, j := range jobs {
		byURL[j.URL] = j.ID
		if j.FeedID != feedID || j.ItemTitle != "item "+j.URL || j.Status != EnclosureNone {
			t.Fatalf("job %+v", j)
		}
	}
	ids := make([]int64, len(urls))
	for i, u := range urls {
		ids[i] = byURL[u]
	}
	return ids
}

func TestEnclosureQueueIsFIFOByQueueTime(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3", "http://a.example/3.mp3")
	// Queued in the order 3, 1, 2, a second apart.
	for i, id := range []int64{ids[2], ids[0], ids[1]} {
		got, err := s.QueueEnclosures(ctx, []int64{id}, now.Add(time.Duration(i)*time.Second), EnclosureNone)
		if err != nil || len(got) != 1 {
			t.Fatalf("queue %d: %v %v", id, got, err)
		}
	}
	var order []int64
	for {
		job, ok, err := s.ClaimNextEnclosure(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if job.Status != EnclosureDownloading {
			t.Fatalf("claimed job has status %q", job.Status)
		}
		order = append(order, job.ID)
	}
	if want := []int64{ids[2], ids[0], ids[1]}; fmt.Sprint(order) != fmt.Sprint(want) {
		t.Fatalf("claimed %v, want %v", order, want)
	}
}

func TestQueueEnclosuresOnlyFromTheGivenStates(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3")
	if err := s.FinishEnclosure(ctx, ids[1], EnclosureOutcome{Status: EnclosureFailed, Error: "boom"}); err != nil {
		t.Fatal(err)
	}
	got, err := s.QueueEnclosures(ctx, ids, *now, EnclosureNone)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(ids[:1]) {
		t.Fatalf("automatic queueing took %v (%v), want only the new one %v", got, err, ids[:1])
	}
	got, err = s.QueueEnclosures(ctx, ids, *now, EnclosureNone, EnclosureFailed)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(ids[1:]) {
		t.Fatalf("a retry took %v (%v), want the failed one %v", got, err, ids[1:])
	}
	jobs, _ := s.EnclosureJobs(ctx, EnclosureQuery{IDs: ids[1:]})
	if jobs[0].Status != EnclosureQueued || jobs[0].Error != "" {
		t.Fatalf("retried enclosure %+v, want queued without its old error", jobs[0])
	}
}

func TestRequeueKeepsPlaceAndProgress(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3")
	s.QueueEnclosures(ctx, ids[:1], *now, EnclosureNone)
	s.QueueEnclosures(ctx, ids[1:], now.Add(time.Minute), EnclosureNone)
	first, _, _ := s.ClaimNextEnclosure(ctx, "a")
	if err := s.SetEnclosureProgress(ctx, first.ID, EnclosureProgress{Path: "/enc/1/1.mp3", PartPath: "/enc/1/1.mp3.part",
		Validator: `"v1"`, BytesDone: 100, BytesTotal: 1000}); err != nil {
		t.Fatal(err)
	}
	if err := s.RequeueEnclosure(ctx, first.ID); err != nil {
		t.Fatal(err)
	}
	again, ok, err := s.ClaimNextEnclosure(ctx, "a")
	if err != nil || !ok || again.ID != ids[0] {
		t.Fatalf("after requeue claimed %+v (%v), want %d first again", again, err, ids[0])
	}
	if again.Path != "/enc/1/1.mp3" || again.PartPath != "/enc/1/1.mp3.part" || again.Validator != `"v1"` ||
		again.BytesDone != 100 || again.BytesTotal != 1000 {
		t.Fatalf("requeued enclosure lost its progress: %+v", again)
	}
}

func TestClaimEnclosureTakesAnyState(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.exe")
	s.FinishEnclosure(ctx, ids[0], EnclosureOutcome{Status: EnclosureBlocked, Error: "blocked"})
	job, ok, _, err := s.ClaimEnclosure(ctx, ids[0], "a")
	if err != nil || !ok || job.Status != EnclosureDownloading {
		t.Fatalf("claim: %+v %v %v", job, ok, err)
	}
	if _, ok, _, err := s.ClaimEnclosure(ctx, 999, "a"); ok || err != nil {
		t.Fatalf("claim of an unknown enclosure: ok=%v err=%v", ok, err)
	}
}

func TestFinishEnclosure(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3")
	out := EnclosureOutcome{Status: EnclosureDownloaded, Path: "/enc/1/1.mp3", BytesDone: 5, BytesTotal: 5}
	if err := s.FinishEnclosure(ctx, ids[0], out); err != nil {
		t.Fatal(err)
	}
	it, _ := s.Items(ctx, ItemQuery{FeedID: feed})
	e := it[0].Enclosures[0]
	if e.Status != EnclosureDownloaded || e.Path != out.Path || e.BytesDone != 5 || e.BytesTotal != 5 {
		t.Fatalf("items show %+v", e)
	}
	if err := s.FinishEnclosure(ctx, ids[0], EnclosureOutcome{Status: EnclosureQueued}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("finish as queued: %v, want ErrInvalid", err)
	}
	if err := s.FinishEnclosure(ctx, 999, out); !errors.Is(err, ErrNotFound) {
		t.Fatalf("finish of an unknown enclosure: %v, want ErrNotFound", err)
	}
}

func TestEnclosurePathsInUseCoverEveryRecordedFile(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	a := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, a, *now, "http://a.example/1.mp3", "http://a.example/2.mp3")
	if err := s.SetEnclosureProgress(ctx, ids[0], EnclosureProgress{Path: "/enc/1/1.mp3", PartPath: "/enc/1/x.part"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		except int64
		paths  []string
		want   bool
	}{
		{ids[1], []string{"/enc/1/1.mp3"}, true},
		{ids[1], []string{"/enc/1/other", "/enc/1/x.part"}, true},
		{ids[0], []string{"/enc/1/1.mp3", "/enc/1/x.part"}, false}, // its own files
		{ids[1], []string{"/enc/1/1.mp3.part"}, false},             // no name is derived
		{ids[1], nil, false},
	} {
		got, err := s.EnclosurePathsInUse(ctx, c.except, c.paths...)
		if err != nil || got != c.want {
			t.Errorf("%v in use except %d: %v (%v), want %v", c.paths, c.except, got, err, c.want)
		}
	}
}

func TestEnclosureJobsInBatches(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	urls := make([]string, 1200)
	for i := range urls {
		urls[i] = fmt.Sprintf("http://a.example/%d.mp3", i)
	}
	ids := withEnclosures(t, s, feed, *now, urls...)
	queued, err := s.QueueEnclosures(ctx, ids, *now, EnclosureNone)
	if err != nil || len(queued) != len(ids) {
		t.Fatalf("queued %d of %d (%v)", len(queued), len(ids), err)
	}
	jobs, err := s.EnclosureJobs(ctx, EnclosureQuery{IDs: ids, Status: EnclosureQueued})
	if err != nil || len(jobs) != len(ids) {
		t.Fatalf("listed %d of %d (%v)", len(jobs), len(ids), err)
	}
	if jobs, _ := s.EnclosureJobs(ctx, EnclosureQuery{IDs: []int64{}}); len(jobs) != 0 {
		t.Fatalf("an empty id list selected %d enclosures", len(jobs))
	}
}
