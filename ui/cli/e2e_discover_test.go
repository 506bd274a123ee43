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

// TestAddPageAnnouncingThousandsOfFeedsListsTheFirstTen adds a page
// announcing 200,000 feeds: add refuses it with exit status 2 after
// fetching the page alone, lists its first ten feeds on stdout, and
// subscribes to nothing.
func TestAddPageAnnouncingThousandsOfFeedsFetchesOneAndListsTen(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	var page strings.Builder
	page.WriteString(`<html><head>`)
	for i := range 200000 {
		fmt.Fprintf(&page, `<link rel="alternate" type="application/rss+xml" href="/alt/%d">`, i)
	}
	page.WriteString(`</head></html>`)
	srv.setDoc("/", doc{body: []byte(page.String()), contentType: "text/html"})
	r := u.run("add", srv.URL+"/")
	// The first is taken (and is not there: exit 1), the next nine are
	// listed on stderr under the line that says so, and the error.
	if r.code != 1 || r.stdout != "" || strings.Count(r.stderr, "\n") != 11 || !strings.Contains(r.stderr, "10\t"+srv.URL+"/alt/9\t") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 1, nine more feeds listed, the error", r.code, r.stdout, r.stderr)
	}
	srv.mu.Lock()
	requests := len(srv.requests)
	srv.mu.Unlock()
	if requests != 2 {
		t.Errorf("%d requests, want the page and its first feed", requests)
	}
	if f := u.feeds(); len(f) != 0 {
		t.Errorf("subscribed %v", f)
	}
}

// TestAddPageAnnouncingSeveralFeeds: of a page announcing three feeds
// the first is subscribed and the other two listed on stderr (number,
// URL, type, title, with the page's control characters gone); --pick 2
// subscribes to the second; --all to every one; a pick beyond them is a
// usage error.
func TestAddPageAnnouncingSeveralFeeds(t *testing.T) {
	srv := newFeedServer(t)
	page := `<html><head><title>Blog</title>
	<link rel="alternate" type="application/rss+xml" href="/posts.xml" title="Posts">
	<link rel="alternate" type="application/atom+xml" href="/comments.xml" title="Comments&#x1b;[31m red">
	<link rel="alternate" type="application/rss+xml" href="/podcast.xml">
	</head><body></body></html>`
	srv.setDoc("/blog/", doc{body: []byte(page), contentType: "text/html; charset=utf-8"})
	srv.setFile(t, "/posts.xml", "rss20.xml")
	srv.setFile(t, "/comments.xml", "atom10.xml")
	srv.setFile(t, "/podcast.xml", "rss20.xml")

	u := newUser(t)
	r := u.run("add", srv.URL+"/blog/")
	want := "2\t" + srv.URL + "/comments.xml\tapplication/atom+xml\tComments[31m red\n" +
		"3\t" + srv.URL + "/podcast.xml\tapplication/rss+xml\t\n"
	if r.code != 0 || len(strings.Fields(r.stdout)) != 1 || !strings.HasSuffix(r.stderr, want) || !strings.Contains(r.stderr, "--pick N") {
		t.Fatalf("add a page of three feeds: exit %d\nstdout %q\nstderr %q\nwant it to end %q", r.code, r.stdout, r.stderr, want)
	}
	if f := u.feeds(); len(f) != 1 || f[0]["url"] != srv.URL+"/posts.xml" {
		t.Fatalf("subscribed %v, want the first", f)
	}

	if r := u.run("add", srv.URL+"/blog/", "--pick", "4"); r.code != 2 || !strings.Contains(r.stderr, "announces 3") {
		t.Errorf("--pick 4 of 3: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := u.run("add", srv.URL+"/podcast.xml", "--pick", "2"); r.code != 2 || !strings.Contains(r.stderr, "is a feed") {
		t.Errorf("--pick 2 of a feed: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := u.run("add", srv.URL+"/blog/", "--pick", "2", "--all"); r.code != 2 {
		t.Errorf("--pick with --all: exit %d, stderr %q", r.code, r.stderr)
	}
	u.ok("add", srv.URL+"/blog/", "--pick", "2", "--folder", "Blog")
	if f := u.feeds(); len(f) != 2 || f[1]["url"] != srv.URL+"/comments.xml" || f[1]["folder"] != "Blog" {
		t.Fatalf("--pick 2 subscribed %v, want the comments in Blog", f)
	}

	u2 := newUser(t)
	r = u2.run("add", srv.URL+"/blog/", "--all")
	if r.code != 0 || len(strings.Fields(r.stdout)) != 3 {
		t.Fatalf("--all: exit %d, stdout %q, stderr %q; want three ids", r.code, r.stdout, r.stderr)
	}
	if f := u2.feeds(); len(f) != 3 {
		t.Errorf("--all subscribed %d feeds, want 3", len(f))
	}
	if r := u.run("add", srv.URL+"/blog/", "--all"); r.code != 1 || len(strings.Fields(r.stdout)) != 1 {
		t.Errorf("--all with two subscribed already: exit %d, stdout %q, stderr %q; want the third and exit 1", r.code, r.stdout, r.stderr)
	}
}
