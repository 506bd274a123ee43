package engine

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// salted is base × (1 + the harness's salt).
func salted(base time.Duration) time.Duration {
	return time.Duration(float64(base) * (1 + testSalt*0.10))
}

func TestNextSyncLiesInTheSaltedWindow(t *testing.T) {
	cases := []struct {
		name    string
		feed    store.NewFeed
		channel string
		base    time.Duration
	}{
		{"default interval", store.NewFeed{}, "", 24 * time.Hour},
		{"custom interval", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 30}, "", 30 * time.Minute},
		{"interval under the minimum", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 5}, "", 15 * time.Minute},
		{"TTL above the interval", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 60}, "<ttl>120</ttl>", 120 * time.Minute},
		{"sy:updatePeriod hourly/2 under the interval", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 60},
			`<sy:updatePeriod xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">hourly</sy:updatePeriod>`, 60 * time.Minute},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.serveDoc("/f", rssDoc(tc.channel, "a"))
			f := h.add("/f", tc.feed)
			h.mustSync(f)
			got := h.feed(f.ID).State.NextSyncAt
			if want := t0.Add(salted(tc.base)); got == nil || !got.Equal(want) {
				t.Fatalf("next_sync_at = %v, want %v", got, want)
			}
		})
	}
}

func TestNextSyncSaltStaysWithinTenPercent(t *testing.T) {
	for _, salt := range []float64{0, 0.999999} {
		h := newHarness(t)
		h.eng.salt = func() float64 { return salt * maxSalt }
		h.srv.serveDoc("/f", rssDoc("", "a"))
		f := h.add("/f")
		h.mustSync(f)
		next := *h.feed(f.ID).State.NextSyncAt
		if next.Before(t0.Add(24*time.Hour)) || next.After(t0.Add(24*time.Hour+144*time.Minute)) {
			t.Fatalf("salt %v: next sync %v outside [24h, 26.4h]", salt, next.Sub(t0))
		}
	}
}

func TestCacheControlRaisesTheNextSync(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", rssDoc("", "a"), "Cache-Control", "max-age=7200")
	f := h.add("/f", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 30})
	h.mustSync(f)
	if got, want := *h.feed(f.ID).State.NextSyncAt, t0.Add(salted(2*time.Hour)); !got.Equal(want) {
		t.Fatalf("next sync %v, want %v (max-age 2 h over a 30 min interval)", got.Sub(t0), want.Sub(t0))
	}
}

func TestSkipHoursMoveTheNextSync(t *testing.T) {
	skip := `<skipHours><hour>10</hour><hour>11</hour><hour>12</hour></skipHours>`
	for _, honor := range []bool{true, false} {
		h := newHarness(t, func(c *config.Config) { c.Sync.HonorSkipHints = honor })
		h.srv.serveDoc("/f", rssDoc(skip, "a"))
		f := h.add("/f", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 30})
		h.mustSync(f)
		got := *h.feed(f.ID).State.NextSyncAt
		want := t0.Add(salted(30 * time.Minute)) // 10:31:30, inside the skipped hours
		if honor {
			want = time.Date(2026, 11, 2, 13, 0, 0, 0, time.UTC)
		}
		if !got.Equal(want) {
			t.Errorf("honor=%v: next sync %v, want %v", honor, got, want)
		}
	}
}

func TestBackoffDoublesThenCapsAtTheInterval(t *testing.T) {
	h := newHarness(t)
	h.srv.handle("/f", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	f := h.add("/f", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 15})
	wantMinutes := []time.Duration{1, 2, 4, 8, 15, 15}
	for i, m := range wantMinutes {
		now := h.clock.Now()
		r := h.sync(f)
		if r.Err == nil {
			t.Fatal("a 500 was taken as success")
		}
		st := h.feed(f.ID).State
		if st.Failures != i+1 {
			t.Fatalf("failures = %d, want %d", st.Failures, i+1)
		}
		if got, want := st.NextSyncAt.Sub(now), salted(m*time.Minute); got != want {
			t.Fatalf("retry %d after %v, want %v", i+1, got, want)
		}
		h.clock.Advance(st.NextSyncAt.Sub(now))
	}
	// A success resets the count and the error.
	h.srv.serveDoc("/f", rssDoc("", "a"))
	h.mustSync(f)
	if st := h.feed(f.ID).State; st.Failures != 0 || st.LastError != "" {
		t.Fatalf("after success: failures %d, last_error %q", st.Failures, st.LastError)
	}
}

