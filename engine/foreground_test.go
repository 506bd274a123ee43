package engine

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/internal/fakeclock"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// fleet is feeds spread over several loopback hosts, answering after a
// latency of their own, that counts the requests in flight (in all and
// per host) and notes when each arrived by a clock of the test's choosing.
type fleet struct {
	now func() time.Time

	mu       sync.Mutex
	active   int
	peak     int
	perHost  map[string]int
	hostPeak int
	arrivals []time.Time
}

// newFleet starts hosts servers and returns n feed URLs spread over them
// in turn; the feed at path /feedK answers after latency(K).
func newFleet(t *testing.T, hosts, n int, now func() time.Time, latency func(k int) time.Duration) (*fleet, []string) {
	f := &fleet{now: now, perHost: map[string]int{}}
	servers := hostServers(t, hosts, func(w http.ResponseWriter, r *http.Request) {
		var k int
		fmt.Sscanf(r.URL.Path, "/feed%d", &k)
		f.enter(r.Host)
		time.Sleep(latency(k)) // the server's latency, not a synchronisation
		f.leave(r.Host)
		w.Write([]byte(rssDoc("", fmt.Sprint("item", k))))
	})
	urls := make([]string, n)
	for k := range urls {
		urls[k] = fmt.Sprintf("%s/feed%d", servers[k%hosts].URL, k)
	}
	return f, urls
}

func (f *fleet) enter(host string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.arrivals = append(f.arrivals, f.now())
	f.active++
	f.peak = max(f.peak, f.active)
	f.perHost[host]++
	f.hostPeak = max(f.hostPeak, f.perHost[host])
}

func (f *fleet) leave(host string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.active--
	f.perHost[host]--
}

// fleetEngine subscribes to urls in a new store and returns an engine
// with the default [sync] configuration (the platform's bucket, 4 in
// flight, 1 per host) reading time from clock (nil: the real one).
func fleetEngine(t *testing.T, urls []string, clock Clock) (*Engine, []store.Feed) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, u := range urls {
		if _, err := st.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse(u)}); err != nil {
			t.Fatal(err)
		}
	}
	feeds, err := st.AutoFeeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	if cfg.Sync.BucketInitial != 2 || cfg.Sync.BucketCapacity != 4 || cfg.Sync.BucketRefillPerSecond != 1 ||
		cfg.Sync.DownloadThreads != 4 || cfg.Sync.PerHostConnections != 1 {
		t.Fatalf("the default [sync] is not the platform's: %+v", cfg.Sync)
	}
	return New(st, cfg, Options{Version: "test", Clock: clock, Owner: "test",
		Machine: newFakeMachine(t, routeDefault).options()}), feeds
}

// fleetFeeds and fleetHosts are the size of the refresh the issue
// measured: 300 feeds freshly imported, here over 20 hosts.
const fleetFeeds, fleetHosts = 300, 20

// fleetLatency is 100 to 300 ms, spread evenly over the feeds.
func fleetLatency(k int) time.Duration {
	return time.Duration(100+(k*37)%201) * time.Millisecond
}

// backgroundFloor is the least time the platform's bucket lets n
// background requests take: 2 tokens at start, then one a second.
func backgroundFloor(n int) time.Duration { return time.Duration(n-2) * time.Second }

