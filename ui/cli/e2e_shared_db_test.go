package cli

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// activity counts, per path, the requests being answered at once, and
// how often a path was answered twice at the same time.
type activity struct {
	mu       sync.Mutex
	active   map[string]int
	overlaps map[string]int
	served   int
}

func newActivity() *activity {
	return &activity{active: map[string]int{}, overlaps: map[string]int{}}
}

// enter marks a request for path begun; the returned func marks it done.
func (a *activity) enter(path string) (leave func()) {
	a.mu.Lock()
	a.active[path]++
	a.served++
	if a.active[path] > 1 {
		a.overlaps[path]++
	}
	a.mu.Unlock()
	return func() {
		a.mu.Lock()
		a.active[path]--
		a.mu.Unlock()
	}
}

// twice returns the paths answered twice at once.
func (a *activity) twice() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[string]int{}
	for p, n := range a.overlaps {
		out[p] = n
	}
	return out
}

// TestTwoProcessesNeverTransferTheSameEnclosure: while one sync transfers
// an enclosure, 'tidings download' of its item and another sync leave it
// alone (the first one says whose it is); once the transferring process is
// killed, 'tidings download' takes it over at once and finishes the file.
func TestTwoProcessesNeverTransferTheSameEnclosure(t *testing.T) {
	u, _ := enclosureUser(t)
	srv := newMediaServer(t)
	act := newActivity()
	body := randomBytes(3<<20, 9)
	g := newGate()
	var held sync.Once
	srv.handle("/ep.mp3", func(w http.ResponseWriter, r *http.Request) {
		defer act.enter("/ep.mp3")()
		first := false
		held.Do(func() { first = true })
		if first { // the first chunk waits: the transfer is caught in the middle
			g.hold("/ep.mp3", r.Context().Done())
		}
		ranged(body, `"ep"`)(w, r)
	})
	srv.feed("/feed", `<rss version="2.0"><channel><title>P</title>`+
		`<item><title>Ep</title><guid>ep</guid><enclosure url="/ep.mp3" type="audio/mpeg"/></item></channel></rss>`)
	id := u.add(srv.URL+"/feed", "--enclosures")
	first := u.start("sync", "--feed", id)
	g.await(t, 1)
	item := fmt.Sprint(u.items()[0]["id"]) // stored before its enclosure was queued
	r := u.run("download", item)
	want := fmt.Sprintf("%s/ep.mp3: another tidings process is downloading this enclosure (pid %d)\n", srv.URL, first.pid())
	if r.code != 1 || !strings.HasPrefix(r.stderr, want) {
		t.Fatalf("download while another process transfers: exit %d, stderr %q; want 1 and %q", r.code, r.stderr, want)
	}
	if r := u.run("sync", "--force"); r.code != 0 || r.stderr != "" {
		t.Fatalf("second sync: exit %d, stderr %q", r.code, r.stderr)
	}
	if n := len(srv.got("/ep.mp3")); n != 1 {
		t.Fatalf("%d requests for the enclosure while the first process held it, want 1", n)
	}
	first.kill()
	g.release()

	r = u.run("download", item) // the killed process's claim is void at once
	if r.code != 0 {
		t.Fatalf("download after the kill: exit %d, stderr %q", r.code, r.stderr)
	}
	sameFile(t, strings.TrimSpace(r.stdout), body)
	if twice := act.twice(); len(twice) != 0 {
		t.Fatalf("transferred twice at once: %v", twice)
	}
}

// sharedServer serves feeds that gain an item with a new enclosure at
// every request, and answers every request slowly, so that two processes
// fetching the same feed or enclosure would overlap.
type sharedServer struct {
	*mediaServer
	act   *activity
	mu    sync.Mutex
	count map[string]int
}

func newSharedServer(t *testing.T, feeds int) *sharedServer {
	s := &sharedServer{mediaServer: newMediaServer(t), act: newActivity(), count: map[string]int{}}
	for i := range feeds {
		path := fmt.Sprintf("/f%d", i)
		s.handle(path, s.feed)
	}
	return s
}