func TestRetryAfterIsNeverRetriedSooner(t *testing.T) {
	for _, tc := range []struct {
		status int
		header string
		want   time.Duration
	}{
		{http.StatusTooManyRequests, "3600", time.Hour},
		{http.StatusServiceUnavailable, t0.Add(3 * time.Hour).Format(http.TimeFormat), 3 * time.Hour},
		{http.StatusServiceUnavailable, "999999", 24 * time.Hour},
	} {
		h := newHarness(t)
		h.srv.handle("/f", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Retry-After", tc.header)
			w.WriteHeader(tc.status)
		})
		f := h.add("/f")
		h.sync(f)
		st := h.feed(f.ID).State
		if got := st.NextSyncAt.Sub(t0); got < tc.want {
			t.Errorf("%d Retry-After %s: retry in %v, want at least %v", tc.status, tc.header, got, tc.want)
		}
		if tc.want == 24*time.Hour && st.NextSyncAt.Sub(t0) > salted(24*time.Hour) {
			t.Errorf("Retry-After was not capped at 24 h: %v", st.NextSyncAt.Sub(t0))
		}
	}
}

func TestDueFeedsMissedMostFirst(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"/a", "/b", "/c"} {
		h.srv.serveDoc(p, rssDoc("", "x"))
	}
	a := h.add("/a", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 60})
	b := h.add("/b", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 20})
	c := h.add("/c", store.NewFeed{Sync: store.SyncManual})
	for _, f := range []store.Feed{a, b, c} {
		h.mustSync(f)
	}
	h.clock.Advance(3 * time.Hour)
	due, err := h.store.DueFeeds(context.Background(), h.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(due) != 2 || due[0].ID != b.ID || due[1].ID != a.ID {
		t.Fatalf("due = %v, want b (missed most) then a, and never the manual c", feedIDs(due))
	}
}

func feedIDs(fs []store.Feed) []int64 {
	var ids []int64
	for _, f := range fs {
		ids = append(ids, f.ID)
	}
	return ids
}

func TestSchedulerRunsDueFeedsOnItsTick(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", rssDoc("", "a"))
	f := h.add("/f", store.NewFeed{Sync: store.SyncInterval, IntervalMinutes: 15})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.eng.Run(ctx) }()

	h.clock.BlockUntil(1) // first pass done, sleeping
	if n := len(h.srv.requests("/f")); n != 1 {
		t.Fatalf("%d requests after the first pass, want 1", n)
	}
	// The feed falls due after 15.75 min, sooner than the 5-minute ticks
	// would notice exactly; the scheduler wakes for it.
	for range 4 {
		h.clock.Advance(5 * time.Minute)
		h.clock.BlockUntil(1)
	}
	if n := len(h.srv.requests("/f")); n != 2 {
		t.Fatalf("%d requests after 20 minutes, want 2", n)
	}
	_ = f
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
}

func TestEventsComeInOrder(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", rssDoc("", "a", "b"))
	id, err := h.store.AddFeed(context.Background(), store.NewFeed{URL: weburl.MustParse(h.srv.URL + "/f"), FolderPath: "News/Tech"})
	if err != nil {
		t.Fatal(err)
	}
	h.mustSync(h.feed(id))
	var got []Event
	for len(h.eng.Events()) > 0 {
		got = append(got, <-h.eng.Events())
	}
	if len(got) != 5 {
		t.Fatalf("%d events: %#v", len(got), got)
	}
	if e, ok := got[0].(FeedDownloading); !ok || e.FeedID != id {
		t.Errorf("event 1 = %#v", got[0])
	}
	if e, ok := got[1].(FeedDownloadCompleted); !ok || e.Err != nil || e.NewItems != 2 {
		t.Errorf("event 2 = %#v", got[1])
	}
	if e, ok := got[2].(FeedItemCountChanged); !ok || e.Count != 2 || e.Unread != 2 {
		t.Errorf("event 3 = %#v", got[2])
	}
	if e, ok := got[3].(FolderItemCountChanged); !ok || e.Path != "News/Tech" || e.Unread != 2 {
		t.Errorf("event 4 = %#v", got[3])
	}
	if e, ok := got[4].(FolderItemCountChanged); !ok || e.Path != "News" || e.Count != 2 {
		t.Errorf("event 5 = %#v", got[4])
	}
}
