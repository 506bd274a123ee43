package engine

import (
	"context"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/store"
)

func TestFeedsSkippedNotice(t *testing.T) {
	tests := []struct {
		skipped FeedsSkipped
		want    string
	}{
		{FeedsSkipped{Count: 12, PIDs: []int{4242}}, "12 feeds skipped: being downloaded by another tidings process (pid 4242)"},
		{FeedsSkipped{Count: 1, PIDs: []int{7}}, "1 feed skipped: being downloaded by another tidings process (pid 7)"},
		{FeedsSkipped{Count: 3, PIDs: []int{7, 4242}}, "3 feeds skipped: being downloaded by another tidings process (pids 7, 4242)"},
		{FeedsSkipped{Count: 2}, "2 feeds skipped: being downloaded by another tidings process"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.skipped.Notice(); got != tt.want {
				t.Fatalf("Notice() = %q", got)
			}
		})
	}
}

// TestFeedHeldByALiveProcessIsSkippedAndSaidSo: a feed another live
// process is downloading is not fetched; the result names the holder and
// the run ends with a FeedsSkipped event carrying its pid.
func TestFeedHeldByALiveProcessIsSkippedAndSaidSo(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/held", rssDoc("", "a"))
	h.srv.serveDoc("/free", rssDoc("", "b"))
	held, free := h.add("/held"), h.add("/free")
	other := store.Owner{Host: "elsewhere.example", PID: 4242, Start: "1.1"}.String()
	if _, ok, _, err := h.store.ClaimFeed(context.Background(), held.ID, other, t0, t0.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("claim: %v %v", ok, err)
	}
	res := h.eng.SyncFeeds(context.Background(), []store.Feed{held, free}, true, nil)
	if !res[0].Skipped || res[0].HeldBy != other || res[0].Err != nil {
		t.Fatalf("held feed: %+v, want skipped and held by %s", res[0], other)
	}
	if res[1].Skipped || res[1].Err != nil || res[1].NewItems != 1 {
		t.Fatalf("free feed: %+v", res[1])
	}
	if n := len(h.srv.requests("/held")); n != 0 {
		t.Fatalf("the held feed was fetched %d times", n)
	}
	want := "1 feed skipped: being downloaded by another tidings process (pid 4242)"
	if got := SkipNotice(res); got != want {
		t.Fatalf("SkipNotice = %q, want %q", got, want)
	}
	for {
		select {
		case ev := <-h.eng.Events():
			if s, ok := ev.(FeedsSkipped); ok {
				if s.Notice() != want {
					t.Fatalf("event notice %q", s.Notice())
				}
				return
			}
		default:
			t.Fatal("no FeedsSkipped event")
		}
	}
}

// TestFeedHeldByAnExitedProcessIsFetchedAtOnce: a claim whose process has
// exited does not wait for its lease.
func TestFeedHeldByAnExitedProcessIsFetchedAtOnce(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", rssDoc("", "a"))
	f := h.add("/f")
	if _, ok, _, err := h.store.ClaimFeed(context.Background(), f.ID, exitedOwner(), t0, t0.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("claim: %v %v", ok, err)
	}
	if r := h.mustSync(f); r.Skipped || r.NewItems != 1 {
		t.Fatalf("result %+v, want the feed fetched", r)
	}
}
