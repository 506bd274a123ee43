package cli

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/account"
)

func TestAddWebPageSubscribesToItsFeed(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	page := strings.Replace(mustRead(t, repoFile(t, "engine/feed/testdata/notafeed.html")), `href="/feed.xml">`,
		`href="/feed.xml"><link rel="alternate" type="application/atom+xml" href="/atom.xml">`, 1)
	srv.setDoc("/", doc{body: []byte(page), contentType: "text/html"})
	srv.setFile(t, "/feed.xml", "rss20.xml")
	srv.setFile(t, "/atom.xml", "atom10.xml")
	r := u.run("add", srv.URL+"/")
	if r.code != 0 {
		t.Fatalf("add a web page: exit %d, %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, srv.URL+"/atom.xml") {
		t.Errorf("the other feed of the page is not listed: %q", r.stderr)
	}
	f := u.feeds()
	if len(f) != 1 || f[0]["url"] != srv.URL+"/feed.xml" || f[0]["title"] != "Gopher Notes" {
		t.Fatalf("subscribed %v, want the page's first feed", f)
	}
}

func TestSyncCountsBandwidthAndNotModified(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setDoc("/f", doc{body: []byte(mustRead(t, repoFile(t, "engine/feed/testdata/rss20.xml"))), contentType: "application/rss+xml",
		header: http.Header{"Etag": {`"v1"`}}})
	id := u.add(srv.URL + "/f")
	u.ok("sync", "--feed", id)
	first := u.feeds()[0]
	srv.setDoc("/f", doc{status: http.StatusNotModified})
	u.ok("sync", "--feed", id)
	f := u.feeds()[0]
	expectFields(t, "feed after 200 then 304", f, map[string]any{"requests": 2, "not_modified": 1,
		"delta_responses": 0, "item_count": 5, "failures": 0})
	if f["last_download_at"] == nil || fmt.Sprint(f["bytes_received"]) == "0" {
		t.Fatalf("after 304: %v", f)
	}
	if fmt.Sprint(first["last_download_at"]) > fmt.Sprint(f["last_download_at"]) {
		t.Fatalf("last_download_at went back: %v → %v", first["last_download_at"], f["last_download_at"])
	}
	last := srv.lastRequest()
	if last.Header.Get("If-None-Match") != `"v1"` || last.Header.Get("A-IM") != "feed" {
		t.Fatalf("second request headers %v", last.Header)
	}
}

// Not on a terminal (cron), sync prints only the failures, on stderr, one
// line each: a run that failed nowhere is silent. --summary adds the line
// that sums the run up, for scripts.
func TestSyncPrintsOnlyFailuresWhenNotOnATerminal(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/ok", "rss20.xml")
	srv.setFile(t, "/also", "atom10.xml")
	srv.setFile(t, "/bad", "rss20.xml")
	u.add(srv.URL + "/ok")
	u.add(srv.URL + "/also")
	u.add(srv.URL + "/bad")
	srv.setDoc("/bad", doc{status: http.StatusServiceUnavailable, body: []byte("down")})
	r := u.run("sync")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("sync: exit %d, stdout %q", r.code, r.stdout)
	}
	if want := srv.URL + "/bad: 503 Service Unavailable\n"; r.stderr != want {
		t.Fatalf("stderr %q, want exactly %q", r.stderr, want)
	}
	// --sync-once is the same run: nothing is due now, so nothing at all.
	if r = u.run("--sync-once"); r.code != 0 || r.stderr != "" || r.stdout != "" {
		t.Fatalf("--sync-once right after: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	srv.setFile(t, "/bad", "rss20.xml")
	r = u.run("sync", "--summary", "--feed", srv.URL+"/bad")
	items := 0
	for _, f := range u.feeds() {
		if f["url"] == srv.URL+"/bad" {
			items = int(f["item_count"].(float64))
		}
	}
	if want := fmt.Sprintf("%d new items in 1 feed\n", items); r.code != 0 || r.stdout != want {
		t.Fatalf("sync --summary: exit %d, stdout %q, want %q", r.code, r.stdout, want)
	}
}

func TestSyncSummary(t *testing.T) {
	results := func(news ...int) []engine.Result {
		var out []engine.Result
		for _, n := range news {
			out = append(out, engine.Result{NewItems: n})
		}
		return out
	}
	for _, tc := range []struct {
		results []engine.Result
		account *account.Result
		want    string
	}{
		{nil, nil, "nothing new"},
		{results(0, 0), &account.Result{}, "nothing new"},
		{results(1), nil, "1 new item in 1 feed"},
		{results(5, 0, 7), nil, "12 new items in 2 feeds"},
		{results(0), &account.Result{NewItems: 3}, "3 new items from the account"},
		{results(2, 1), &account.Result{NewItems: 1}, "4 new items: 3 in 2 feeds, 1 from the account"},
	} {
		if got := syncSummary(tc.results, tc.account); got != tc.want {
			t.Errorf("%+v, %+v: %q, want %q", tc.results, tc.account, got, tc.want)
		}
	}
}

func TestGoneFeedIsLeftOutOfForcedSync(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/f", "rss20.xml")
	id := u.add(srv.URL + "/f")
	srv.setDoc("/f", doc{status: http.StatusGone})
	r := u.run("sync", "--force")
	if r.code != 0 || !strings.Contains(r.stderr, "gone") {
		t.Fatalf("sync of a 410 feed: exit %d, stderr %q", r.code, r.stderr)
	}
	f := u.feeds()[0]
	if f["sync"] != "manual" || !strings.Contains(fmt.Sprint(f["last_error"]), "gone") {
		t.Fatalf("after 410: %v", f)
	}
	before := srv.requestCount("/f")
	u.ok("sync", "--force")
	if srv.requestCount("/f") != before {
		t.Fatal("sync --force requested a gone feed")
	}
	u.run("sync", "--feed", id)
	if srv.requestCount("/f") != before+1 {
		t.Fatal("sync --feed did not request the gone feed")
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
