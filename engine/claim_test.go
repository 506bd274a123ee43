package engine

import (
	"context"
	"fmt"
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

// A feed is claimed only once its request is about to start. Two
// processes sync the same feeds of one slow host, whose queue takes longer
// than a claim's lease: each feed is fetched once in all, and the second
// process fetches the feeds the first has not reached (instead of
// skipping them as claimed while they merely wait their turn).
func TestAFeedWaitingForASlotHoldsNoClaim(t *testing.T) {
	// The lease is stored in whole seconds, so a 2 s lease lasts 1–2 s:
	// longer than one request, shorter than the queue.
	const feeds, slow, lease = 6, 500 * time.Millisecond, 2 * time.Second // 6 × 0.5 s > the lease
	var mu sync.Mutex
	hits := map[string]int{}
	first := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits[r.URL.Path]++
		mu.Unlock()
		once.Do(func() { close(first) })
		time.Sleep(slow)
		w.Write([]byte(rssDoc("", r.URL.Path)))
	}))
	t.Cleanup(srv.Close)

	db := filepath.Join(t.TempDir(), "tidings.db")
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0
	cfg.Sync.PerHostConnections = 1
	process := func(owner string) *Engine {
		st, err := store.Open(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return New(st, cfg, Options{Version: "test", Owner: owner, ClaimLease: lease, Salt: func() float64 { return testSalt }})
	}
	a, b := process("a"), process("b")
	for i := range feeds {
		if _, err := a.store.AddFeed(context.Background(), store.NewFeed{URL: weburl.MustParse(fmt.Sprintf("%s/f%d", srv.URL, i))}); err != nil {
			t.Fatal(err)
		}
	}

	var resA, resB []Result
	var errA, errB error
	var wg sync.WaitGroup
	wg.Go(func() { resA, errA = a.SyncDue(context.Background(), nil) })
	select {
	case <-first:
	case <-time.After(10 * time.Second):
		t.Fatal("the first process made no request")
	}
	wg.Go(func() { resB, errB = b.SyncDue(context.Background(), nil) })
	wg.Wait()
	if errA != nil || errB != nil {
		t.Fatalf("sync: %v, %v", errA, errB)
	}

	for i := range feeds {
		if n := hits[fmt.Sprintf("/f%d", i)]; n != 1 {
			t.Errorf("/f%d fetched %d times, want once", i, n)
		}
	}
	fetched := func(rs []Result) (n int) {
		for _, r := range rs {
			if r.Err != nil {
				t.Errorf("%s: %v", r.URL, r.Err)
			}
			if !r.Skipped && r.Err == nil {
				n++
			}
		}
		return n
	}
	na, nb := fetched(resA), fetched(resB)
	if nb == 0 {
		t.Errorf("the second process fetched nothing: the feeds waiting in the first held claims")
	}
	if na+nb != feeds {
		t.Errorf("fetched %d + %d feeds, want %d in all", na, nb, feeds)
	}
	due, err := a.store.DueFeeds(context.Background(), time.Now())
	if err != nil || len(due) != 0 {
		t.Errorf("%d feeds still due after both syncs (%v)", len(due), err)
	}
}

// Two runs of one process — a refresh pressed while the last one still
// runs — never sync one feed at once: the second skips what the first is
// syncing (the store's claim keeps only other processes out).
func TestTwoRunsOfOneProcessNeverSyncAFeedAtOnce(t *testing.T) {
	h := newHarness(t)
	var c concurrency
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	h.srv.handle("/slow.xml", func(w http.ResponseWriter, r *http.Request) {
		c.enter()
		defer c.leave()
		select {
		case entered <- struct{}{}:
		default:
		}
		<-release
		w.Write([]byte(rssDoc("", "a")))
	})
	f := h.add("/slow.xml")
	var first []Result
	var wg sync.WaitGroup
	wg.Go(func() { first = h.eng.SyncFeeds(context.Background(), []store.Feed{f}, true, nil) })
	<-entered
	second := h.eng.SyncFeeds(context.Background(), []store.Feed{f}, true, nil)
	close(release)
	wg.Wait()
	if !second[0].Skipped || second[0].Err != nil {
		t.Errorf("the second run: %+v, want skipped", second[0])
	}
	if first[0].Err != nil || first[0].Skipped {
		t.Errorf("the first run: %+v", first[0])
	}
	if n := len(h.srv.requests("/slow.xml")); n != 1 || c.peak() != 1 {
		t.Errorf("%d requests, %d at once; want 1", n, c.peak())
	}
}

// Whatever becomes of a feed's download, this process's claim on it is
// gone when the sync returns: released by the transaction that records
// the outcome, or afterwards when nothing was recorded.
func TestAClaimIsReleasedOnEveryPath(t *testing.T) {
	const other = "elsewhere.example:4242:1.1" // another host's owner: alive
	cases := []struct {
		name   string
		serve  http.HandlerFunc
		cancel bool // the sync's context ends during the request
		due    bool // synced unforced while not due: skipped
		want   func(r Result) bool
	}{
		{name: "a new document", serve: func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(rssDoc("", "a"))) },
			want: func(r Result) bool { return r.Err == nil && r.NewItems == 1 }},
		{name: "not modified", serve: func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNotModified) },
			want: func(r Result) bool { return r.Err == nil }},
		{name: "a server error", serve: func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) },
			want: func(r Result) bool { return r.Err != nil }},
		{name: "an unreadable feed", serve: func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("<html>not a feed")) },
			want: func(r Result) bool { return r.Err != nil }},
		{name: "canceled during the request", cancel: true,
			want: func(r Result) bool { return r.Err != nil }},
		{name: "no longer due", due: true, serve: func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(rssDoc("", "a"))) },
			want: func(r Result) bool { return r.Skipped }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			serve := c.serve
			if c.cancel {
				asked := make(chan struct{})
				serve = func(w http.ResponseWriter, r *http.Request) {
					close(asked)
					<-r.Context().Done() // until the client gives up
				}
				go func() {
					select {
					case <-asked:
						cancel()
					case <-time.After(10 * time.Second):
					}
				}()
			}
			h.srv.handle("/f", serve)
			f := h.add("/f")
			if c.due {
				h.mustSync(f) // downloaded now: not due for a while
			}
			r := h.eng.SyncFeeds(ctx, []store.Feed{h.feed(f.ID)}, !c.due, nil)[0]
			if !c.want(r) {
				t.Fatalf("sync = %+v", r)
			}
			_, ok, holder, err := h.store.ClaimFeed(context.Background(), f.ID, other, t0, t0.Add(time.Hour))
			if err != nil || !ok {
				t.Errorf("after the sync, another process's claim = %v (held by %q), %v; want it free", ok, holder, err)
			}
		})
	}
}
