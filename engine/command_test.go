//go:build unix

package engine

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// TestCommandFeedSaysNothingOfTheNetwork: a command feed that succeeds in
// a round where no server answers neither keeps the round online nor
// loses its own items; the web feeds' failures are excused as offline.
func TestCommandFeedSaysNothingOfTheNetwork(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB})
	before := syncedOnce(t, h, hostA, hostB)
	script := filepath.Join(t.TempDir(), "feed.sh")
	rss := `<rss version="2.0"><channel><title>Cmd</title><item><guid>c1</guid><title>c1</title></item></channel></rss>`
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf '%s' '"+rss+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	id, err := h.store.AddFeed(context.Background(), store.NewFeed{Source: store.SourceExec, Command: script,
		Sync: store.SyncInterval, IntervalMinutes: 15})
	if err != nil {
		t.Fatal(err)
	}
	h.net.setAll(refuse)
	for _, r := range h.syncDue() {
		switch {
		case r.FeedID == id && (r.Err != nil || r.NewItems != 1):
			t.Errorf("command feed: %+v, want its one item", r)
		case r.FeedID != id && !r.Offline:
			t.Errorf("%s = %+v, want an offline result", r.URL, r)
		}
	}
	if off, _ := h.eng.Offline(); !off {
		t.Error("the command feed's success kept the round online")
	}
	assertUntouched(t, h, before)
}

func TestPlaceOfCommandFeedIsItsOwn(t *testing.T) {
	a := store.Feed{URL: "exec:a", Source: store.SourceExec, Command: "a"}
	b := store.Feed{URL: "exec:b", Source: store.SourceExec, Command: "b"}
	f := store.Feed{URL: "filter:x:https://example.org/f", Source: store.SourceFilter, Command: "x"}
	if placeOf(a) == placeOf(b) || placeOf(f) != "https://example.org/f" {
		t.Fatalf("places: %q %q %q", placeOf(a), placeOf(b), placeOf(f))
	}
}

// TestFilterOfAWebPageIsNoCaptivePortal: a filter feed reads a web page
// (the usual case: a scraper), and its filter's output fails to parse:
// that is the feed's failure, recorded, not evidence of a portal.
func TestFilterOfAWebPageIsNoCaptivePortal(t *testing.T) {
	page := &download{feed: store.Feed{Source: store.SourceFilter},
		resp: &fetch.Response{Status: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte("<html><body>news</body></html>")}}
	invalid := &fetch.DownloadError{Kind: fetch.KindInvalidFeed, Err: errors.New("not a feed")}
	if got := judge(page, invalid); got != serverAnswered {
		t.Errorf("filter feed of a web page judged %v, want serverAnswered", got)
	}
	plain := &download{feed: store.Feed{Source: store.SourceURL}, resp: page.resp}
	if got := judge(plain, invalid); got != noServer {
		t.Errorf("web feed answered by a web page judged %v, want noServer (a portal)", got)
	}
	portal := &download{feed: page.feed, resp: &fetch.Response{Status: http.StatusNetworkAuthenticationRequired}}
	if got := judge(portal, fetch.StatusError("u", 511)); got != noServer {
		t.Errorf("filter feed behind a 511 judged %v, want noServer", got)
	}
}
