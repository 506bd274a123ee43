package cli

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/opml"
)

// maxHostileRSS is the most resident memory a default-configured sync may
// reach over every hostile server at once.
const maxHostileRSS = 100 << 20

// hostileCase is one hostile server and what tidings must make of it.
type hostileCase struct {
	name string
	// serve answers the feed's request.
	serve http.HandlerFunc
	// reason is part of the one stderr line the feed must end in; empty
	// when the document may also be stored (then check judges the store).
	reason string
	// check, when not nil, judges the stored items of the feed.
	check func(t *testing.T, items []map[string]any)
}

// hostileCases are the hostile servers: a 50 MB body, a gzip bomb, a
// deeply nested document, an element flood, a JSON Feed of millions of
// items, entity tricks, a drip-feeding server and an enclosure server
// flooding open-ended 206s.
func hostileCases() []hostileCase {
	gzipBomb() // made before any sync starts, so it is served at once
	return []hostileCase{
		{name: "50MB body", serve: serveEndless(50 << 20), reason: "too large"},
		{name: "gzip bomb", serve: serveGzipBomb, reason: "too large"},
		{name: "deep nesting", serve: serveDeepNesting, reason: "too large"},
		{name: "element flood", serve: serveElementFlood, reason: "too large"},
		{name: "JSON item flood", serve: serveJSONFlood, reason: "too large"},
		{name: "entity tricks", serve: serveEntityTricks, check: checkNoEntityExpansion},
		{name: "drip feed", serve: serveDrip, reason: "timed out"},
		{name: "enclosure flood", serve: serveEnclosureFlood, check: checkEnclosureFailed},
	}
}

const rssHead = `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><link>http://hostile.example/</link>`

// serveEndless streams a well-formed start of a feed of n bytes of items,
// without a Content-Length.
func serveEndless(n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		io.WriteString(w, rssHead)
		item := []byte(`<item><title>filler</title><description>` + strings.Repeat("x", 4000) + `</description></item>`)
		for sent := 0; sent < n; sent += len(item) {
			if _, err := w.Write(item); err != nil {
				return
			}
		}
		io.WriteString(w, `</channel></rss>`)
	}
}

var gzipBomb = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	io.WriteString(zw, rssHead+`<item><title>bomb</title><description>`)
	zeros := make([]byte, 1<<20)
	for range 128 { // 128 MiB of zero bytes once decompressed, about 130 KB on the wire
		zw.Write(zeros)
	}
	io.WriteString(zw, `</description></item></channel></rss>`)
	zw.Close()
	return b.Bytes()
})

// serveGzipBomb sends a gzip body that inflates to 128 MiB.
func serveGzipBomb(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/rss+xml")
	w.Header().Set("Content-Encoding", "gzip")
	w.Write(gzipBomb())
}

// serveDeepNesting sends an item with a million nested elements (7 MB).
func serveDeepNesting(w http.ResponseWriter, r *http.Request) {
	const depth = 1 << 20
	w.Header().Set("Content-Type", "application/rss+xml")
	io.WriteString(w, rssHead+`<item><title>deep</title><description>`)
	io.WriteString(w, strings.Repeat("<a>", depth))
	io.WriteString(w, strings.Repeat("</a>", depth))
	io.WriteString(w, `</description></item></channel></rss>`)
}

// serveElementFlood sends an item with four million empty elements (16 MB,
// under the body cap).
func serveElementFlood(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/rss+xml")
	io.WriteString(w, rssHead+`<item><title>flood</title>`)
	io.WriteString(w, strings.Repeat("<a/>", 4<<20))
	io.WriteString(w, `</item></channel></rss>`)
}

// serveJSONFlood sends a JSON Feed of four million empty items (12 MB,
// under the body cap).
func serveJSONFlood(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/feed+json")
	io.WriteString(w, `{"version":"https://jsonfeed.org/version/1.1","title":"Flood","items":[`)
	io.WriteString(w, strings.Repeat(`{},`, 4<<20))
	io.WriteString(w, `{}]}`)
}

