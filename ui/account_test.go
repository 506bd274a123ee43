package ui

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// TestReaderShowsTheAccountAndMarksItsFeeds: a feed of the account has its
// mark in the tree, and after R with the server unreachable the status
// line says the account is offline with the change that waits.
func TestReaderShowsTheAccountAndMarksItsFeeds(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	feedID, err := f.st.UpsertRemoteFeed(ctx, store.RemoteFeed{RemoteID: "feed/7", URL: weburl.MustParse("http://127.0.0.1:9/remote.xml"),
		Title: "Phone Feed", FolderPath: "Synced"}, store.NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.RecordRemoteItems(ctx, []store.RemoteItem{{FeedID: feedID,
		Item: document.Item{Key: document.RemoteKey("42"), Title: "From the server", Published: day(1)}}},
		map[int64]int{feedID: 200}, testNow); err != nil {
		t.Fatal(err)
	}
	eng := unreachableAccount(t, f.st, func(c *config.Config) { c.Sync.BucketRefillPerSecond = 0 })
	h := newHarness(t, f.st, 200, 30, withEngine(eng))

	if !hasLine(h.view(), "@", "Phone Feed") {
		t.Fatalf("no mark on the feed of the account:\n%s", h.view())
	}
	if err := eng.MarkItems(ctx, engine.MarkRead, []int64{itemByTitle(t, f.st, "From the server").ID}); err != nil {
		t.Fatal(err)
	}
	h.keys("R")
	// The unreachable account is an offline round: the engine's notice says
	// it, once, and the account's part says what waits.
	h.waitFor("the offline notice, once, and the account's change waiting", func() bool {
		v := h.view()
		return strings.Contains(v, "account never synced, 1 waiting") && strings.Count(v, "offline") == 1 &&
			strings.Contains(v, "offline — ")
	})
}

// r on a folder of the account's feeds syncs the account and counts no
// refresh of feeds that tidings does not download itself.
func TestRefreshOfTheAccountsFolderSyncsTheAccount(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.st.UpsertRemoteFeed(ctx, store.RemoteFeed{RemoteID: "feed/7", URL: weburl.MustParse("http://127.0.0.1:9/remote.xml"),
		Title: "Phone Feed", FolderPath: "Synced"}, store.NewFeed{}); err != nil {
		t.Fatal(err)
	}
	eng := unreachableAccount(t, f.st)
	h := newHarness(t, f.st, 200, 30, withEngine(eng))

	h.selectNode("Synced")
	h.keys("r")
	if r := h.m.status.refresh; r.total != 0 {
		t.Errorf("r on the account's folder counts a refresh of %d feeds, want none", r.total)
	}
	h.waitFor("the account's sync to end offline", func() bool {
		return strings.Contains(h.view(), "account never synced") && strings.Contains(h.view(), "offline — ")
	})
}

// The account's part of the status line says "offline" only when the
// engine's own offline notice is not there to say it.
func TestAccountOfflineIsSaidOnce(t *testing.T) {
	tests := []struct {
		name, engineNotice string
		st                 account.Status
		want               string
	}{
		{"engine offline too", "offline — 3 feeds waiting", account.Status{Offline: true, Pending: 2},
			"offline — 3 feeds waiting · account never synced, 2 waiting"},
		{"only the account's server unreachable", "", account.Status{Offline: true, Pending: 2},
			"account never synced, 2 waiting · offline"},
		{"an error", "", account.Status{LastError: "remote http://x: login refused"},
			"account never synced · remote http://x: login refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStatusBar(NewStyles(NewRenderer(nil, true), true, config.Default()), time.UTC)
			s.width = 200
			s.offline = tt.engineNotice
			s.setAccount(accountMsg{st: tt.st})
			if got := strings.TrimSpace(ansi.Strip(s.View(""))); got != tt.want {
				t.Errorf("status line = %q, want %q", got, tt.want)
			}
		})
	}
}

// The account's last sync is shown in the reader's time zone
// (Options.Location), not the process's: 12:00 UTC is 17:30 in UTC+5:30.
func TestAccountSyncTimeIsInTheReadersLocation(t *testing.T) {
	f := newFixture(t)
	india := time.FixedZone("UTC+5:30", 5*3600+30*60)
	h := newHarness(t, f.st, 200, 30, withOptions(func(o *Options) { o.Location = india }))
	synced := testNow // 12:00 UTC
	h.send(accountMsg{st: account.Status{LastSyncAt: &synced}})
	if v := h.view(); !strings.Contains(v, "account synced 17:30") {
		t.Fatalf("status line without the sync time in the reader's zone (17:30):\n%s", v)
	}
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

// unreachableAccount is an engine over st whose account (greader) points
// at a loopback port nobody listens on.
func unreachableAccount(t *testing.T, st *store.Store, edit ...func(*config.Config)) *engine.Engine {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/api/greader.php"
	ln.Close()
	cfg := config.Default()
	cfg.Remote = config.RemoteConfig{Type: config.RemoteGReader, URL: closed, User: "me", Password: "pw", IntervalMinutes: 15}
	for _, e := range edit {
		e(&cfg)
	}
	return engine.New(st, cfg, engine.Options{})
}
