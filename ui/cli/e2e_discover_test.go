package cli

import (
	"fmt"
	"strings"
	"testing"
)

// TestAddPageWithUnclosedHTMLFindsItsFeed adds an ordinary web page whose
// markup leaves hundreds of elements open (<br>, <p>, <meta>, as HTML
// allows): it is read as HTML and its feed is found, not refused as an
// XML document nested too deep.
func TestAddPageWithUnclosedHTMLFindsItsFeed(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	page := `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Notes</title>` +
		strings.Repeat(`<meta name="x" content="y"><link rel="preload" href="/a.css">`, 200) +
		`<link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body>` +
		strings.Repeat(`<p>A paragraph left open, as HTML allows.<br>And a line break.`, 400) + `</body></html>`
	srv.setDoc("/", doc{body: []byte(page), contentType: "text/html; charset=utf-8"})
	srv.setFile(t, "/feed.xml", "rss20.xml")
	r := u.run("add", srv.URL+"/")
	if r.code != 0 {
		t.Fatalf("add a web page: exit %d, stderr %q", r.code, r.stderr)
	}
	if f := u.feeds(); len(f) != 1 || f[0]["url"] != srv.URL+"/feed.xml" {
		t.Fatalf("subscribed %v, want the page's feed", f)
	}
}

// TestAddPageAnnouncingThousandsOfFeedsProbesTheFirstTen adds a page
// announcing 200,000 feeds, of which the first ten cannot be read: add
// fails in one line after fetching the page and those ten (spaced by the
// per-host limit, as any requests to one server), and subscribes to
// nothing (the eleventh, a good feed, is never fetched).
func TestAddPageAnnouncingThousandsOfFeedsProbesTheFirstTen(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	var page strings.Builder
	page.WriteString(`<html><head>`)
	for i := range 200000 {
		fmt.Fprintf(&page, `<link rel="alternate" type="application/rss+xml" href="/alt/%d">`, i)
	}
	page.WriteString(`</head></html>`)
	srv.setDoc("/", doc{body: []byte(page.String()), contentType: "text/html"})
	srv.setFile(t, "/alt/10", "rss20.xml") // /alt/0 to /alt/9 are not found
	r := u.run("add", srv.URL+"/")
	if r.code == 0 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "404") {
		t.Fatalf("exit %d, stderr %q; want a failure in one line, the first feed's 404", r.code, r.stderr)
	}
	srv.mu.Lock()
	requests := len(srv.requests)
	srv.mu.Unlock()
	if requests != 11 {
		t.Errorf("%d requests, want the page and its first 10 feeds", requests)
	}
	if f := u.feeds(); len(f) != 0 {
		t.Errorf("subscribed %v", f)
	}
}
