package ui

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// checkCountsExact compares every count of the tree (views, folders,
// feeds) with the counts read from the store now.
func checkCountsExact(t *testing.T, h *harness, when string) {
	t.Helper()
	ctx := context.Background()
	feeds, err := h.st.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	folders, err := h.st.FolderCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	flagged, err := h.st.FlaggedCount(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]store.FeedRow, len(feeds))
	for i, f := range feeds {
		rows[i] = f.Row()
	}
	want := map[string]string{}
	for _, n := range buildNodes(rows, folders, flagged, nil) {
		want[n.key()] = fmt.Sprintf("%d unread of %d", n.unread, n.count)
	}
	got := map[string]string{}
	for _, n := range h.m.tree.all {
		if n.kind != nodeSearch && n.kind != nodeHeading {
			got[n.key()] = fmt.Sprintf("%d unread of %d", n.unread, n.count)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if got[k] != want[k] {
			t.Errorf("%s: tree row %s has %q, the store %q", when, k, got[k], want[k])
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: tree row %s is no longer in the store", when, k)
		}
	}
}

// subscribeIn subscribes eng to url in folder, without downloading it.
func subscribeIn(t *testing.T, eng *engine.Engine, url, folder string) store.Feed {
	t.Helper()
	got, err := eng.Subscribe(context.Background(), engine.Subscription{URL: weburl.MustParse(url), Folder: folder})
	if err != nil {
		t.Fatal(err)
	}
	return got.Feed
}

// download downloads feed with eng, as its scheduler would: no Cmd of the
// reader's asks for it, only the engine's events tell.
func download(t *testing.T, eng *engine.Engine, feed store.Feed) {
	t.Helper()
	if r := eng.SyncFeeds(context.Background(), []store.Feed{feed}, true, nil); r[0].Err != nil {
		t.Fatal(r[0].Err)
	}
}

// TestCountsStayExactOnThisProcessesDownloads: the downloads of the
// reader's own engine move the counts of the feed, its folders, All items
// and Unread by the events alone (no count is read again), and the list
// that shows the feed shows its new items.
func TestCountsStayExactOnThisProcessesDownloads(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "one", "two")
	eng := newEngine(f.st)
	feed := subscribeIn(t, eng, fh.URL+"/feed.xml", "Tech/Go")
	download(t, eng, feed)
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	checkCountsExact(t, h, "at start")
	reads := h.countReads

	fh.add("three")
	fh.add("four")
	download(t, eng, feed)
	h.waitFor("the new items counted", func() bool { return h.m.tree.feedByID(feed.ID).ItemCount == 4 })
	checkCountsExact(t, h, "after a download with new items")
	if !strings.Contains(h.view(), "four") {
		t.Errorf("All items does not list the new item:\n%s", h.view())
	}
	download(t, eng, feed) // nothing new
	h.waitFor("the events handled", func() bool { return len(h.events) == 0 })
	checkCountsExact(t, h, "after a download with nothing new")
	if h.countReads != reads {
		t.Errorf("the counts were read %d times more; the engine's events carry them", h.countReads-reads)
	}
}

// TestCountsStayExactWhenAnotherProcessSyncs: a cron `tidings sync` (its
// own connection to the database, its own engine) downloads new items and
// adds a feed in a new folder: the poll shows them; and a feed the tree
// does not have yet, downloaded by the reader's engine, is read in.
func TestCountsStayExactWhenAnotherProcessSyncs(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "one")
	eng := newEngine(f.st)
	feed := subscribeIn(t, eng, fh.URL+"/feed.xml", "Tech/Go")
	download(t, eng, feed)
	h := newHarness(t, f.st, 160, 45, withEngine(eng))

	other, err := store.Open(context.Background(), f.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	cron := newEngine(other)
	fh.add("two")
	download(t, cron, feed)
	added := subscribeIn(t, cron, fh.URL+"/other.xml", "Cron/New")
	download(t, cron, added)
	h.send(pollMsg{})
	checkCountsExact(t, h, "after a cron sync and the poll")
	if h.m.tree.feedByID(added.ID) == nil {
		t.Fatalf("the poll did not show the feed the cron added:\n%s", h.view())
	}

	unknown := subscribeIn(t, cron, fh.URL+"/third.xml", "Cron/Newer")
	download(t, eng, unknown)
	h.waitFor("the feed the tree did not have", func() bool { return h.m.tree.feedByID(unknown.ID) != nil })
	checkCountsExact(t, h, "after the reader's engine downloaded a feed the tree did not have")
}

