package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestTwoConcurrentSyncsShareOneDatabase runs two 'tidings sync --force'
// processes on one database at once: both finish with status 0, no feed is
// fetched by both at the same time, and nothing fails with "database is
// locked".
func TestTwoConcurrentSyncsShareOneDatabase(t *testing.T) {
	var mu sync.Mutex
	active := map[string]int{}
	overlaps := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		active[r.URL.Path]++
		if active[r.URL.Path] > 1 {
			overlaps++
		}
		mu.Unlock()
		time.Sleep(50 * time.Millisecond) // a slow server widens the window for a double fetch
		fmt.Fprintf(w, `<rss version="2.0"><channel><title>%s</title><item><guid>%s-1</guid><title>one</title></item></channel></rss>`,
			r.URL.Path, r.URL.Path)
		mu.Lock()
		active[r.URL.Path]--
		mu.Unlock()
	}))
	t.Cleanup(srv.Close)

	u := newUser(t)
	u.writeConfig("[sync]\nbucket_refill_per_second = 0\nper_host_connections = 4\n")
	const feeds = 16
	var opml strings.Builder
	opml.WriteString(`<?xml version="1.0"?><opml version="2.0"><body>`)
	for i := range feeds {
		fmt.Fprintf(&opml, `<outline text="f%d" xmlUrl="%s/f%d"/>`, i, srv.URL, i)
	}
	opml.WriteString(`</body></opml>`)
	path := u.home + "/subs.opml"
	writeFile(t, path, opml.String())
	u.ok("import", path)

	var wg sync.WaitGroup
	results := make([]result, 2)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = u.run("sync", "--force")
		}()
	}
	wg.Wait()
	for i, r := range results {
		if r.code != 0 || !onlySkipNotice(r.stderr) {
			t.Errorf("sync %d: exit %d, stderr %q", i+1, r.code, r.stderr)
		}
	}
	if overlaps != 0 {
		t.Fatalf("%d feeds were fetched by both processes at once", overlaps)
	}
	for _, f := range u.feeds() {
		if fmt.Sprint(f["item_count"]) != "1" || f["last_error"] != "" {
			t.Errorf("feed %v: %v items, error %q", f["url"], f["item_count"], f["last_error"])
		}
	}
}

// skipNoticeLine is the one line a sync prints for the feeds another
// tidings process was downloading.
const skipNoticeLine = `^\d+ feeds? skipped: being downloaded by another tidings process \(pids? \d+(, \d+)*\)$`

// onlySkipNotice reports whether stderr is empty or that one line.
func onlySkipNotice(stderr string) bool {
	if stderr == "" {
		return true
	}
	line, ok := strings.CutSuffix(stderr, "\n")
	return ok && regexp.MustCompile(skipNoticeLine).MatchString(line)
}