// serveEntityTricks sends a billion-laughs DTD, a quadratic blow-up (a
// 64 KB entity referenced ten thousand times), an external entity naming
// a local file, and a hundred thousand character references.
func serveEntityTricks(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/rss+xml")
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY l0 "laugh">`)
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, `<!ENTITY l%d "%s">`, i, strings.Repeat(fmt.Sprintf("&l%d;", i-1), 10))
	}
	b.WriteString(`<!ENTITY big "` + strings.Repeat("laugh", 64<<10/5) + `">`)
	b.WriteString(`<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&l9;</title>`)
	b.WriteString(`<item><guid>e1</guid><title>laughs &l9;</title><description>&xxe;</description></item>`)
	b.WriteString(`<item><guid>e2</guid><title>quadratic</title><description>` + strings.Repeat("&big;", 10000) + `</description></item>`)
	b.WriteString(`<item><guid>e3</guid><title>refs</title><description>` + strings.Repeat("&#x41;&amp;&lt;", 100000) + `</description></item>`)
	b.WriteString(`</channel></rss>`)
	io.WriteString(w, b.String())
}

// checkNoEntityExpansion fails when a declared entity was expanded or a
// local file was read into the store.
func checkNoEntityExpansion(t *testing.T, items []map[string]any) {
	t.Helper()
	for _, it := range items {
		all := fmt.Sprint(it["title"], it["content"], it["summary"])
		if strings.Contains(all, "laughlaugh") || strings.Contains(all, "root:") {
			t.Errorf("item %v kept an expanded entity: %.200s", it["guid"], all)
		}
	}
}

// serveDrip sends a feed a few bytes at a time, never finishing.
func serveDrip(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/rss+xml")
	io.WriteString(w, rssHead)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := io.WriteString(w, "<item><title>drip</title></item>"); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		select {
		case <-tick.C:
		case <-r.Context().Done():
			return
		}
	}
}

// serveOnHost serves h on a loopback address of its own host (127.0.0.N),
// so that the per-host limit does not put the hostile servers in a line.
func serveOnHost(t *testing.T, host string, h http.Handler) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// normalFeeds serves five ordinary feeds of 20 items each and returns
// their URLs.
func normalFeeds(t *testing.T) []string {
	srv := newFeedServer(t)
	var urls []string
	for i := range 5 {
		path := fmt.Sprintf("/normal%d", i)
		srv.set(path, bigFeed(20, func(j int) string { return fmt.Sprintf("Normal %d.%d", i, j) }))
		urls = append(urls, srv.URL+path)
	}
	return urls
}

// subscribeAll imports urls (import fetches nothing, so hostile feeds get
// in) and returns the user.
func subscribeAll(t *testing.T, u *user, urls []string) {
	t.Helper()
	var doc strings.Builder
	doc.WriteString(`<?xml version="1.0"?><opml version="2.0" xmlns:tidings="` + opml.Namespace + `"><body>`)
	for i, url := range urls {
		fmt.Fprintf(&doc, `<outline text="f%d" xmlUrl="%s" tidings:enclosures="true"/>`, i, url)
	}
	doc.WriteString(`</body></opml>`)
	path := u.home + "/subs.opml"
	writeFile(t, path, doc.String())
	u.ok("import", path)
}

// hostileConfig is the default configuration but for the response
// timeout, shortened so the drip feed ends in seconds (memory does not
// depend on it: the body cap bounds what a slow server can make us hold).
const hostileConfig = "[sync]\nresponse_timeout = \"6s\"\n"

// runHostile syncs the cases beside five normal feeds and checks that
// each hostile feed ends as its case says and the normal ones are stored
// whole. It returns the peak RSS of the sync.
func runHostile(t *testing.T, cases []hostileCase) int64 {
	u := newUser(t)
	u.writeConfig(hostileConfig)
	normal := normalFeeds(t)
	urls := append([]string{}, normal...)
	for i, c := range cases {
		srv := serveOnHost(t, fmt.Sprintf("127.0.0.%d", i+2), c.serve)
		urls = append(urls, srv.URL+"/feed")
	}
	subscribeAll(t, u, urls)
	r, rss := u.runMeasured("sync", "--force")
	if r.code != 0 {
		t.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
	}
	lines := stderrLines(r.stderr)
	for i, c := range cases {
		url := urls[len(normal)+i]
		line := lineFor(lines, url)
		switch {
		case c.reason != "" && !strings.Contains(line, c.reason):
			t.Errorf("%s: stderr line %q, want one saying %q (stderr %q)", c.name, line, c.reason, r.stderr)
		case c.reason == "" && line != "" && strings.Count(r.stderr, url) > 1:
			t.Errorf("%s: more than one line: %q", c.name, r.stderr)
		}
		if c.check != nil {
			c.check(t, u.items("--feed", url))
		}
	}
	for _, url := range normal {
		if line := lineFor(lines, url); line != "" {
			t.Errorf("normal feed failed: %s", line)
		}
		if n := len(u.items("--feed", url)); n != 20 {
			t.Errorf("normal feed %s: %d items, want 20", url, n)
		}
	}
	if len(lines) > len(cases) {
		t.Errorf("%d stderr lines for %d hostile feeds: %q", len(lines), len(cases), r.stderr)
	}
	return rss
}

func stderrLines(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '\n' })
}

// lineFor returns the stderr line of url, or "".
func lineFor(lines []string, url string) string {
	for _, l := range lines {
		if strings.HasPrefix(l, url+":") {
			return l
		}
	}
	return ""
}

// Each hostile server on its own, beside five normal feeds: a clean error
// line for it (or a safe document), the normal feeds whole. The cases run
// side by side: each waits mostly on the token bucket and its own server,
// and each sync is a process of its own, measured alone.
func TestHostileServerEndsInOneCleanError(t *testing.T) {
	t.Parallel()
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rss := runHostile(t, []hostileCase{c})
			t.Logf("%s: peak RSS %.1f MB", c.name, float64(rss)/(1<<20))
		})
	}
}

// TestHostileServersAllAtOnceStayUnder100MB runs every hostile server in
// one default-configured sync and reports its peak RSS.
func TestHostileServersAllAtOnceStayUnder100MB(t *testing.T) {
	t.Parallel()
	rss := runHostile(t, hostileCases())
	t.Logf("all hostile servers in one sync --force: peak RSS %.1f MB (limit %d MB)", float64(rss)/(1<<20), maxHostileRSS>>20)
	if rss > maxHostileRSS {
		t.Fatalf("peak RSS %.1f MB, want at most %d MB", float64(rss)/(1<<20), maxHostileRSS>>20)
	}
}

// measureEnv, set to a file name, makes the test binary a small wrapper
// that runs the command in its arguments and writes the command's peak
// resident memory to that file. Measured from the test process itself,
// the figure would start at the test's own peak: a child started with
// vfork inherits its parent's high-water mark at exec.
const measureEnv = "TIDINGS_E2E_PEAK_RSS_FILE"

// measureChild runs args[0] with the rest as its arguments and the
// wrapper's standard streams, writes its maxrss in bytes to out and
// returns its exit status.
func measureChild(out string, args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		return 125
	}
	peak := int64(0)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = ru.Maxrss << 10 // KiB on Linux
	}
	if err := os.WriteFile(out, []byte(strconv.FormatInt(peak, 10)), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		return 125
	}
	return cmd.ProcessState.ExitCode()
}

// runMeasured runs tidings like run and also returns the peak resident
// memory of the tidings process (its rusage maxrss, what time -v reports).
func (u *user) runMeasured(args ...string) (result, int64) {
	u.t.Helper()
	peakFile := filepath.Join(u.t.TempDir(), "peak")
	cmd := exec.Command(os.Args[0], append([]string{binPath}, args...)...)
	cmd.Env = append(u.env, measureEnv+"="+peakFile)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		u.t.Fatalf("run tidings %v: %v", args, err)
	}
	b, err := os.ReadFile(peakFile)
	if err != nil {
		u.t.Fatalf("tidings %v: no peak RSS: %v (stderr %q)", args, err, errb.String())
	}
	peak, _ := strconv.ParseInt(string(b), 10, 64)
	return result{stdout: out.String(), stderr: errb.String(), code: code}, peak
}

// serveEnclosureFlood answers the feed with one item whose enclosure
// declares 1,000 bytes, and the enclosure with an endless open-ended 206
// (at most 256 MiB in all, so that a tidings without bounds fails rather
// than filling the disk).
func serveEnclosureFlood(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ep.mp3" {
		enclosureFlood(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/rss+xml")
	io.WriteString(w, rssHead+`<item><guid>ep</guid><title>Episode</title><enclosure url="/ep.mp3" type="audio/mpeg" length="1000"/></item></channel></rss>`)
}

// enclosureFlood is the one flooding enclosure server of the hostile cases.
var enclosureFlood = floodServer(256 << 20)

// checkEnclosureFailed wants the feed's one item stored, its enclosure
// tried and failed.
func checkEnclosureFailed(t *testing.T, items []map[string]any) {
	t.Helper()
	if len(items) != 1 {
		t.Fatalf("%d items stored, want 1", len(items))
	}
	encs, _ := items[0]["enclosures"].([]any)
	if len(encs) != 1 {
		t.Fatalf("item enclosures %v, want 1", items[0]["enclosures"])
	}
	if e, _ := encs[0].(map[string]any); e["status"] != "failed" {
		t.Errorf("enclosure %v, want failed", e)
	}
}