// TestIdlePollsReadNothing: the poll reads the counts again only when
// another process committed since the last poll; an idle reader's polls
// read nothing (the counts' 2,000 rows were its largest allocation).
func TestIdlePollsReadNothing(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	reads := h.countReads
	for range 3 {
		h.send(pollMsg{})
	}
	if n := h.countReads - reads; n != 0 {
		t.Errorf("three idle polls, the first too, read the counts %d times", n)
	}
	other := f.otherProcess(t)
	if err := other.SetRead(context.Background(), []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, true); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	if n := h.countReads - reads; n != 1 {
		t.Errorf("a poll after another process wrote read the counts %d times, want once", n)
	}
	checkCountsExact(t, h, "after another process marked an item read")
}

// TestAtMostOneCountReadInFlight: events the tree cannot apply (feeds it
// does not have), many at once, read the counts once, and once more for
// those that came while the first read was on its way.
func TestAtMostOneCountReadInFlight(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	reads := h.countReads
	for id := range int64(20) {
		h.handle(engineMsg{engine.FeedItemCountChanged{FeedID: 1000 + id, Count: 1, Unread: 1}})
	}
	h.settle()
	if n := h.countReads - reads; n != 2 {
		t.Errorf("20 events the tree cannot apply read the counts %d times, want 2 (one on its way, one after)", n)
	}
	checkCountsExact(t, h, "after the reads")
}

// TestCountsStayExactAfterTheAccountSyncs: a sync of the account (a Fever
// server) brings its feed and items, then marks one read and brings
// another: after each, the tree's counts are the store's.
func TestCountsStayExactAfterTheAccountSyncs(t *testing.T) {
	f := newFixture(t)
	fv := newFeverServer(t)
	fv.add(1, "From the server", false)
	fv.add(2, "Also from the server", false)
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0
	cfg.Remote = config.RemoteConfig{Type: config.RemoteFever, URL: fv.URL + "/fever/", User: "me", Password: "pw", IntervalMinutes: 15}
	eng := engine.New(f.st, cfg, engine.Options{})
	h := newHarness(t, f.st, 160, 45, withEngine(eng))

	h.run(h.m.be.syncAccount())
	h.waitFor("the account's feed", func() bool { return hasLine(h.view(), "Phone Feed", "2") })
	checkCountsExact(t, h, "after the first sync of the account")

	fv.markRead(1)
	fv.add(3, "Later from the server", false)
	fv.add(4, "Read on the phone", true)
	h.run(h.m.be.syncAccount())
	h.waitFor("the account's changes", func() bool { return hasLine(h.view(), "Phone Feed", "2") && strings.Contains(h.view(), "Later") })
	checkCountsExact(t, h, "after the second sync of the account")
}

// feverServer is a Fever API with one group, one feed and its items.
type feverServer struct {
	*httptest.Server
	mu    sync.Mutex
	items []feverItem
}

type feverItem struct {
	id    int
	title string
	read  bool
}

func newFeverServer(t *testing.T) *feverServer {
	fv := &feverServer{}
	fv.Server = httptest.NewServer(http.HandlerFunc(fv.serve))
	t.Cleanup(fv.Close)
	return fv
}

func (fv *feverServer) add(id int, title string, read bool) {
	fv.mu.Lock()
	defer fv.mu.Unlock()
	fv.items = append(fv.items, feverItem{id, title, read})
}

func (fv *feverServer) markRead(id int) {
	fv.mu.Lock()
	defer fv.mu.Unlock()
	for i := range fv.items {
		if fv.items[i].id == id {
			fv.items[i].read = true
		}
	}
}

