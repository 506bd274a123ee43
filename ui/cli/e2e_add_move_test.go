package cli

import (
	"strings"
	"testing"
)

// podcastMovedTo is a podcast whose itunes:new-feed-url is to.
func podcastMovedTo(title, to string) []byte {
	return []byte(`<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>` +
		`<title>` + title + `</title><itunes:new-feed-url>` + to + `</itunes:new-feed-url>` +
		`<item><guid>e1</guid><title>Episode 1</title></item></channel></rss>`)
}

// TestAddFollowsITunesNewFeedURL: tidings add subscribes a podcast that
// says it moved at its new address and says so on stderr; when the new
// address is no feed, at the old one, saying why; and a move to a feed
// already subscribed is refused as a duplicate.
func TestAddFollowsITunesNewFeedURL(t *testing.T) {
	srv := newFeedServer(t)
	u := newUser(t)
	old, moved := srv.URL+"/old.xml", srv.URL+"/new.xml"
	srv.set("/old.xml", podcastMovedTo("Old home", moved))
	srv.set("/new.xml", []byte(`<rss version="2.0"><channel><title>New home</title>`+
		`<item><guid>e1</guid><title>Episode 1</title></item></channel></rss>`))
	r := u.run("add", old)
	if want := "tidings: moved: " + old + " → " + moved + " (itunes:new-feed-url)\n"; r.code != 0 || !strings.HasPrefix(r.stderr, want) {
		t.Fatalf("add: exit %d, stderr %q; want exit 0 and a first line %q", r.code, r.stderr, want)
	}
	if f := u.feeds(); len(f) != 1 || f[0]["url"] != moved || f[0]["title"] != "New home" {
		t.Fatalf("after add: %v; want the new URL", f)
	}

	srv.set("/elsewhere.xml", podcastMovedTo("Elsewhere", srv.URL+"/nowhere.xml"))
	r = u.run("add", srv.URL+"/elsewhere.xml")
	want := "tidings: not moved: " + srv.URL + "/elsewhere.xml → " + srv.URL + "/nowhere.xml (itunes:new-feed-url): 404 Not Found\n"
	if r.code != 0 || r.stderr != want {
		t.Errorf("add of a move to no feed: exit %d, stderr %q; want exit 0, %q", r.code, r.stderr, want)
	}
	if f := u.feeds(); len(f) != 2 || !hasFeedURL(f, srv.URL+"/elsewhere.xml") {
		t.Errorf("after add of a move to no feed: %v; want the old URL subscribed", f)
	}

	srv.set("/mirror.xml", podcastMovedTo("Mirror", moved))
	r = u.run("add", srv.URL+"/mirror.xml")
	want = "tidings: add " + srv.URL + "/mirror.xml: moved to " + moved + " (itunes:new-feed-url): already subscribed\n"
	if r.code != exitFailed || r.stderr != want || r.stdout != "" {
		t.Errorf("add of a move to a feed subscribed: exit %d, stdout %q, stderr %q; want exit 1, %q", r.code, r.stdout, r.stderr, want)
	}
	if f := u.feeds(); len(f) != 2 {
		t.Errorf("after add of a move to a feed subscribed: %d feeds, want 2", len(f))
	}
	if n := srv.requestCount("/nowhere.xml"); n != 1 {
		t.Errorf("the move to no feed was tried %d times, want once", n)
	}
}

// hasFeedURL reports whether feeds (tidings feeds --json) holds url.
func hasFeedURL(feeds []map[string]any, url string) bool {
	for _, f := range feeds {
		if f["url"] == url {
			return true
		}
	}
	return false
}
