package engine

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/store"
)

func TestDispatchOrderSkipsBusyHosts(t *testing.T) {
	feeds := func(urls ...string) []string { return urls }
	a, b, c := "http://a.test/", "http://b.test/", "http://c.test/"
	tests := []struct {
		name    string
		feeds   []string
		perHost int
		// steps: a number n takes the next feed and wants n (-1: none
		// may be handed out); "done n" is written as -(n+2).
		steps []int
	}{
		{"in order when hosts differ", feeds(a+"1", b+"1", c+"1"), 1, []int{0, 1, 2, -1}},
		{"skips past a busy host", feeds(a+"1", a+"2", b+"1", a+"3"), 1, []int{0, 2, -1, -(0 + 2), 1, -1, -(1 + 2), 3}},
		{"two places per host", feeds(a+"1", a+"2", a+"3", b+"1"), 2, []int{0, 1, 3, -1, -(1 + 2), 2}},
		{"a freed host comes back in order", feeds(a+"1", b+"1", a+"2", b+"2"), 1, []int{0, 1, -1, -(1 + 2), 3, -(0 + 2), 2}},
		{"a refused URL is its own host", feeds("ftp://x/1", "ftp://x/2", a+"1"), 1, []int{0, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDispatch(tt.feeds, tt.perHost)
			for k, s := range tt.steps {
				if s <= -2 {
					d.done(-s - 2)
					continue
				}
				i, ok := d.next()
				if s == -1 && ok {
					t.Fatalf("step %d: handed out %d, want none", k, i)
				}
				if s >= 0 && (!ok || i != s) {
					t.Fatalf("step %d: handed out %d (%v), want %d", k, i, ok, s)
				}
			}
		})
	}
}

// blockingParse replaces the engine's parser with one that waits on gate
// and reports each call on started.
func blockingParse(e *Engine, started chan<- struct{}, gate <-chan struct{}) {
	real := e.parse
	e.parse = func(r io.Reader, opts feed.Options) (*document.Document, error) {
		started <- struct{}{}
		<-gate
		return real(r, opts)
	}
}

// SyncFeeds keeps at most syncWorkers feeds under way: with one thread
// and that many feeds stuck in the parser, no further request goes out,
// however many feeds wait (before, every feed had its goroutine and the
// requests went on while documents piled up in memory).
func TestSyncFeedsBoundsFeedsUnderWay(t *testing.T) {
	arrived := make(chan string, 64)
	servers := hostServers(t, syncWorkers(1)+6, func(w http.ResponseWriter, r *http.Request) {
		arrived <- r.Host
		w.Write([]byte(rssDoc("", "x")))
	})
	var urls []string
	for _, s := range servers {
		urls = append(urls, s.URL+"/feed")
	}
	eng, feeds := engineFor(t, urls, func(c *config.Config) {
		c.Sync.BucketRefillPerSecond = 0
		c.Sync.DownloadThreads = 1
	})
	started, gate := make(chan struct{}, 64), make(chan struct{})
	blockingParse(eng, started, gate)
	done := make(chan []Result)
	go func() { done <- eng.SyncFeeds(context.Background(), feeds, true, nil) }()
	workers := syncWorkers(1)
	for range workers {
		waitOn(t, started, "a parse")
		<-arrived
	}
	select {
	case h := <-arrived:
		t.Fatalf("a request to %s went out while %d feeds sat in the parser", h, workers)
	case <-time.After(200 * time.Millisecond):
	}
	close(gate)
	for _, r := range <-done {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
}

// A feed whose host is free is taken before feeds queued behind a busy
// host: with the first host's feeds first in line (more than there are
// workers) and its first request held, the second host's feed still goes
// out (a pool handing out feeds strictly in order would fill every worker
// with the busy host's feeds).
func TestSyncFeedsDoesNotWaitOnABusyHost(t *testing.T) {
	release, arrivedB := make(chan struct{}), make(chan struct{})
	var releaseOnce, arrivedOnce sync.Once
	servers := hostServers(t, 2, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/b" {
			arrivedOnce.Do(func() { close(arrivedB) })
		} else {
			<-release
		}
		w.Write([]byte(rssDoc("", r.URL.Path)))
	})
	letGo := func() { releaseOnce.Do(func() { close(release) }) }
	t.Cleanup(letGo) // before the servers close, even when the test fails
	busy, free := servers[0], servers[1]
	var urls []string
	for i := range syncWorkers(2) + 2 {
		urls = append(urls, fmt.Sprintf("%s/a%d", busy.URL, i))
	}
	urls = append(urls, free.URL+"/b")
	eng, feeds := engineFor(t, urls, func(c *config.Config) {
		c.Sync.BucketRefillPerSecond = 0
		c.Sync.DownloadThreads = 2
	})
	order := []string{}
	done := make(chan []Result)
	go func() {
		done <- eng.SyncFeeds(context.Background(), feeds, true, func(r Result) { order = append(order, r.URL) })
	}()
	waitOn(t, arrivedB, "the free host's request")
	letGo()
	results := <-done
	for i, r := range results {
		if r.Err != nil || r.URL != feeds[i].URL {
			t.Fatalf("result %d: %s %v, want %s in the order given", i, r.URL, r.Err, feeds[i].URL)
		}
	}
	if len(order) != len(feeds) || !slices.Contains(order, free.URL+"/b") {
		t.Fatalf("done called for %v", order)
	}
}

// waitOn waits for ch with a bounded deadline.
func waitOn[T any](t *testing.T, ch <-chan T, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("waited 10 s for %s", what)
	}
}

// An offline verdict may need every feed of the round, while a held
// failure waits for that verdict: with more feeds than workers, all but
// one on a single host, the held feeds must give up their worker and
// their host's place, or the round would never end.
func TestAnOfflineRoundLargerThanTheWorkersEnds(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB}, func(c *config.Config) {
		c.Sync.DownloadThreads = 1
		c.Sync.PerHostConnections = 1
	})
	paths := []string{"/a", "/b", "/c", "/d", "/e", "/f"}
	var feeds []store.Feed
	for _, p := range paths {
		feeds = append(feeds, h.subscribe(p, hostA)...)
	}
	feeds = append(feeds, h.subscribe("/a", hostB)...) // a second host, last in line
	if n := len(feeds); n <= syncWorkers(1) || n >= offlineQuorum {
		t.Fatalf("%d feeds: the test needs more than the %d workers and fewer than the quorum %d", n, syncWorkers(1), offlineQuorum)
	}
	h.net.setAll(refuse)
	res := h.eng.SyncFeeds(context.Background(), feeds, true, nil)
	for _, r := range res {
		if !r.Offline {
			t.Errorf("%s = %+v, want an offline result", r.URL, r)
		}
	}
	if off, _ := h.eng.Offline(); !off {
		t.Error("Offline() = false after a round that reached no server on two hosts")
	}
}
