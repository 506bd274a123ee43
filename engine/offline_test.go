package engine

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// The hosts of the offline tests: distinct loopback addresses.
const (
	hostA = "127.0.0.2"
	hostB = "127.0.0.3"
	hostC = "127.0.0.4"
)

// syncDue runs one scheduler round and fails the test on a store error.
func (h *netHarness) syncDue() []Result {
	h.t.Helper()
	res, err := h.eng.SyncDue(context.Background(), nil)
	if err != nil {
		h.t.Fatal(err)
	}
	return res
}

// syncedOnce subscribes to /a and /b on each host, syncs them all at t0
// and moves the clock past their next sync: every feed is due again.
func syncedOnce(t *testing.T, h *netHarness, hosts ...string) []store.Feed {
	t.Helper()
	feeds := append(h.subscribe("/a", hosts...), h.subscribe("/b", hosts...)...)
	for _, r := range h.syncDue() {
		if r.Err != nil {
			t.Fatalf("first sync of %s: %v", r.URL, r.Err)
		}
	}
	h.clock.Advance(20 * time.Minute)
	h.drain()
	return h.fresh(feeds)
}

// assertUntouched checks that the feeds' sync state is what it was.
func assertUntouched(t *testing.T, h *netHarness, before []store.Feed) {
	t.Helper()
	for i, f := range h.fresh(before) {
		if !reflect.DeepEqual(f.State, before[i].State) || f.URL != before[i].URL {
			t.Errorf("feed %s changed:\n got %+v\nwant %+v", f.URL, f.State, before[i].State)
		}
		if f.State.Failures != 0 {
			t.Errorf("feed %s: failures %d, want 0", f.URL, f.State.Failures)
		}
		if f.State.NextSyncAt != nil && f.State.NextSyncAt.After(h.clock.Now()) {
			t.Errorf("feed %s: next sync %v is in the future, want it still due", f.URL, f.State.NextSyncAt)
		}
	}
}

func TestOfflineRoundsLeaveFailuresAtZeroAndFeedsDue(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB})
	before := syncedOnce(t, h, hostA, hostB)
	h.net.setAll(refuse)
	for round := range 5 {
		res := h.syncDue()
		if len(res) != len(before) {
			t.Fatalf("round %d: %d feeds synced, want all %d due", round+1, len(res), len(before))
		}
		for _, r := range res {
			if !r.Offline || (r.Err != nil && !errors.Is(r.Err, ErrOffline)) {
				t.Errorf("round %d: %s = %+v, want an offline result", round+1, r.URL, r)
			}
		}
		if off, waiting := h.eng.Offline(); !off || waiting != len(before) {
			t.Errorf("round %d: Offline() = %v, %d; want true, %d", round+1, off, waiting, len(before))
		}
		ev, ok := lastOf[Offline](h.drain())
		if !ok || ev.Waiting != len(before) {
			t.Errorf("round %d: Offline event %+v (sent %v), want %d waiting", round+1, ev, ok, len(before))
		}
		h.clock.Advance(time.Minute)
	}
	assertUntouched(t, h, before)
	if h.net.totalTries() == 0 {
		t.Fatal("no request was tried: the rounds proved nothing")
	}
}

func TestNextTickAfterTheNetworkReturnsSyncsEveryFeed(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB})
	before := syncedOnce(t, h, hostA, hostB)
	h.net.setAll(refuse)
	stop := h.runScheduler()
	defer stop()
	h.clock.BlockUntil(1) // the first pass: an offline round, then asleep
	if off, _ := h.eng.Offline(); !off {
		t.Fatal("not offline after a round of refused connections")
	}
	for range 3 { // offline: each minute one check, one request
		tries := h.net.totalTries()
		h.clock.Advance(checkInterval)
		h.clock.BlockUntil(1)
		if n := h.net.totalTries() - tries; n != 1 {
			t.Fatalf("an offline check made %d requests, want 1", n)
		}
	}
	assertUntouched(t, h, before)

	h.net.setAll(serveFeed)
	h.drain()
	h.clock.Advance(checkInterval)
	h.clock.BlockUntil(1)
	for _, f := range h.fresh(before) {
		if f.State.Failures != 0 || f.State.LastDownloadAt == nil || !f.State.LastDownloadAt.Equal(h.clock.Now()) {
			t.Errorf("feed %s after the network came back: %+v, want downloaded now without failures", f.URL, f.State)
		}
		if f.State.NextSyncAt == nil || !f.State.NextSyncAt.After(h.clock.Now()) {
			t.Errorf("feed %s: next sync %v, want in the future", f.URL, f.State.NextSyncAt)
		}
	}
	if _, ok := lastOf[Online](h.drain()); !ok {
		t.Error("no Online event when the network came back")
	}
	if off, _ := h.eng.Offline(); off {
		t.Error("still offline after every feed synced")
	}
}

