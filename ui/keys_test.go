package ui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

func TestMovementKeys(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	tests := []struct {
		keys []string
		want int
	}{
		{[]string{"j"}, 1}, {[]string{"down"}, 2}, {[]string{"k"}, 1}, {[]string{"up"}, 0},
		{[]string{"G"}, len(h.m.tree.shown) - 1}, {[]string{"g"}, 0},
		{[]string{"pgdown"}, len(h.m.tree.shown) - 1}, {[]string{"pgup"}, 0},
	}
	for _, tc := range tests {
		h.keys(tc.keys...)
		if h.m.tree.cursor != tc.want {
			t.Errorf("after %v: tree cursor %d, want %d", tc.keys, h.m.tree.cursor, tc.want)
		}
	}
	h.keys("tab")
	if h.m.focus != paneItems {
		t.Fatalf("tab: focus %v, want items", h.m.focus)
	}
	h.keys("j", "j")
	if h.m.items.cursor != 2 {
		t.Errorf("items cursor %d, want 2", h.m.items.cursor)
	}
	h.keys("G")
	if h.m.items.cursor != len(h.m.items.rows)-1 {
		t.Errorf("G: items cursor %d of %d", h.m.items.cursor, len(h.m.items.rows))
	}
	h.keys("g")
	if h.m.items.cursor != 0 {
		t.Errorf("g: items cursor %d", h.m.items.cursor)
	}
}

func TestSelectingANodeListsItsItems(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	if got := len(h.m.items.rows); got != 6 {
		t.Fatalf("All items: %d rows, want 6", got)
	}
	h.selectNode("Go")
	if got := len(h.m.items.rows); got != 3 || !h.m.items.river {
		t.Fatalf("folder Go: %d rows (river %v), want 3", got, h.m.items.river)
	}
	h.selectNode("Daily Wire")
	if got := len(h.m.items.rows); got != 2 || h.m.items.river {
		t.Fatalf("feed: %d rows (river %v), want 2 without feed names", got, h.m.items.river)
	}
	h.selectNode("Unread")
	if got := len(h.m.items.rows); got != 6 {
		t.Fatalf("Unread: %d rows", got)
	}
}

func TestOpenReadAndBack(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	h.keys("enter", "enter")
	if h.m.focus != paneReader || h.m.reader.item == nil || h.m.reader.item.Title != "Why ETags matter" {
		t.Fatalf("enter, enter: focus %v, reader %+v", h.m.focus, h.m.reader.item)
	}
	h.waitFor("read in store", func() bool { return itemByTitle(t, f.st, "Why ETags matter").Read })
	h.waitFor("render", func() bool { return strings.Contains(h.view(), "Conditional GET") })
	if got := unread(t, f.st, f.gopher); got != 2 {
		t.Errorf("unread after opening: %d, want 2", got)
	}
	h.keys("j", "G", "pgup", "pgdown", "g", "k")
	h.keys("esc")
	if h.m.focus != paneItems {
		t.Fatalf("esc from reader: focus %v", h.m.focus)
	}
	h.keys("q")
	if h.m.focus != paneTree || h.quit {
		t.Fatalf("q from list: focus %v quit %v", h.m.focus, h.quit)
	}
	h.keys("q")
	if !h.quit {
		t.Fatal("q on the tree did not quit")
	}
}

func TestCtrlCQuits(t *testing.T) {
	h := newHarness(t, newFixture(t).st, 100, 30)
	h.keys("tab", "ctrl+c")
	if !h.quit {
		t.Fatal("ctrl+c did not quit")
	}
}

func TestNextPreviousUnread(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	h.keys("tab", "enter") // opens the first item, now read
	h.keys("n")
	if it := h.m.reader.item; it == nil || it.Title != "Parsing feeds without tears" {
		t.Fatalf("n: reader shows %+v", it)
	}
	h.keys("n")
	h.waitFor("third read", func() bool { return itemByTitle(t, f.st, "Happy new year").Read })
	h.keys("esc", "esc", "n") // on the tree: next feed with unread
	if n := h.m.tree.node(); n.kind != nodeFeed || n.unread == 0 {
		t.Fatalf("n on tree selected %+v", n)
	}
}

