package ui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// announcingHost serves a page announcing two feeds and the two feeds.
func announcingHost(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/blog/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><head>
			<link rel="alternate" type="application/rss+xml" href="/posts.xml" title="Posts&#27;[2J">
			<link rel="alternate" type="application/atom+xml" href="/comments.xml" title="Comments">
			</head></html>`))
	})
	for _, name := range []string{"posts", "comments"} {
		mux.HandleFunc("/"+name+".xml", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/rss+xml")
			w.Write([]byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>The ` + name +
				`</title><link>http://x.test/</link><item><guid>1</guid><title>one</title></item></channel></rss>`))
		})
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// A page announcing several feeds offers them to choose from; esc
// subscribes to none, enter to the one selected, in the folder typed.
func TestSubscribeToAPageOfSeveralFeedsAsksWhich(t *testing.T) {
	f := newFixture(t)
	srv := announcingHost(t)
	h := newHarness(t, f.st, 100, 30, withEngine(newEngine(f.st)))
	open := func() {
		h.keys("a")
		h.typeText(srv.URL + "/blog/")
		h.keys("enter")
		h.waitFor("the choice", func() bool { _, ok := h.m.dialog.(*feedChoice); return ok })
	}
	open()
	v := h.view()
	for _, want := range []string{"announces 2 feeds", "Posts[2J · RSS · " + srv.URL + "/posts.xml", "Comments · Atom · " + srv.URL + "/comments.xml"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the choice lacks %q:\n%s", want, v)
		}
	}
	h.keys("esc")
	if h.m.dialog != nil || len(feedURLs(t, h)) != 4 {
		t.Fatalf("esc: dialog %T, feeds %v", h.m.dialog, feedURLs(t, h))
	}
	open()
	h.keys("j", "enter")
	h.waitFor("subscribed", func() bool { return h.m.dialog == nil })
	if !strings.Contains(h.m.status.message, "subscribed to The comments") {
		t.Errorf("status %q", h.m.status.message)
	}
	if urls := feedURLs(t, h); !strings.Contains(strings.Join(urls, " "), srv.URL+"/comments.xml") || len(urls) != 5 {
		t.Errorf("feeds %v, want the comments added", urls)
	}
}

func feedURLs(t *testing.T, h *harness) []string {
	feeds, err := h.st.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range feeds {
		out = append(out, f.URL)
	}
	return out
}

func TestGoldenFeedChoice(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 100, 30)
	several := &engine.SeveralFeedsError{Page: weburl.MustParse("https://blog.test/"), Feeds: []engine.AnnouncedFeed{
		{URL: weburl.MustParse("https://blog.test/posts.rss"), Type: "application/rss+xml", Title: "Posts"},
		{URL: weburl.MustParse("https://blog.test/comments.atom"), Type: "application/atom+xml"},
		{URL: weburl.MustParse("https://blog.test/feed.json"), Type: "application/feed+json", Title: "Everything, as JSON"},
	}}
	h.m.openDialog(newFeedChoice(h.m.keys.dialogs, h.m.styles, h.m.be, h.m.out, several, ""))
	h.keys("j")
	golden(t, "feed_choice_100x30", screen(h))
}
