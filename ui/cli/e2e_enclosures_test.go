package cli

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// mediaServer serves a feed and its enclosures on loopback, keyed by the
// raw (still escaped) path, and records every request.
type mediaServer struct {
	*httptest.Server
	mu       sync.Mutex
	handlers map[string]http.HandlerFunc
	requests []*http.Request
}

func newMediaServer(t *testing.T) *mediaServer {
	t.Helper()
	m := &mediaServer{handlers: map[string]http.HandlerFunc{}}
	m.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		m.requests = append(m.requests, r.Clone(r.Context()))
		h := m.handlers[r.URL.EscapedPath()]
		m.mu.Unlock()
		if h == nil {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	}))
	t.Cleanup(m.Close)
	return m
}

func (m *mediaServer) handle(path string, h http.HandlerFunc) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.handlers[path] = h
}

// feed serves a document at path.
func (m *mediaServer) feed(path, body string) {
	m.handle(path, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Write([]byte(body))
	})
}

// got returns the requests received for the raw path.
func (m *mediaServer) got(path string) []*http.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*http.Request
	for _, r := range m.requests {
		if r.URL.EscapedPath() == path {
			out = append(out, r)
		}
	}
	return out
}

// ranged serves body with Range and If-Range support (strong ETag).
func ranged(body []byte, etag string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", etag)
		http.ServeContent(w, r, "", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), bytes.NewReader(body))
	}
}

// plain ignores Range: always the whole body with a 200.
func plain(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "audio/mpeg")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}
}

// randomBytes returns n deterministic pseudo-random bytes.
func randomBytes(n int, seed byte) []byte {
	b := make([]byte, n)
	rand.NewChaCha8([32]byte{seed}).Read(b)
	return b
}

// enclosureUser is a user whose enclosures go to a folder of their own.
func enclosureUser(t *testing.T) (*user, string) {
	u := newUser(t)
	dir := filepath.Join(u.home, "podcasts")
	u.writeConfig(fmt.Sprintf("[sync]\nbucket_refill_per_second = 0\n\n[enclosures]\ndirectory = %q\n", dir))
	return u, dir
}

// enclosuresByURL maps every enclosure of 'items --json' by its URL path.
func enclosuresByURL(u *user, base string) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, it := range u.items() {
		for _, e := range it["enclosures"].([]any) {
			enc := e.(map[string]any)
			enc["item_id"] = fmt.Sprint(it["id"])
			out[strings.TrimPrefix(enc["url"].(string), base)] = enc
		}
	}
	return out
}

// num reads a JSON number.
func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

func sameFile(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: %d bytes (sha256 %x), want %d (sha256 %x)", path, len(got), sha256.Sum256(got), len(want), sha256.Sum256(want))
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm()&0o111 != 0 {
		t.Fatalf("%s is executable: %v", path, fi.Mode())
	}
}

// listFiles lists every file under dir, relative to it.
func listFiles(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

func TestSyncDownloadsAPodcastsEnclosures(t *testing.T) {
	u, dir := enclosureUser(t)
	srv := newMediaServer(t)
	srv.feed("/podcast.xml", mustRead(t, repoFile(t, "testdata/enclosures/podcast.xml")))
	ep2, ep1, notes := randomBytes(3<<20+123, 1), randomBytes(40000, 2), randomBytes(1000, 3)
	srv.handle("/media/ep2.mp3", ranged(ep2, `"ep2"`))
	srv.handle("/media/ep1.mp3", ranged(ep1, `"ep1"`))
	srv.handle("/media/..%2F..%2F..%2F..%2Fnotes.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Disposition", `attachment; filename="../../../../../tmp/notes.pdf"`)
		ranged(notes, `"n"`)(w, r)
	})
	for _, p := range []string{"/media/player.exe", "/media/install.sh", "/media/tideline.desktop"} {
		srv.handle(p, plain([]byte("#!/bin/sh\nrm -rf ~\n")))
	}
	id := u.add(srv.URL+"/podcast.xml", "--enclosures")
	r := u.run("sync")
	if r.code != 0 {
		t.Fatalf("sync: exit %d, %s", r.code, r.stderr)
	}
	encs := enclosuresByURL(u, srv.URL)
	folder := filepath.Join(dir, id)
	for p, body := range map[string][]byte{"/media/ep2.mp3": ep2, "/media/ep1.mp3": ep1,
		"/media/..%2F..%2F..%2F..%2Fnotes.pdf": notes} {
		e := encs[p]
		if e["status"] != "downloaded" || num(e["bytes_done"]) != int64(len(body)) ||
			filepath.Dir(e["path"].(string)) != folder {
			t.Fatalf("%s: %v, want downloaded into %s", p, e, folder)
		}
		sameFile(t, e["path"].(string), body)
	}
	if got := filepath.Base(encs["/media/..%2F..%2F..%2F..%2Fnotes.pdf"]["path"].(string)); got != "notes.pdf" {
		t.Errorf("the hostile name became %q", got)
	}
	for i, req := range srv.got("/media/ep2.mp3") {
		if want := fmt.Sprintf("bytes=%d-%d", i<<20, (i+1)<<20-1); req.Header.Get("Range") != want {
			t.Errorf("request %d for ep2: Range %q, want %q", i, req.Header.Get("Range"), want)
		}
	}
	for _, p := range []string{"/media/player.exe", "/media/install.sh", "/media/tideline.desktop"} {
		e := encs[p]
		if e["status"] != "blocked" || !strings.HasPrefix(e["error"].(string), "blocked: ") || e["path"] != "" {
			t.Errorf("%s: %v, want blocked", p, e)
		}
		if n := len(srv.got(p)); n != 0 {
			t.Errorf("%s was requested %d times", p, n)
		}
		if !strings.Contains(r.stderr, srv.URL+p+": blocked: ") {
			t.Errorf("sync's stderr does not name the blocked %s: %q", p, r.stderr)
		}
	}
	if files := listFiles(dir); len(files) != 3 {
		t.Fatalf("files %v, want the three enclosures only", files)
	}
	// Removing the feed takes its files and its folder.
	u.ok("remove", id)
	if _, err := os.Stat(folder); !os.IsNotExist(err) {
		t.Fatalf("the feed's folder is still there after remove: %v", listFiles(dir))
	}
}