func TestToggleReadFlagAndMarkAll(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("tab", "N")
	h.waitFor("N marks read", func() bool { return itemByTitle(t, f.st, "Council approves bike lanes").Read })
	h.keys("N")
	h.waitFor("N marks unread", func() bool { return !itemByTitle(t, f.st, "Council approves bike lanes").Read })
	h.keys("s")
	h.waitFor("s flags", func() bool { return itemByTitle(t, f.st, "Council approves bike lanes").Flagged })
	h.selectNode("Flagged")
	if len(h.m.items.rows) != 1 {
		t.Fatalf("Flagged lists %d", len(h.m.items.rows))
	}
	h.keys("esc")
	h.selectNode("Daily Wire")
	h.keys("A")
	h.waitFor("A marks the feed read", func() bool { return unread(t, f.st, f.wire) == 0 })
	if got := unread(t, f.st, f.gopher); got != 3 {
		t.Errorf("A touched another feed: %d unread", got)
	}
	h.waitFor("tree counts", func() bool { return h.m.tree.node().unread == 0 })
	h.selectNode("Tech")
	h.keys("A", "y")
	h.waitFor("A marks the folder read", func() bool { return unread(t, f.st, f.gopher) == 0 })
}

func TestWatchOpenCopyEnclosure(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	h.keys("w")
	h.waitFor("watch stored", func() bool { fd, _ := f.st.Feed(context.Background(), f.gopher); return fd.Watch })
	h.keys("tab", "o", "y")
	if len(h.opened) != 1 || h.opened[0] != "https://gopher.test/etags" {
		t.Errorf("o opened %v", h.opened)
	}
	if len(h.copied) != 1 || h.copied[0] != "https://gopher.test/etags" {
		t.Errorf("y copied %v", h.copied)
	}
	h.keys("e")
	if !h.m.status.isError || !strings.Contains(h.m.status.message, "no enclosure") {
		t.Errorf("e on an item without enclosure: %q", h.m.status.message)
	}
	h.keys("G", "e")
	h.waitFor("enclosure queued", func() bool { return strings.Contains(statusLine(h), "1 enclosure queued") })
	h.keys("g", "enter", "1", "enter")
	if len(h.opened) != 2 || h.opened[1] != "https://example.com/etag" {
		t.Errorf("link 1 opened %v", h.opened)
	}
}

func TestUnsubscribeAsksFirst(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("d")
	if h.m.dialog == nil || !strings.Contains(h.view(), "Unsubscribe from Daily Wire?") {
		t.Fatalf("d shows no question:\n%s", h.view())
	}
	h.keys("n")
	if _, err := f.st.Feed(context.Background(), f.wire); err != nil {
		t.Fatal("n removed the feed")
	}
	h.keys("d", "y")
	h.waitFor("feed removed", func() bool { _, err := f.st.Feed(context.Background(), f.wire); return err != nil })
	h.waitFor("tree without it", func() bool { return h.m.tree.feedByID(f.wire) == nil && h.m.items.title != "Daily Wire" })
}

func TestEditSettings(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Broken Feed")
	h.keys("E")
	if !strings.Contains(h.view(), "503 Service Unavailable") {
		t.Errorf("settings do not show the last error:\n%s", h.view())
	}
	h.typeText("My Title")
	h.keys("tab")
	h.typeText("Misc")
	h.keys("tab", "right") // sync: interval
	h.keys("tab")
	h.typeText("60")
	h.keys("tab")
	h.typeText("50")
	h.keys("tab", "right", "tab", "right", "enter")
	h.waitFor("settings stored", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.broken)
		return fd.Title == "My Title" && fd.FolderPath == "Misc" && fd.Sync == store.SyncInterval &&
			fd.IntervalMinutes == 60 && fd.MaxItems == 50 && fd.DownloadEnclosures && fd.Watch
	})
	h.keys("E", "tab", "tab", "tab")
	h.keys("backspace", "backspace")
	h.typeText("abc")
	h.keys("enter")
	if h.m.dialog == nil || !strings.Contains(h.view(), "interval") {
		t.Fatalf("an interval of abc was not refused:\n%s", h.view())
	}
	h.keys("esc")
	if h.m.dialog != nil {
		t.Fatal("esc did not close the dialog")
	}
}

