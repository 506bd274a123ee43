package engine

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// slowly wraps a handler so that the server counts the requests it is
// answering at once; each takes a little while, as a real server's do, so
// that two requests let in together would overlap.
func slowly(c *concurrency, hf http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.enter()
		defer c.leave()
		time.Sleep(15 * time.Millisecond)
		hf(w, r)
	}
}

// Every request tidings makes goes through one door: with
// per_host_connections = 1, a feed sync, the probe of a page that announces
// its feed, an XML redirect hop and an enclosure transfer, all at once and
// all to one host, never reach it two at a time.
func TestOneHostSeesOneRequestAtATimeFromEveryKindOfRequest(t *testing.T) {
	h := newEncHarness(t, func(c *config.Config) {
		c.Sync.PerHostConnections = 1
		c.Sync.DownloadThreads = 4
	})
	h.setChunk(32 << 10)
	h.start()
	var c concurrency
	serve := func(path, body, typ string) {
		h.srv.handle(path, slowly(&c, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", typ)
			w.Write([]byte(body))
		}))
	}
	serve("/plain.xml", rssDoc("", "a", "b"), "application/rss+xml")
	serve("/page.html", `<html><head><link rel="alternate" type="application/rss+xml" href="/found.xml"></head></html>`, "text/html")
	serve("/found.xml", rssDoc("", "found"), "application/rss+xml")
	serve("/moving.xml", `<redirect><newLocation>/moved.xml</newLocation></redirect>`, "text/xml")
	serve("/moved.xml", rssDoc("", "moved"), "application/rss+xml")
	serve("/podcast.xml", podcastDoc("/ep.mp3"), "application/rss+xml")
	episode := content(160<<10, 8) // five Range requests of 32 KiB
	h.srv.handle("/ep.mp3", slowly(&c, serveRanges(episode, `"ep"`)))

	plain, moving := h.add("/plain.xml"), h.add("/moving.xml")
	podcast := h.add("/podcast.xml", store.NewFeed{DownloadEnclosures: true})
	h.mustSync(podcast) // queues the enclosure: its transfer starts now
	var wg sync.WaitGroup
	var results []Result
	var subErr error
	wg.Go(func() { results = h.eng.SyncFeeds(context.Background(), []store.Feed{plain, moving}, true, nil) })
	wg.Go(func() {
		_, subErr = h.eng.Subscribe(context.Background(), Subscription{URL: weburl.MustParse(h.srv.URL + "/page.html")})
	})
	wg.Wait()
	h.wait()

	if subErr != nil {
		t.Fatalf("subscribe to the page: %v", subErr)
	}
	for _, r := range results {
		if r.Err != nil {
			t.Fatalf("sync %s: %v", r.URL, r.Err)
		}
	}
	for _, p := range []string{"/plain.xml", "/page.html", "/found.xml", "/moving.xml", "/moved.xml", "/ep.mp3"} {
		if len(h.srv.requests(p)) == 0 {
			t.Errorf("%s was never requested", p)
		}
	}
	if n := len(h.srv.requests("/ep.mp3")); n < 5 {
		t.Errorf("the enclosure took %d requests, want its five chunks", n)
	}
	mustEqualFile(t, h.enclosure(podcast, "/ep.mp3").Path, episode)
	if got := c.peak(); got != 1 {
		t.Fatalf("the host saw %d requests at once, want 1", got)
	}
}
