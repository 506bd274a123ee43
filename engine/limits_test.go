package engine

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// hostServers starts n feed servers, each on its own loopback address
// (127.0.0.2, 127.0.0.3 …), all answering with handler.
func hostServers(t *testing.T, n int, handler http.HandlerFunc) []*httptest.Server {
	t.Helper()
	var out []*httptest.Server
	for i := range n {
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:0", i+2))
		if err != nil {
			t.Skipf("cannot listen on 127.0.0.%d: %v", i+2, err)
		}
		s := httptest.NewUnstartedServer(handler)
		s.Listener.Close()
		s.Listener = l
		s.Start()
		t.Cleanup(s.Close)
		out = append(out, s)
	}
	return out
}

// engineFor opens a store, subscribes to urls and returns a real-clock
// engine configured by edit.
func engineFor(t *testing.T, urls []string, edit func(*config.Config)) (*Engine, []store.Feed) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, u := range urls {
		if _, err := st.AddFeed(context.Background(), store.NewFeed{URL: weburl.MustParse(u)}); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.Default()
	edit(&cfg)
	feeds, err := st.AutoFeeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return New(st, cfg, Options{Version: "test"}), feeds
}

func TestNeverMoreThanFourRequestsInFlight(t *testing.T) {
	var mu sync.Mutex
	active, peak := 0, 0
	arrived := make(chan struct{}, 64)
	gate := make(chan struct{})
	servers := hostServers(t, 12, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		active++
		peak = max(peak, active)
		mu.Unlock()
		arrived <- struct{}{}
		<-gate
		mu.Lock()
		active--
		mu.Unlock()
		w.Write([]byte(rssDoc("", "x")))
	})
	var urls []string
	for _, s := range servers {
		urls = append(urls, s.URL+"/feed")
	}
	eng, feeds := engineFor(t, urls, func(c *config.Config) { c.Sync.BucketRefillPerSecond = 0 })
	done := make(chan []Result)
	go func() { done <- eng.SyncFeeds(context.Background(), feeds, true, nil) }()

	// Let requests in; whenever four are in flight, give a fifth the chance
	// to arrive (it must not), then let one finish.
	inFlight := 0
	for finished := 0; finished < len(feeds); {
		if inFlight < 4 && finished+inFlight < len(feeds) {
			<-arrived
			inFlight++
			continue
		}
		select {
		case <-arrived:
			t.Fatal("a fifth request arrived while four were in flight")
		case <-time.After(100 * time.Millisecond):
		}
		gate <- struct{}{}
		inFlight--
		finished++
	}
	for _, r := range <-done {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if peak != 4 {
		t.Fatalf("peak in flight %d, want exactly 4", peak)
	}
}

func TestOneHostGetsOneRequestAtATime(t *testing.T) {
	var mu sync.Mutex
	active, peak := 0, 0
	servers := hostServers(t, 1, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		active++
		peak = max(peak, active)
		mu.Unlock()
		w.Write([]byte(rssDoc("", "x")))
		mu.Lock()
		active--
		mu.Unlock()
	})
	var urls []string
	for i := range 8 {
		urls = append(urls, fmt.Sprintf("%s/feed%d", servers[0].URL, i))
	}
	eng, feeds := engineFor(t, urls, func(c *config.Config) { c.Sync.BucketRefillPerSecond = 0 })
	for _, r := range eng.SyncFeeds(context.Background(), feeds, true, nil) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if peak != 1 {
		t.Fatalf("peak requests to one host %d, want 1", peak)
	}
}

// TestTokenBucketPacesAForcedSync syncs 12 feeds on 12 hosts with the
// platform's bucket (2 at start, +1/s, at most 4): in the first t seconds
// no more than 2 + t requests may arrive. It takes about ten seconds.
func TestTokenBucketPacesAForcedSync(t *testing.T) {
	if testing.Short() {
		t.Skip("takes ten seconds of real time")
	}
	var mu sync.Mutex
	var arrivals []time.Time
	servers := hostServers(t, 12, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		arrivals = append(arrivals, time.Now())
		mu.Unlock()
		w.Write([]byte(rssDoc("", "x")))
	})
	var urls []string
	for _, s := range servers {
		urls = append(urls, s.URL+"/feed")
	}
	eng, feeds := engineFor(t, urls, func(*config.Config) {})
	start := time.Now()
	for _, r := range eng.SyncFeeds(context.Background(), feeds, true, nil) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if len(arrivals) != 12 {
		t.Fatalf("%d requests, want 12", len(arrivals))
	}
	const slack = 50 * time.Millisecond // scheduling jitter of the test itself
	for k, at := range arrivals {
		elapsed := at.Sub(start) + slack
		if allowed := 2 + int(elapsed/time.Second); k+1 > allowed {
			t.Errorf("request %d arrived after %v: more than 2 + t", k+1, at.Sub(start))
		}
	}
	if last := arrivals[11].Sub(start); last < 9*time.Second {
		t.Errorf("12 requests took %v, the bucket allows them no sooner than 10 s", last)
	}
}