// The reader's settings and 'tidings set' share one check: an interval
// under the minimum is raised to it, stored, and said in the dialog (the
// CLI's twin is TestSetIntervalBelowMinimumIsRaised in ui/cli).
func TestSettingsIntervalBelowMinimumIsRaised(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Broken Feed")
	h.keys("E", "tab", "tab", "right", "tab")
	h.typeText("5")
	h.keys("enter")
	h.waitFor("interval stored as 15", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.broken)
		return fd.Sync == store.SyncInterval && fd.IntervalMinutes == 15
	})
	if h.m.dialog == nil || !strings.Contains(h.view(), "interval 5 raised to the minimum, 15 minutes") {
		t.Fatalf("the dialog does not say the interval was raised:\n%s", h.view())
	}
	if !strings.Contains(h.view(), "15") {
		t.Errorf("the interval field does not show 15:\n%s", h.view())
	}
	h.keys("enter")
	if h.m.dialog != nil {
		t.Fatal("a second enter with nothing to raise did not close the dialog")
	}
}

func TestSearchStatsHelp(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.keys("/")
	h.typeText("library")
	h.keys("enter")
	h.waitFor("results", func() bool { return h.m.items.search != "" })
	if len(h.m.items.rows) != 1 || h.m.items.rows[0].Title != "Library extends weekend hours" || h.m.focus != paneItems {
		t.Fatalf("search results %+v focus %v", h.m.items.rows, h.m.focus)
	}
	h.keys("esc", "S")
	h.waitFor("stats", func() bool { return h.m.dialog != nil })
	v := h.view()
	for _, want := range []string{"Statistics", "Requests per day", "Total", "Gopher Notes"} {
		if !strings.Contains(v, want) {
			t.Errorf("stats screen lacks %q:\n%s", want, v)
		}
	}
	h.keys("esc", "?")
	if !strings.Contains(h.view(), "toggle read") {
		t.Errorf("? shows no full help:\n%s", h.view())
	}
	h.keys("?")
	if h.m.dialog != nil {
		t.Error("? did not close the help")
	}
}

// feedHost serves one RSS feed whose items can grow.
type feedHost struct {
	*httptest.Server
	mu     sync.Mutex
	items  []string
	status int    // answer every request with it, when not 0
	body   string // answer with it, when not ""
}

func newFeedHost(t *testing.T, titles ...string) *feedHost {
	fh := &feedHost{items: titles}
	fh.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fh.mu.Lock()
		defer fh.mu.Unlock()
		if fh.status != 0 {
			http.Error(w, http.StatusText(fh.status), fh.status)
			return
		}
		w.Header().Set("Content-Type", "application/rss+xml")
		if fh.body != "" {
			w.Write([]byte(fh.body))
			return
		}
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?><rss version="2.0"><channel><title>Local Feed</title><link>http://x.test/</link>`)
		for i, it := range fh.items {
			b.WriteString("<item><guid>" + it + "</guid><title>" + it + "</title><pubDate>Mon, 0" +
				string(rune('1'+i)) + " Mar 2026 10:00:00 GMT</pubDate><description>body</description></item>")
		}
		b.WriteString(`</channel></rss>`)
		w.Write([]byte(b.String()))
	}))
	t.Cleanup(fh.Close)
	return fh
}

