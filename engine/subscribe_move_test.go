package engine

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// podcast is an RSS document titled title whose itunes:new-feed-url is
// moveTo ("" names none).
func podcast(title, moveTo string) string {
	s := `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>` + title + `</title>`
	if moveTo != "" {
		s += `<itunes:new-feed-url>` + moveTo + `</itunes:new-feed-url>`
	}
	return s + `<item><guid>e1</guid><title>Episode 1</title></item></channel></rss>`
}

// subscribeTo subscribes h's engine to path on its server.
func (h *harness) subscribeTo(path string) (Subscribed, error) {
	return h.eng.Subscribe(context.Background(), Subscription{URL: weburl.MustParse(h.srv.URL + path)})
}

// TestSubscribeFollowsNewFeedURL: a feed whose document already says it
// moved is subscribed at its new address, with the new feed's title and a
// notice, and the first sync fetches the old address no more.
func TestSubscribeFollowsNewFeedURL(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/old.xml", podcast("Old home", "/new.xml")) // relative: resolved against the old URL
	h.srv.serveDoc("/new.xml", podcast("New home", ""))
	got, err := h.subscribeTo("/old.xml")
	if err != nil {
		t.Fatal(err)
	}
	if got.Feed.URL != h.srv.URL+"/new.xml" || got.Feed.Title != "New home" {
		t.Fatalf("subscribed to %s %q, want %s/new.xml \"New home\"", got.Feed.URL, got.Feed.Title, h.srv.URL)
	}
	want := "moved: " + h.srv.URL + "/old.xml → " + h.srv.URL + "/new.xml (itunes:new-feed-url)"
	if len(got.Notices) != 1 || got.Notices[0] != want {
		t.Errorf("notices %q, want [%q]", got.Notices, want)
	}
	h.mustSync(got.Feed)
	if n := len(h.srv.requests("/old.xml")); n != 1 {
		t.Errorf("the old URL was fetched %d times, want once (at add)", n)
	}
}

// TestSubscribeNewFeedURLThatIsNoFeedStays: a new-feed-url that fails a
// sync's checks leaves the subscription at the old address, with a notice
// that says why.
func TestSubscribeNewFeedURLThatIsNoFeedStays(t *testing.T) {
	cases := []struct {
		name, moveTo, why string
		serve             func(*recorder)
	}{
		{"missing", "/new.xml", "404 Not Found", func(*recorder) {}},
		{"a web page", "/new.xml", "not an RSS or Atom feed", func(r *recorder) {
			r.serveDoc("/new.xml", "<!doctype html><html><body>Moved, sort of</body></html>", "Content-Type", "text/html")
		}},
		{"an XML redirect", "/new.xml", "an XML redirect, not a feed", func(r *recorder) {
			r.serveDoc("/new.xml", `<?xml version="1.0"?><redirect><newLocation>/elsewhere.xml</newLocation></redirect>`)
		}},
		{"not http", "ftp://files.example/pod.xml", "not an http or https address", func(*recorder) {}},
		{"gone", "/new.xml", "410 Gone", func(r *recorder) {
			r.handle("/new.xml", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGone) })
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.serveDoc("/old.xml", podcast("Old home", c.moveTo))
			c.serve(h.srv)
			got, err := h.subscribeTo("/old.xml")
			if err != nil {
				t.Fatal(err)
			}
			if got.Feed.URL != h.srv.URL+"/old.xml" || got.Feed.Title != "Old home" {
				t.Errorf("subscribed to %s %q, want the old URL", got.Feed.URL, got.Feed.Title)
			}
			prefix := "not moved: " + h.srv.URL + "/old.xml "
			if len(got.Notices) != 1 || !strings.HasPrefix(got.Notices[0], prefix) || !strings.Contains(got.Notices[0], c.why) {
				t.Errorf("notices %q, want one starting %q saying %q", got.Notices, prefix, c.why)
			}
			if len(h.srv.requests("/elsewhere.xml")) != 0 {
				t.Errorf("the XML redirect of the new URL was followed")
			}
		})
	}
}