func TestEnclosuresFollowTheFeedSetting(t *testing.T) {
	u, dir := enclosureUser(t)
	srv := newMediaServer(t)
	doc := func(eps ...string) string {
		var b strings.Builder
		b.WriteString(`<rss version="2.0"><channel><title>P</title>`)
		for _, ep := range eps {
			fmt.Fprintf(&b, `<item><title>%s</title><guid>%s</guid><enclosure url="/%s.mp3" type="audio/mpeg"/></item>`, ep, ep, ep)
		}
		return b.String() + `</channel></rss>`
	}
	for _, ep := range []string{"old", "new"} {
		srv.handle("/"+ep+".mp3", ranged(randomBytes(5000, 4), `"x"`))
	}
	srv.feed("/feed", doc("old"))
	id := u.add(srv.URL + "/feed")
	u.ok("sync", "--feed", id)
	if n := len(srv.got("/old.mp3")); n != 0 {
		t.Fatalf("with the setting off the enclosure was requested %d times", n)
	}
	u.ok("set", id, "enclosures=on")
	u.ok("sync", "--feed", id)
	srv.feed("/feed", doc("new", "old"))
	u.ok("sync", "--feed", id)
	encs := enclosuresByURL(u, srv.URL)
	if encs["/new.mp3"]["status"] != "downloaded" || encs["/old.mp3"]["status"] != "none" || len(srv.got("/old.mp3")) != 0 {
		t.Fatalf("after turning it on: new %v, old %v (requested %d times), want only the new one",
			encs["/new.mp3"], encs["/old.mp3"], len(srv.got("/old.mp3")))
	}
	if files := listFiles(dir); len(files) != 1 {
		t.Fatalf("files %v", files)
	}
}

func TestDownloadCommand(t *testing.T) {
	u, _ := enclosureUser(t)
	srv := newMediaServer(t)
	body := randomBytes(70000, 5)
	srv.feed("/feed", `<rss version="2.0"><channel><title>P</title>`+
		`<item><title>Talk</title><guid>talk</guid><enclosure url="/talk.mp3" type="audio/mpeg"/></item>`+
		`<item><title>Tool</title><guid>tool</guid><enclosure url="/tool.sh" type="text/plain"/></item>`+
		`<item><title>Text</title><guid>text</guid></item></channel></rss>`)
	srv.handle("/talk.mp3", ranged(body, `"t"`))
	srv.handle("/tool.sh", plain([]byte("echo")))
	id := u.add(srv.URL + "/feed") // enclosures off: download fetches anyway
	u.ok("sync", "--feed", id)
	ids := map[string]string{}
	for _, it := range u.items() {
		ids[it["title"].(string)] = fmt.Sprint(it["id"])
	}
	r := u.run("download", ids["Talk"])
	if r.code != 0 {
		t.Fatalf("download: exit %d, %s", r.code, r.stderr)
	}
	path := strings.TrimSpace(r.stdout)
	sameFile(t, path, body)
	if e := enclosuresByURL(u, srv.URL)["/talk.mp3"]; e["status"] != "downloaded" || e["path"] != path {
		t.Fatalf("items --json shows %v", e)
	}
	// A second time, the file is there: nothing is fetched.
	before := len(srv.got("/talk.mp3"))
	if out := u.ok("download", ids["Talk"]); strings.TrimSpace(out) != path || len(srv.got("/talk.mp3")) != before {
		t.Fatalf("second download printed %q and made %d requests", out, len(srv.got("/talk.mp3"))-before)
	}
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"download", ids["Tool"]}, 1, srv.URL + "/tool.sh: blocked: the URL's extension .sh"},
		{[]string{"download", ids["Text"]}, 1, "has no enclosures"},
		{[]string{"download", "9999"}, 2, "no item 9999"},
		{[]string{"download", "abc"}, 2, "not an item id"},
		{[]string{"download"}, 2, "expects one item id"},
	} {
		r := u.run(c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.stderr) {
			t.Errorf("tidings %v: exit %d, stderr %q; want %d and %q", c.args, r.code, r.stderr, c.code, c.stderr)
		}
	}
	if len(srv.got("/tool.sh")) != 0 {
		t.Fatal("the blocked enclosure was requested")
	}
}