// slowly writes body in pieces a few milliseconds apart.
func slowly(w http.ResponseWriter, body []byte) {
	for len(body) > 0 {
		n := min(len(body), 8<<10)
		if _, err := w.Write(body[:n]); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		body = body[n:]
		time.Sleep(5 * time.Millisecond) // a slow server, not a synchronisation
	}
}

func (s *sharedServer) feed(w http.ResponseWriter, r *http.Request) {
	defer s.act.enter(r.URL.Path)()
	s.mu.Lock()
	s.count[r.URL.Path]++
	n := s.count[r.URL.Path]
	s.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, `<rss version="2.0"><channel><title>%s</title>`, r.URL.Path)
	for i := max(1, n-2); i <= n; i++ {
		enc := fmt.Sprintf("/enc%s-%d.mp3", r.URL.Path, i)
		s.handle(enc, s.enclosure)
		fmt.Fprintf(&b, `<item><guid>%s-%d</guid><title>%d</title><enclosure url="%s" type="audio/mpeg"/></item>`, r.URL.Path, i, i, enc)
	}
	b.WriteString(`</channel></rss>`)
	w.Header().Set("Content-Type", "application/rss+xml")
	slowly(w, []byte(b.String()))
}

func (s *sharedServer) enclosure(w http.ResponseWriter, r *http.Request) {
	defer s.act.enter(r.URL.Path)()
	w.Header().Set("Content-Type", "audio/mpeg")
	w.Header().Set("Content-Length", fmt.Sprint(64<<10))
	slowly(w, randomBytes(64<<10, 1))
}

// TestReaderAndTwoCronSyncsShareOneDatabaseForAMinute runs the reader
// (refreshing every few seconds) and two cron-style loops of 'sync
// --force' on one database for a minute, with every feed gaining an
// enclosure at each request: no "database is locked" anywhere, no feed or
// enclosure fetched twice at once, and the database intact at the end.
func TestReaderAndTwoCronSyncsShareOneDatabaseForAMinute(t *testing.T) {
	t.Parallel() // a minute of mostly waiting: it runs beside the lock tests
	const feeds, span = 12, time.Minute
	u, _ := enclosureUser(t)
	u.writeConfig(fmt.Sprintf("[sync]\nbucket_refill_per_second = 0\nper_host_connections = 4\n\n"+
		"[enclosures]\ndirectory = %q\n", u.home+"/podcasts"))
	srv := newSharedServer(t, feeds)
	subscribeMany(t, u, srv.URL, feeds)
	for _, f := range u.feeds() {
		u.ok("set", fmt.Sprint(f["id"]), "enclosures=on")
	}
	tt := startTUI(t, u, 200, 30)
	tt.waitFor("quit (tree)")

	stop := time.Now().Add(span)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var runs int
	var problems []string
	for c := range 2 {
		wg.Go(func() {
			for time.Now().Before(stop) {
				r := u.run("sync", "--force")
				mu.Lock()
				runs++
				if r.code != 0 || !onlySkipNotice(r.stderr) {
					problems = append(problems, fmt.Sprintf("cron %d: exit %d, stderr %q", c, r.code, r.stderr))
				}
				mu.Unlock()
				time.Sleep(time.Second) // cron's pace, compressed
			}
		})
	}
	refreshes := 0
	for time.Now().Before(stop) {
		tt.keys("R")
		refreshes++
		time.Sleep(3 * time.Second) // a user pressing R now and then
		if s := tt.screen(); strings.Contains(s, "locked") {
			t.Errorf("the reader shows a lock error:\n%s", s)
			break
		}
	}
	wg.Wait()
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("reader: %s", got)
	}
	for _, p := range problems {
		t.Error(p)
	}
	if twice := srv.act.twice(); len(twice) != 0 {
		t.Errorf("fetched twice at once: %v", twice)
	}
	if got := u.integrity(); got != "[ok]" {
		t.Errorf("integrity_check: %s", got)
	}
	downloaded := u.query(`SELECT count(*) FROM enclosures WHERE status = 'downloaded'`)
	t.Logf("%s: %d cron syncs, %d refreshes in the reader, %d requests served, %s enclosures downloaded",
		span, runs, refreshes, srv.act.served, downloaded[0])
}