// serve makes every answer body.
func (fh *feedHost) serve(body string) {
	fh.mu.Lock()
	defer fh.mu.Unlock()
	fh.body = body
}

// fail makes every answer status (0: the feed again).
func (fh *feedHost) fail(status int) {
	fh.mu.Lock()
	defer fh.mu.Unlock()
	fh.status = status
}

// addFeedFrom subscribes to url and downloads it once, as the reader's
// engine would.
func addFeedFrom(t *testing.T, eng *engine.Engine, st *store.Store, url string) store.Feed {
	t.Helper()
	got, err := eng.Subscribe(context.Background(), engine.Subscription{URL: weburl.MustParse(url)})
	if err != nil {
		t.Fatal(err)
	}
	if r := eng.SyncFeeds(context.Background(), []store.Feed{got.Feed}, true, nil); r[0].Err != nil {
		t.Fatal(r[0].Err)
	}
	f, err := st.Feed(context.Background(), got.Feed.ID)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (fh *feedHost) add(title string) {
	fh.mu.Lock()
	defer fh.mu.Unlock()
	fh.items = append(fh.items, title)
}

func newEngine(st *store.Store) *engine.Engine {
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0
	return engine.New(st, cfg, engine.Options{})
}

func TestSubscribeRefreshAndWatch(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "First post")
	eng := newEngine(f.st)
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	h.keys("a")
	h.typeText(fh.URL + "/feed.xml")
	h.keys("tab")
	h.typeText("Local")
	h.keys("enter")
	h.waitFor("subscribed", func() bool {
		return strings.Contains(h.view(), "Local Feed") && h.m.tree.feedByID(5) != nil && h.m.tree.feedByID(5).ItemCount == 1
	})
	h.selectNode("Local Feed")
	h.keys("w")
	h.waitFor("watch", func() bool { fd, _ := f.st.Feed(context.Background(), 5); return fd.Watch })
	fh.add("Second post")
	h.keys("r")
	h.waitFor("new item listed", func() bool { return len(h.m.items.rows) == 2 })
	h.waitFor("toast", func() bool { return strings.Contains(h.m.status.toast, "1 new in Local Feed") })
	fh.add("Third post")
	h.keys("R")
	h.waitFor("refresh all", func() bool { return len(h.m.items.rows) == 3 })
	h.waitFor("refresh done", func() bool { return strings.Contains(h.m.status.message, "refreshed") })
	if h.m.status.errors.latest() == "" || !strings.Contains(h.view(), "! ") {
		t.Errorf("the failed downloads of the fixture's unreachable feeds are not shown: %q", h.m.status.errors.latest())
	}
}

func TestOtherProcessChangesShowUp(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("tab", "j")
	if _, err := f.otherProcess(t).MarkFeedRead(context.Background(), f.wire); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	h.waitFor("poll re-reads", func() bool { return !h.m.items.rows[0].Read == false && h.m.tree.node().unread == 0 })
	if h.m.items.cursor != 1 {
		t.Errorf("cursor moved to %d", h.m.items.cursor)
	}
}

// With Sync left at "default", typing 5 in Interval said "raised to 15 —
// saved" while the feed kept syncing daily: typing an interval means
// syncing on it, so Sync becomes interval, as 'tidings set … interval=5'
// does.
func TestSettingsTypedIntervalSetsSyncToInterval(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Broken Feed")
	h.keys("E", "tab", "tab", "tab")
	h.typeText("5")
	h.keys("enter")
	h.waitFor("interval stored as 15", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.broken)
		return fd.IntervalMinutes == 15
	})
	if fd, _ := f.st.Feed(context.Background(), f.broken); fd.Sync != store.SyncInterval {
		t.Errorf("the feed syncs %q, want %q", fd.Sync, store.SyncInterval)
	}
	if h.m.dialog == nil || !strings.Contains(h.view(), "[interval]") {
		t.Errorf("the dialog does not show Sync interval:\n%s", h.view())
	}
}