func TestServerWithoutRangeSupport(t *testing.T) {
	u, dir := enclosureUser(t)
	srv := newMediaServer(t)
	small, big := randomBytes(10<<20, 6), randomBytes(20<<20, 7)
	srv.handle("/small.mp3", plain(small))
	srv.handle("/big.mp3", plain(big))
	srv.feed("/feed", `<rss version="2.0"><channel><title>P</title>`+
		`<item><title>Small</title><guid>s</guid><enclosure url="/small.mp3" type="audio/mpeg"/></item>`+
		`<item><title>Big</title><guid>b</guid><enclosure url="/big.mp3" type="audio/mpeg"/></item></channel></rss>`)
	u.add(srv.URL+"/feed", "--enclosures")
	r := u.run("sync")
	encs := enclosuresByURL(u, srv.URL)
	sameFile(t, encs["/small.mp3"]["path"].(string), small)
	e := encs["/big.mp3"]
	if e["status"] != "failed" || !strings.Contains(e["error"].(string), "15 MiB") || e["path"] != "" {
		t.Fatalf("the 20 MiB enclosure: %v, want failed naming the 15 MiB cap", e)
	}
	if !strings.Contains(r.stderr, srv.URL+"/big.mp3: ") {
		t.Errorf("sync's stderr does not name the failed enclosure: %q", r.stderr)
	}
	for _, p := range []string{"/small.mp3", "/big.mp3"} {
		if reqs := srv.got(p); len(reqs) != 1 || reqs[0].Header.Get("Range") == "" {
			t.Errorf("%s: %d requests, want the one Range probe (read as the plain download)", p, len(reqs))
		}
	}
	if files := listFiles(dir); len(files) != 1 {
		t.Fatalf("files %v, want only the small one (nothing left of the big one)", files)
	}
	// Not retried automatically; on request it fails again, with exit 1.
	u.ok("sync", "--force")
	if n := len(srv.got("/big.mp3")); n != 1 {
		t.Fatalf("the failed enclosure was requested again by sync (%d requests)", n)
	}
	if r := u.run("download", encs["/big.mp3"]["item_id"].(string)); r.code != 1 || !strings.Contains(r.stderr, "15 MiB") {
		t.Fatalf("download of the big one: exit %d, %q", r.code, r.stderr)
	}
}

func TestInterruptedDownloadResumesInTheNextRun(t *testing.T) {
	u, _ := enclosureUser(t)
	srv := newMediaServer(t)
	body := randomBytes(3<<20, 8)
	var cut atomic.Bool
	srv.handle("/long.mp3", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Range") != "bytes=1048576-2097151" || cut.Swap(true) {
			ranged(body, `"long"`)(w, r)
			return
		}
		// The first time, the second chunk breaks off after 300,000 bytes.
		w.Header().Set("ETag", `"long"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes 1048576-2097151/%d", len(body)))
		w.Header().Set("Content-Length", strconv.Itoa(1<<20))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(body[1<<20 : 1<<20+300000])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	})
	srv.feed("/feed", `<rss version="2.0"><channel><title>P</title>`+
		`<item><title>Long</title><guid>l</guid><enclosure url="/long.mp3" type="audio/mpeg"/></item></channel></rss>`)
	u.add(srv.URL+"/feed", "--enclosures")
	u.ok("sync")
	e := enclosuresByURL(u, srv.URL)["/long.mp3"]
	if e["status"] != "failed" || num(e["bytes_done"]) != 1348576 || e["path"] == "" {
		t.Fatalf("after the cut: %v, want failed with 1348576 bytes kept", e)
	}
	r := u.run("download", e["item_id"].(string))
	if r.code != 0 {
		t.Fatalf("download: exit %d, %s", r.code, r.stderr)
	}
	sameFile(t, strings.TrimSpace(r.stdout), body)
	reqs := srv.got("/long.mp3")
	resumed := reqs[2]
	if resumed.Header.Get("Range") != "bytes=1348576-2397151" || resumed.Header.Get("If-Range") != `"long"` {
		t.Fatalf("the next run asked for Range %q If-Range %q, want bytes=1348576-2397151 and the ETag",
			resumed.Header.Get("Range"), resumed.Header.Get("If-Range"))
	}
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4 (two chunks, the resumed one, the last)", len(reqs))
	}
}