// serve answers the members the sync asks for: groups, feeds, items
// since an id, the unread and saved ids; a mark is taken and ignored.
func (fv *feverServer) serve(w http.ResponseWriter, r *http.Request) {
	fv.mu.Lock()
	defer fv.mu.Unlock()
	q := r.URL.Query()
	var member string
	switch {
	case q.Has("groups"):
		member = `"groups":[{"id":1,"title":"Synced"}],"feeds_groups":[{"group_id":1,"feed_ids":"7"}]`
	case q.Has("feeds"):
		member = `"feeds":[{"id":7,"title":"Phone Feed","url":"http://127.0.0.1:9/remote.xml","site_url":"http://127.0.0.1:9/"}]`
	case q.Has("items"):
		var since int
		fmt.Sscan(q.Get("since_id"), &since)
		var rows []string
		for _, it := range fv.items {
			if it.id > since {
				rows = append(rows, fmt.Sprintf(`{"id":%d,"feed_id":7,"title":%q,"html":"<p>body</p>","url":"http://127.0.0.1:9/%d","is_read":%d,"is_saved":0,"created_on_time":%d}`,
					it.id, it.title, it.id, map[bool]int{true: 1}[it.read], testNow.Unix()-int64(it.id)))
			}
		}
		member = `"items":[` + strings.Join(rows, ",") + `]`
	case q.Has("unread_item_ids"):
		var ids []string
		for _, it := range fv.items {
			if !it.read {
				ids = append(ids, fmt.Sprint(it.id))
			}
		}
		member = `"unread_item_ids":"` + strings.Join(ids, ",") + `"`
	case q.Has("saved_item_ids"):
		member = `"saved_item_ids":""`
	}
	if member != "" {
		member = "," + member
	}
	io.WriteString(w, `{"api_version":3,"auth":1`+member+`}`)
}

// TestCountsByDeltaShowAndHideFeedsUnderL: with l on, a feed whose items
// were all read is out of the tree until a download of this process's
// brings unread ones, then in, with its folder; and the list of another
// feed is not read again for it.
func TestCountsByDeltaShowAndHideFeedsUnderL(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "one")
	eng := newEngine(f.st)
	feed := subscribeIn(t, eng, fh.URL+"/feed.xml", "Later/On")
	download(t, eng, feed)
	if _, err := eng.MarkQueryRead(context.Background(), store.ItemQuery{FeedID: feed.ID}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	h.selectNode("Daily Wire")
	h.keys("l")
	if hasLine(h.view(), "Local Feed") || hasLine(h.view(), "Later/") {
		t.Fatalf("l shows a feed with nothing unread:\n%s", h.view())
	}
	counts, lists := h.countReads, h.listReads

	fh.add("two")
	download(t, eng, feed)
	h.waitFor("the feed with an unread item", func() bool { return hasLine(h.view(), "Local Feed", "1") })
	if !hasLine(h.view(), "Later/", "1") {
		t.Errorf("the feed's folder is not shown with it:\n%s", h.view())
	}
	checkCountsExact(t, h, "after the download under l")
	if h.countReads != counts || h.listReads != lists {
		t.Errorf("read the counts %d and Daily Wire's list %d times more for another feed's download",
			h.countReads-counts, h.listReads-lists)
	}
}

// TestAFailedDownloadMarksItsFeedAtOnce: a download of this process's
// that fails marks its feed failed, and one that succeeds again takes the
// mark away, as they happen: the feed's row is read again, not every
// count.
func TestAFailedDownloadMarksItsFeedAtOnce(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "one")
	eng := newEngine(f.st)
	feed := subscribeIn(t, eng, fh.URL+"/feed.xml", "")
	download(t, eng, feed)
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	reads := h.countReads
	if treeRowMarked(h.view(), glyphFailed, "Local Feed") {
		t.Fatalf("the feed is marked failed before any failure:\n%s", h.view())
	}

	fh.fail(503)
	eng.SyncFeeds(context.Background(), []store.Feed{feed}, true, nil)
	h.waitFor("the failed mark", func() bool { return treeRowMarked(h.view(), glyphFailed, "Local Feed") })
	fh.fail(0)
	download(t, eng, feed)
	h.waitFor("the mark gone", func() bool { return !treeRowMarked(h.view(), glyphFailed, "Local Feed") })
	checkCountsExact(t, h, "after a failure and a recovery")
	if h.countReads != reads {
		t.Errorf("the counts were read %d times more for a failure and a recovery", h.countReads-reads)
	}
}

// treeRowMarked says whether the tree's row of label has mark.
func treeRowMarked(view, mark, label string) bool {
	for _, line := range strings.Split(view, "\n") {
		if strings.HasPrefix(line, mark+" "+label) && strings.Contains(line, "│") {
			return true
		}
	}
	return false
}