// TestForegroundRefreshOf300Feeds: a refresh a person waits on (R) over
// 300 feeds answering in 100–300 ms is bounded by the requests in flight
// and per host alone — at least five times faster than the background's
// one request a second (TestBackgroundRoundKeepsOneRequestASecond
// measures that on the same fleet) — and never more than 4 in flight or 1
// per host.
func TestForegroundRefreshOf300Feeds(t *testing.T) {
	if testing.Short() {
		t.Skip("a real-time refresh of 300 feeds")
	}
	f, urls := newFleet(t, fleetHosts, fleetFeeds, time.Now, fleetLatency)
	eng, feeds := fleetEngine(t, urls, nil)
	start := time.Now()
	results := eng.SyncFeeds(Foreground(context.Background()), feeds, true, nil)
	took := time.Since(start)
	for _, r := range results {
		if r.Err != nil || r.Skipped || r.NewItems != 1 {
			t.Fatalf("%s: %+v", r.URL, r)
		}
	}
	floor := backgroundFloor(fleetFeeds)
	t.Logf("foreground: %d feeds in %v (%.1f/s); background: at least %v (1/s): %.1f× faster",
		fleetFeeds, took.Round(time.Millisecond), float64(fleetFeeds)/took.Seconds(), floor, floor.Seconds()/took.Seconds())
	if took*5 > floor {
		t.Errorf("foreground refresh of %d feeds took %v, want at most a fifth of the background's %v", fleetFeeds, took, floor)
	}
	if f.peak > 4 || f.hostPeak > 1 {
		t.Errorf("peak %d requests in flight and %d to one host, want at most 4 and 1", f.peak, f.hostPeak)
	}
	if len(f.arrivals) != fleetFeeds {
		t.Errorf("%d requests, want %d", len(f.arrivals), fleetFeeds)
	}
}

// TestBackgroundRoundKeepsOneRequestASecond: the same 300 feeds synced in
// the background (the scheduler's tick, a sync from cron) go at the
// bucket's pace — by t seconds at most 2 + t requests, and the last no
// sooner than 298 s — measured on a fake clock the test advances a
// second at a time whenever the round waits for a token.
func TestBackgroundRoundKeepsOneRequestASecond(t *testing.T) {
	clk := fakeclock.New(t0)
	f, urls := newFleet(t, fleetHosts, fleetFeeds, clk.Now, func(int) time.Duration { return 0 })
	eng, feeds := fleetEngine(t, urls, clk)
	done := make(chan []Result, 1)
	go func() { done <- eng.SyncFeeds(context.Background(), feeds, true, nil) }()
	var results []Result
	for results == nil {
		next := clk.NextAfter()
		if clk.Waiters() == 0 {
			select {
			case results = <-done:
				continue
			case <-next:
			}
		}
		clk.Advance(time.Second)
	}
	took := clk.Now().Sub(t0)
	for _, r := range results {
		if r.Err != nil || r.Skipped {
			t.Fatalf("%s: %+v", r.URL, r)
		}
	}
	if len(f.arrivals) != fleetFeeds {
		t.Fatalf("%d requests, want %d", len(f.arrivals), fleetFeeds)
	}
	for k, at := range f.arrivals {
		if allowed := 2 + int(at.Sub(t0)/time.Second); k+1 > allowed {
			t.Fatalf("request %d at %v: more than 2 + t", k+1, at.Sub(t0))
		}
	}
	last := f.arrivals[len(f.arrivals)-1].Sub(t0)
	t.Logf("background: %d feeds in %v of the bucket's time (last request at %v)", fleetFeeds, took, last)
	if floor := backgroundFloor(fleetFeeds); last < floor || last > floor+2*time.Second {
		t.Errorf("the last of %d requests at %v, want the bucket's pace: %v", fleetFeeds, last, floor)
	}
}

// TestForegroundNeverWaitsForTheClock: a foreground round on a fake clock
// that never moves finishes: no request waited for a token.
func TestForegroundNeverWaitsForTheClock(t *testing.T) {
	clk := fakeclock.New(t0)
	_, urls := newFleet(t, 6, 24, clk.Now, func(int) time.Duration { return 0 })
	eng, feeds := fleetEngine(t, urls, clk)
	for _, r := range eng.SyncFeeds(Foreground(context.Background()), feeds, true, nil) {
		if r.Err != nil || r.Skipped {
			t.Fatalf("%s: %+v", r.URL, r)
		}
	}
	if n := clk.Waiters(); n != 0 {
		t.Fatalf("%d waits on the clock in the foreground", n)
	}
}
