package ui

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// TestReaderShowsTheAccountAndMarksItsFeeds: a feed of the account has its
// mark in the tree, and after R with the server unreachable the status
// line says the account is offline with the change that waits.
func TestReaderShowsTheAccountAndMarksItsFeeds(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	feedID, err := f.st.UpsertRemoteFeed(ctx, store.RemoteFeed{RemoteID: "feed/7", URL: "http://127.0.0.1:9/remote.xml",
		Title: "Phone Feed", FolderPath: "Synced"}, store.NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.RecordRemoteItems(ctx, []store.RemoteItem{{FeedID: feedID,
		Item: store.DocItem{Key: store.RemoteKey("42"), Title: "From the server", Published: day(1)}}},
		map[int64]int{feedID: 200}, testNow); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/api/greader.php"
	ln.Close()
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0
	cfg.Remote = config.RemoteConfig{Type: config.RemoteGReader, URL: closed, User: "me", Password: "pw", IntervalMinutes: 15}
	eng := engine.New(f.st, cfg, engine.Options{})
	h := newHarness(t, f.st, 200, 30, withEngine(eng))

	if !hasLine(h.view(), "@", "Phone Feed") {
		t.Fatalf("no mark on the feed of the account:\n%s", h.view())
	}
	if err := eng.MarkItems(ctx, engine.MarkRead, []int64{itemByTitle(t, f.st, "From the server").ID}); err != nil {
		t.Fatal(err)
	}
	h.keys("R")
	h.waitFor("the account offline in the status line", func() bool {
		return strings.Contains(h.view(), "account never synced, 1 waiting · offline")
	})
}

// hasLine reports whether one line of view holds every part, in order.
func hasLine(view string, parts ...string) bool {
	for _, line := range strings.Split(view, "\n") {
		rest, ok := line, true
		for _, p := range parts {
			i := strings.Index(rest, p)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(p):]
		}
		if ok {
			return true
		}
	}
	return false
}