// TestSubscribeNewFeedURLAlreadySubscribed: a move to a feed subscribed
// already is refused as a duplicate, naming both addresses; nothing is
// added.
func TestSubscribeNewFeedURLAlreadySubscribed(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/old.xml", podcast("Old home", "/new.xml"))
	h.srv.serveDoc("/new.xml", podcast("New home", ""))
	h.add("/new.xml")
	_, err := h.subscribeTo("/old.xml")
	want := "add " + h.srv.URL + "/old.xml: moved to " + h.srv.URL + "/new.xml (itunes:new-feed-url): already subscribed"
	if !errors.Is(err, store.ErrDuplicate) || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
	if feeds, _ := h.store.Feeds(context.Background()); len(feeds) != 1 {
		t.Errorf("%d feeds, want the one subscribed before", len(feeds))
	}
}

// TestSubscribeNewFeedURLChainIsBounded: moves are followed one after the
// other up to maxXMLRedirects; the rest waits for a sync, and a chain that
// comes back to an address it passed (or names itself) stops there.
func TestSubscribeNewFeedURLChainIsBounded(t *testing.T) {
	h := newHarness(t)
	paths := []string{"/m0", "/m1", "/m2", "/m3", "/m4", "/m5"}
	for i, p := range paths[:len(paths)-1] {
		h.srv.serveDoc(p, podcast("Hop "+p, paths[i+1]))
	}
	h.srv.serveDoc("/m5", podcast("End", ""))
	got, err := h.subscribeTo("/m0")
	if err != nil {
		t.Fatal(err)
	}
	last := paths[maxXMLRedirects]
	if got.Feed.URL != h.srv.URL+last {
		t.Fatalf("subscribed to %s, want %s%s", got.Feed.URL, h.srv.URL, last)
	}
	if len(got.Notices) != 2 || !strings.HasPrefix(got.Notices[0], "moved: "+h.srv.URL+"/m0 → "+h.srv.URL+last+" ") ||
		!strings.Contains(got.Notices[1], "more than 3 moves") {
		t.Errorf("notices %q", got.Notices)
	}
	if n := len(h.srv.requests(paths[maxXMLRedirects+1])); n != 0 {
		t.Errorf("fetched beyond the bound %d times", n)
	}

	h.srv.serveDoc("/self", podcast("Self", "/self"))
	if got, err := h.subscribeTo("/self"); err != nil || got.Feed.URL != h.srv.URL+"/self" || len(got.Notices) != 0 {
		t.Errorf("a feed naming itself: %s, notices %q, %v", got.Feed.URL, got.Notices, err)
	}
	h.srv.serveDoc("/a", podcast("A", "/b"))
	h.srv.serveDoc("/b", podcast("B", "/a"))
	got, err = h.subscribeTo("/a")
	if err != nil {
		t.Fatal(err)
	}
	if got.Feed.URL != h.srv.URL+"/b" || len(got.Notices) != 1 {
		t.Errorf("a loop: subscribed to %s with notices %q, want /b and the one move", got.Feed.URL, got.Notices)
	}
	if a, b := len(h.srv.requests("/a")), len(h.srv.requests("/b")); a != 1 || b != 1 {
		t.Errorf("a loop: /a fetched %d times, /b %d, want once each", a, b)
	}
}

// TestSyncFollowsNewFeedURLOnlyToAFeed: the sync makes the checks
// Subscribe shares (fetchMovedFeed): an XML redirect at the new URL is no
// feed and nothing moves; a feed there moves the subscription.
func TestSyncFollowsNewFeedURLOnlyToAFeed(t *testing.T) {
	h := newHarness(t)
	f := h.add("/old.xml")
	h.srv.serveDoc("/old.xml", podcast("Old home", "/new.xml"))
	h.srv.serveDoc("/new.xml", `<?xml version="1.0"?><redirect><newLocation>/elsewhere.xml</newLocation></redirect>`)
	h.mustSync(f)
	if got := h.feed(f.ID); got.URL != h.srv.URL+"/old.xml" || len(h.srv.requests("/elsewhere.xml")) != 0 {
		t.Fatalf("moved to %s after an XML redirect at the new URL", got.URL)
	}
	h.srv.serveDoc("/new.xml", podcast("New home", ""))
	h.mustSync(f)
	if got := h.feed(f.ID); got.URL != h.srv.URL+"/new.xml" || got.Title != "New home" {
		t.Errorf("after the new URL parsed: %s %q", got.URL, got.Title)
	}
}
