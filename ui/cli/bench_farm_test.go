package cli

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// farmEpoch is when the farm's first item was published.
var farmEpoch = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

// feedFarm serves generated feeds from several loopback hosts (127.0.0.2,
// 127.0.0.3, …), the way a newcomer's OPML spreads over many publishers.
// Each feed shows its newest window items; publish adds one to every feed.
// Answers are what a careful publisher gives: gzip when asked, ETag and
// Last-Modified, 304 for a matching validator, and an RFC 3229 feed delta
// (226 IM Used with just the new entries) when A-IM: feed comes with a
// known ETag. Every byte written to the clients is counted.
type feedFarm struct {
	feeds  []*farmFeed
	window int
	// meter is the program clients are measured through (see meterSource);
	// scratch is a folder for its reports.
	meter, scratch string
	// sent counts bytes written on every connection (headers included).
	sent atomic.Int64
	// delay, when set, is how long the publisher of feed i takes to answer.
	delay func(i int) time.Duration
	// statuses counts answers by status code since the last resetCounts.
	mu       sync.Mutex
	statuses map[int]int
}

// farmFeed is one feed: its URL and how many items it has published.
type farmFeed struct {
	index int
	url   string
	// total is how many items the feed has published so far; the
	// document holds the newest window of them.
	total atomic.Int64
}

// newFeedFarm starts hosts loopback servers and spreads n feeds of window
// items over them; the servers stop when the benchmark ends.
func newFeedFarm(tb testing.TB, n, hosts, window int) *feedFarm {
	tb.Helper()
	f := &feedFarm{window: window, statuses: map[int]int{}, meter: buildMeter(tb), scratch: tb.TempDir()}
	addrs := make([]string, hosts)
	for h := range hosts {
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:0", h+2))
		if err != nil {
			tb.Fatalf("listen on loopback host %d: %v", h+2, err)
		}
		srv := &http.Server{Handler: http.HandlerFunc(f.serve), ReadHeaderTimeout: 10 * time.Second}
		go srv.Serve(&countingListener{Listener: ln, sent: &f.sent})
		tb.Cleanup(func() { srv.Close() })
		addrs[h] = ln.Addr().String()
	}
	for i := range n {
		ff := &farmFeed{index: i, url: fmt.Sprintf("http://%s/feeds/%d.xml", addrs[i%hosts], i)}
		ff.total.Store(int64(window))
		f.feeds = append(f.feeds, ff)
	}
	return f
}

// reset brings every feed back to its first window of items.
func (f *feedFarm) reset() {
	for _, ff := range f.feeds {
		ff.total.Store(int64(f.window))
	}
}

// publish adds one new item to every feed.
func (f *feedFarm) publish() {
	for _, ff := range f.feeds {
		ff.total.Add(1)
	}
}

// resetCounts zeroes the byte and status counters.
func (f *feedFarm) resetCounts() {
	f.sent.Store(0)
	f.mu.Lock()
	f.statuses = map[int]int{}
	f.mu.Unlock()
}

// counts returns the bytes sent and the answers by status since the last
// resetCounts.
func (f *feedFarm) counts() (int64, map[int]int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := make(map[int]int, len(f.statuses))
	for k, v := range f.statuses {
		st[k] = v
	}
	return f.sent.Load(), st
}

func (f *feedFarm) count(status int) {
	f.mu.Lock()
	f.statuses[status]++
	f.mu.Unlock()
}

// serve answers GET /feeds/N.xml.
func (f *feedFarm) serve(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, "/feeds/")
	i, err := strconv.Atoi(strings.TrimSuffix(name, ".xml"))
	if !ok || err != nil || i < 0 || i >= len(f.feeds) {
		f.count(http.StatusNotFound)
		http.NotFound(w, r)
		return
	}
	if f.delay != nil && !f.wait(r, i) {
		return
	}
	ff := f.feeds[i]
	total := int(ff.total.Load())
	etag, modified := farmETag(i, total), farmModified(total)
	w.Header().Set("ETag", etag)
	w.Header().Set("Last-Modified", modified)
	if notModified(r, etag, modified) {
		f.count(http.StatusNotModified)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	from, status := total-f.window, http.StatusOK
	if since, ok := deltaBase(r, i); ok && since < total && since >= total-f.window {
		from, status = since, http.StatusIMUsed
		w.Header().Set("IM", "feed")
	}
	body := farmDocument(i, from, total)
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		body = gzipped(body)
		w.Header().Set("Content-Encoding", "gzip")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	f.count(status)
	w.WriteHeader(status)
	w.Write(body)
}

// wait holds the answer to feed i for its delay; false when the client
// went away meanwhile.
func (f *feedFarm) wait(r *http.Request, i int) bool {
	t := time.NewTimer(f.delay(i))
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// notModified is the conditional GET: If-None-Match when sent, else
// If-Modified-Since.
func notModified(r *http.Request, etag, modified string) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		return inm == etag
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	last, _ := http.ParseTime(modified)
	return err == nil && !last.After(since)
}

// deltaBase is the item total of the version the client holds, when it
// asks for a feed delta (A-IM: feed) with one of feed i's ETags.
func deltaBase(r *http.Request, i int) (int, bool) {
	if !strings.Contains(r.Header.Get("A-IM"), "feed") {
		return 0, false
	}
	var fi, total int
	if _, err := fmt.Sscanf(r.Header.Get("If-None-Match"), `"f%d-%d"`, &fi, &total); err != nil || fi != i {
		return 0, false
	}
	return total, true
}

func farmETag(i, total int) string { return fmt.Sprintf(`"f%d-%d"`, i, total) }

func farmModified(total int) string {
	return farmEpoch.Add(time.Duration(total) * time.Hour).Format(http.TimeFormat)
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// countingListener counts the bytes its connections write.
type countingListener struct {
	net.Listener
	sent *atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c, sent: l.sent}, nil
}

type countingConn struct {
	net.Conn
	sent *atomic.Int64
}

func (c *countingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.sent.Add(int64(n))
	return n, err
}

// errFarm reports a round the farm did not see answered as expected.
var errFarm = errors.New("feed farm")

// expect checks that the last round was answered n times with status.
func (f *feedFarm) expect(status, n int) error {
	_, st := f.counts()
	if st[status] != n || len(st) != 1 {
		return fmt.Errorf("%w: answers %v, want %d × %d", errFarm, st, n, status)
	}
	return nil
}