// TestRoundVerdict covers the rule: offline only when no request reached
// a server and the failures span two hosts; a failing host among
// answering ones backs off as a failure.
func TestRoundVerdict(t *testing.T) {
	cases := []struct {
		name    string
		hosts   []string
		modes   map[string]string
		offline bool
	}{
		{"every host refusing", []string{hostA, hostB, hostC},
			map[string]string{hostA: refuse, hostB: refuse, hostC: refuse}, true},
		{"names not resolving and connections refused", []string{hostA, hostB},
			map[string]string{hostA: noName, hostB: refuse}, true},
		{"a refusing host and a captive portal", []string{hostA, hostB},
			map[string]string{hostA: refuse, hostB: servePortal}, true},
		{"one failing host among answering ones", []string{hostA, hostB, hostC},
			map[string]string{hostA: serveFeed, hostB: refuse, hostC: serveFeed}, false},
		{"one host refusing, the only one in the round", []string{hostA},
			map[string]string{hostA: refuse}, false},
		{"every server answering 500", []string{hostA, hostB},
			map[string]string{hostA: serveStatus, hostB: serveStatus}, false},
		{"refused, and a server answering 500", []string{hostA, hostB},
			map[string]string{hostA: refuse, hostB: serveStatus}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newNetHarness(t, tc.hosts)
			before := syncedOnce(t, h, tc.hosts...)
			for host, mode := range tc.modes {
				h.net.set(mode, host)
			}
			res := h.syncDue()
			if off, _ := h.eng.Offline(); off != tc.offline {
				t.Fatalf("Offline() = %v, want %v", off, tc.offline)
			}
			if tc.offline {
				assertUntouched(t, h, before)
				return
			}
			now := h.clock.Now()
			for i, f := range h.fresh(before) {
				mode := tc.modes[hostOf(f.URL)]
				if res[i].Offline {
					t.Errorf("%s: result marked offline in a round that is not", f.URL)
				}
				if mode == serveFeed {
					if f.State.Failures != 0 || f.State.LastDownloadAt == nil || !f.State.LastDownloadAt.Equal(now) {
						t.Errorf("%s answered: %+v, want a success now", f.URL, f.State)
					}
					continue
				}
				want := now.Add(salted(time.Minute)) // the first step of the back-off
				if f.State.Failures != 1 || f.State.NextSyncAt == nil || !f.State.NextSyncAt.Equal(want) {
					t.Errorf("%s (%s): failures %d, next %v; want 1 and %v", f.URL, mode, f.State.Failures, f.State.NextSyncAt, want)
				}
			}
		})
	}
}

func TestCaptivePortalRoundIsOfflineAndMovesNothing(t *testing.T) {
	for _, mode := range []string{servePortal, serveSniff} {
		t.Run(mode, func(t *testing.T) {
			h := newNetHarness(t, []string{hostA, hostB})
			before := syncedOnce(t, h, hostA, hostB)
			moved := h.subscribe("/moved", hostA) // 301 to /new: would move on a parsable feed
			before = append(before, moved...)
			h.net.setAll(mode)
			res := h.syncDue()
			for _, r := range res {
				if !r.Offline {
					t.Errorf("%s: %+v, want offline", r.URL, r)
				}
			}
			if off, _ := h.eng.Offline(); !off {
				t.Fatal("a round of login pages from every host is not offline")
			}
			assertUntouched(t, h, before)
			for _, f := range h.fresh(before) {
				want := 1 // its first sync's
				if f.ID == moved[0].ID {
					want = 0
				}
				if n := len(h.items(f)); n != want {
					t.Errorf("%s: %d items, want %d", f.URL, n, want)
				}
			}
		})
	}
}

func TestOfflineRoundKeepsEachFeedsEventOrder(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB})
	feeds := syncedOnce(t, h, hostA, hostB)
	h.net.setAll(refuse)
	h.syncDue()
	evs := h.drain()
	seen := map[int64]int{} // feed → events so far: 1 downloading, 2 completed
	for i, ev := range evs {
		switch e := ev.(type) {
		case FeedDownloading:
			if seen[e.FeedID] != 0 {
				t.Errorf("event %d: downloading %d again", i, e.FeedID)
			}
			seen[e.FeedID] = 1
		case FeedDownloadCompleted:
			if seen[e.FeedID] != 1 || !errors.Is(e.Err, ErrOffline) {
				t.Errorf("event %d: completed %d (err %v) out of order or not offline", i, e.FeedID, e.Err)
			}
			seen[e.FeedID] = 2
		case Offline:
			if i != len(evs)-1 {
				t.Errorf("Offline is event %d of %d, want the last", i+1, len(evs))
			}
		default:
			t.Errorf("event %d: unexpected %#v", i, ev)
		}
	}
	for _, f := range feeds {
		if seen[f.ID] != 2 {
			t.Errorf("feed %d: %d of its 2 events", f.ID, seen[f.ID])
		}
	}
}

func TestOfflineRoundStopsAtItsQuorum(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB}, func(c *config.Config) { c.Sync.DownloadThreads = 1 })
	var feeds []store.Feed
	for i := range 10 {
		feeds = append(feeds, h.subscribe("/f"+string(rune('a'+i)), hostA, hostB)...)
	}
	h.net.setAll(refuse)
	res := h.syncDue()
	// One request in flight, and each failure counted before its place at
	// the door is given back: the request that completes the quorum (8
	// failures over 2 hosts) stops the rest. That is the 8th unless the
	// first 8 all went to one host; then it is the other host's first.
	a, b := h.net.tries(hostA), h.net.tries(hostB)
	if n := a + b; n != offlineQuorum && min(a, b) != 1 {
		t.Errorf("%d requests for %d feeds (%d and %d on the two hosts), want the quorum of %d, or the first to the second host after it",
			n, len(feeds), a, b, offlineQuorum)
	}
	for _, r := range res {
		if !r.Offline {
			t.Errorf("%s: %+v, want offline", r.URL, r)
		}
	}
	for _, f := range h.fresh(feeds) {
		if f.State.Failures != 0 || f.State.LastAttemptAt != nil {
			t.Errorf("%s: %+v, want nothing recorded", f.URL, f.State)
		}
	}
}

func TestNoDefaultRouteSkipsFeedsThatNeedOne(t *testing.T) {
	h := newNetHarness(t, []string{hostA})
	h.machine.setRoutes(routeLocalOnly)
	local := h.subscribe("/a", hostA)[0]
	remote := []store.Feed{}
	for _, u := range []string{"http://feeds.example.com/rss", "https://blog.example.org/atom.xml"} {
		id, err := h.store.AddFeed(context.Background(), store.NewFeed{URL: weburl.MustParse(u)})
		if err != nil {
			t.Fatal(err)
		}
		remote = append(remote, h.feed(id))
	}
	res := h.syncDue()
	for _, r := range res {
		switch r.FeedID {
		case local.ID:
			if r.Err != nil || r.Offline {
				t.Errorf("loopback feed without a default route: %+v, want synced", r)
			}
		default:
			if !r.Offline || !r.Skipped || r.Err != nil {
				t.Errorf("%s: %+v, want skipped as offline", r.URL, r)
			}
		}
	}
	for _, host := range []string{"feeds.example.com", "blog.example.org"} {
		if n := h.net.tries(host); n != 0 {
			t.Errorf("%d requests to %s without a default route, want none", n, host)
		}
	}
	for _, f := range h.fresh(remote) {
		if f.State.Failures != 0 || f.State.LastAttemptAt != nil {
			t.Errorf("%s: %+v, want untouched", f.URL, f.State)
		}
	}
	if off, waiting := h.eng.Offline(); !off || waiting != len(remote) {
		t.Errorf("Offline() = %v, %d; want true, %d", off, waiting, len(remote))
	}
}

func TestOfflineChecksTakeTheDueHostsInTurn(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB})
	syncedOnce(t, h, hostA, hostB)
	h.net.setAll(refuse)
	stop := h.runScheduler()
	defer stop()
	h.clock.BlockUntil(1)       // offline
	h.net.set(serveFeed, hostB) // hostA stays dead: a check of it alone would never end the offline state
	for range 2 {
		h.clock.Advance(checkInterval)
		h.clock.BlockUntil(1)
	}
	if off, _ := h.eng.Offline(); off {
		t.Fatal("still offline after a check of every due host, one of which answers")
	}
	if h.net.tries(hostB) < 2 {
		t.Errorf("%d requests to the answering host, want its feeds synced", h.net.tries(hostB))
	}
}

func TestRefreshOfOneFeedWhileOfflineCountsNoFailure(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB})
	before := syncedOnce(t, h, hostA, hostB)
	h.net.setAll(refuse)
	h.syncDue() // offline
	r := h.eng.SyncFeeds(context.Background(), []store.Feed{h.feed(before[0].ID)}, true, nil)[0]
	if !r.Offline {
		t.Fatalf("refresh while offline: %+v, want offline", r)
	}
	assertUntouched(t, h, before)

	h.net.set(serveFeed, hostA)
	if r := h.eng.SyncFeeds(context.Background(), []store.Feed{h.feed(before[0].ID)}, true, nil)[0]; r.Err != nil {
		t.Fatalf("refresh once its host answers: %v", r.Err)
	}
	if off, _ := h.eng.Offline(); off {
		t.Error("still offline after a server answered")
	}
}
