package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// remoteFeed adds one feed of the account with n items "r1"… (the newest
// first) and returns its id and the items' ids here.
func remoteFeed(t *testing.T, s *Store, rid string, n int, at time.Time) (int64, []int64) {
	t.Helper()
	ctx := context.Background()
	id, err := s.UpsertRemoteFeed(ctx, RemoteFeed{RemoteID: rid, URL: weburl.MustParse("http://127.0.0.1/" + rid), Title: "Feed " + rid, FolderPath: "Label"}, NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	var items []RemoteItem
	for i := range n {
		pub := at.Add(-time.Duration(i) * time.Hour)
		items = append(items, RemoteItem{FeedID: id, Item: document.Item{Key: document.RemoteKey(fmt.Sprintf("%s-%d", rid, i+1)),
			Title: fmt.Sprintf("%s %d", rid, i+1), Published: &pub}})
	}
	if _, err := s.RecordRemoteItems(ctx, items, map[int64]int{id: 100}, at); err != nil {
		t.Fatal(err)
	}
	got, err := s.Items(ctx, ItemQuery{FeedID: id})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, it := range got {
		ids = append(ids, it.ID)
	}
	return id, ids
}

func journal(t *testing.T, s *Store) []JournalEntry {
	t.Helper()
	j, err := s.Journal(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func TestMarksOfRemoteItemsAreJournalledInTheSameTransaction(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	remote, rids := remoteFeed(t, s, "feed/1", 3, *now)
	local := addFeed(t, s, "http://127.0.0.1/local.xml", "")
	record(t, s, local, *now, docOf(document.Item{GUID: "l1", Title: "local"}), 0)
	localItems, _ := s.Items(ctx, ItemQuery{FeedID: local})

	if err := s.SetRead(ctx, []int64{rids[0], localItems[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetFlagged(ctx, []int64{rids[1]}, true); err != nil {
		t.Fatal(err)
	}
	j := journal(t, s)
	if len(j) != 2 || j[0].Field != JournalRead || !j[0].Value || j[1].Field != JournalStarred || !j[1].Value {
		t.Fatalf("journal = %+v, want read and starred of two remote items only", j)
	}
	// A failed mark rolls back the journal with it.
	if err := s.SetRead(ctx, []int64{rids[2], 999999}, true); err == nil {
		t.Fatal("marking an unknown item succeeded")
	}
	if got := journal(t, s); len(got) != 2 {
		t.Fatalf("journal after a failed mark = %+v", got)
	}
	n, err := s.MarkFeedRead(ctx, remote)
	if err != nil || n != 2 {
		t.Fatalf("MarkFeedRead = %d, %v; want the 2 unread", n, err)
	}
	if got := journal(t, s); len(got) != 4 {
		t.Fatalf("journal after marking the feed read = %+v", got)
	}
}

func TestAcknowledgeKeepsAChangeMadeWhilePushing(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	_, rids := remoteFeed(t, s, "feed/1", 1, *now)
	must(t, s.SetRead(ctx, rids, true))
	sent := journal(t, s)
	must(t, s.MarkSending(ctx, []int64{sent[0].ID}, *now))
	if j := journal(t, s); !j[0].Sent {
		t.Fatalf("not marked sent: %+v", j)
	}
	must(t, s.SetRead(ctx, rids, false)) // marked again while the push is under way
	must(t, s.Acknowledge(ctx, []int64{sent[0].ID}))
	j := journal(t, s)
	if len(j) != 1 || j[0].Value || j[0].Sent || j[0].ID == sent[0].ID {
		t.Fatalf("journal = %+v, want the later unread mark, unsent, under a new id", j)
	}
}

func TestApplyRemoteFeedsAddsRenamesMovesAndRemoves(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	gone, _ := remoteFeed(t, s, "feed/9", 1, *now)
	kept, _ := remoteFeed(t, s, "feed/2", 1, *now)

	ch, err := s.ApplyRemoteFeeds(ctx, []RemoteFeed{
		{RemoteID: "feed/1", URL: weburl.MustParse("http://127.0.0.1/new.xml"), Title: "New", FolderPath: "Tech"},
		{RemoteID: "feed/2", URL: weburl.MustParse("http://127.0.0.1/feed/2"), Title: "Renamed", FolderPath: "News/World"},
	}, NewFeed{DownloadEnclosures: true})
	if err != nil {
		t.Fatal(err)
	}
	if ch.Added != 1 || ch.Removed != 1 || ch.Changed != 1 || !slices.Equal(ch.RemovedFeeds, []int64{gone}) || len(ch.Skipped) != 0 {
		t.Fatalf("changes = %+v", ch)
	}
	feeds, _ := s.Feeds(ctx)
	byRemote := map[string]Feed{}
	for _, f := range feeds {
		byRemote[f.RemoteID] = f
	}
	if f := byRemote["feed/2"]; f.ID != kept || f.Title != "Renamed" || f.FolderPath != "News/World" || f.ItemCount != 1 {
		t.Errorf("renamed and moved feed = %+v", f)
	}
	if f := byRemote["feed/1"]; f.Title != "New" || f.FolderPath != "Tech" || !f.DownloadEnclosures || !f.Remote() {
		t.Errorf("added feed = %+v", f)
	}
	if len(feeds) != 2 {
		t.Errorf("feeds = %d, want 2", len(feeds))
	}
	due, _ := s.DueFeeds(ctx, now.Add(time.Hour))
	auto, _ := s.AutoFeeds(ctx)
	if len(due) != 0 || len(auto) != 0 {
		t.Errorf("feeds of the account are scheduled here: due %d, auto %d", len(due), len(auto))
	}
}

// A server that lists the URL of a local feed neither takes it over nor,
// listing nothing afterwards, deletes it: the local feed keeps its items,
// its flags and its settings, and the server's subscription is skipped.
// Two subscriptions of the server with one URL: the second is skipped.
func TestApplyRemoteFeedsNeverTakesOrRemovesALocalFeed(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	local := addFeed(t, s, "http://127.0.0.1/mine.xml", "Mine")
	record(t, s, local, *now, docOf(document.Item{GUID: "m1", Title: "flag me"}), 0)
	items, _ := s.Items(ctx, ItemQuery{FeedID: local})
	must(t, s.SetFlagged(ctx, []int64{items[0].ID}, true))
	before, err := s.Feed(ctx, local)
	must(t, err)

	ch, err := s.ApplyRemoteFeeds(ctx, []RemoteFeed{
		{RemoteID: "feed/1", URL: weburl.MustParse("http://127.0.0.1/mine.xml"), Title: "Theirs", FolderPath: "Server"},
		{RemoteID: "feed/2", URL: weburl.MustParse("http://127.0.0.1/twice.xml"), Title: "Twice"},
		{RemoteID: "feed/3", URL: weburl.MustParse("http://127.0.0.1/twice.xml"), Title: "Twice again"},
	}, NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	want := []SkippedFeed{
		{RemoteID: "feed/1", URL: "http://127.0.0.1/mine.xml", Title: "Theirs", Local: true},
		{RemoteID: "feed/3", URL: "http://127.0.0.1/twice.xml", Title: "Twice again"},
	}
	if ch.Added != 1 || ch.Changed != 0 || !slices.Equal(ch.Skipped, want) {
		t.Fatalf("changes = %+v, want feed/2 added and %+v skipped", ch, want)
	}
	if _, err := s.UpsertRemoteFeed(ctx, RemoteFeed{RemoteID: "feed/4", URL: weburl.MustParse("http://127.0.0.1/mine.xml")}, NewFeed{}); !errors.Is(err, ErrURLTaken) {
		t.Errorf("UpsertRemoteFeed of a local feed's URL: err = %v, want ErrURLTaken", err)
	}
	if _, err := s.ApplyRemoteFeeds(ctx, nil, NewFeed{}); err != nil {
		t.Fatal(err)
	}
	f, err := s.Feed(ctx, local)
	if err != nil {
		t.Fatalf("the local feed is gone: %v", err)
	}
	if f.Remote() || f.Title != before.Title || f.FolderPath != "Mine" || f.ItemCount != 1 {
		t.Errorf("local feed after the server listed its URL then nothing = %+v", f)
	}
	if got, _ := s.Items(ctx, ItemQuery{FeedID: local}); len(got) != 1 || !got[0].Flagged {
		t.Errorf("the local feed's flagged item = %+v", got)
	}
}

func TestRecordRemoteItemsKeepsPendingMarksAndRemembersPurged(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed, rids := remoteFeed(t, s, "feed/1", 3, *now)
	must(t, s.SetFlagged(ctx, rids[:1], true)) // pending: the server does not know yet
	items := []RemoteItem{
		{FeedID: feed, Item: document.Item{Key: document.RemoteKey("feed/1-1"), Title: "feed/1 1"}, Read: true},
		{FeedID: feed, Item: document.Item{Key: document.RemoteKey("feed/1-2"), Title: "feed/1 2"}, Read: true, Flagged: true},
	}
	res, err := s.RecordRemoteItems(ctx, items, map[int64]int{feed: 2}, *now)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.Items(ctx, ItemQuery{FeedID: feed})
	if len(got) != 2 || res.Removed != 1 {
		t.Fatalf("items = %d, removed %d; want 2 kept, 1 purged", len(got), res.Removed)
	}
	state := map[string][2]bool{}
	for _, it := range got {
		state[it.Title] = [2]bool{it.Read, it.Flagged}
	}
	if state["feed/1 1"] != [2]bool{false, true} || state["feed/1 2"] != [2]bool{true, true} {
		t.Errorf("states = %v: the pending item must keep its own, the other take the server's", state)
	}
	known, err := s.KnownRemoteItems(ctx)
	if err != nil || !known["feed/1-3"] || !known["feed/1-1"] || len(known) != 3 {
		t.Fatalf("known = %v, %v: want held and purged", known, err)
	}
	must(t, s.ForgetPurged(ctx, map[string]bool{"feed/1-1": true}))
	if known, _ := s.KnownRemoteItems(ctx); known["feed/1-3"] {
		t.Errorf("a purged item the server forgot is still known")
	}
}

func TestApplyRemoteStatesSkipsPendingAndPulledItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	_, rids := remoteFeed(t, s, "feed/1", 3, *now) // newest first: feed/1-1, -2, -3
	must(t, s.SetRead(ctx, rids[:1], true))
	feeds, changed, err := s.ApplyRemoteStates(ctx, RemoteStates{
		Unread:  map[string]bool{"feed/1-1": true},
		Starred: map[string]bool{"feed/1-2": true, "feed/1-3": true},
		Skip:    map[string]bool{"feed/1-3": true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if changed != 1 || len(feeds) != 1 {
		t.Fatalf("changed %d in %v, want only feed/1-2", changed, feeds)
	}
	it, _ := s.Item(ctx, rids[1])
	if !it.Read || !it.Flagged {
		t.Errorf("feed/1-2 = read %v flagged %v, want the server's read and starred", it.Read, it.Flagged)
	}
	if it, _ := s.Item(ctx, rids[0]); !it.Read {
		t.Errorf("a pending read was undone by the server's older state")
	}
}

func TestClaimRemoteIsOneProcessAtATime(t *testing.T) {
	testLeasedClaim(t, func(t *testing.T, s *Store, now time.Time, holder string, heldFor time.Duration) (bool, string, error) {
		return s.ClaimRemote(context.Background(), holder, now, now.Add(heldFor))
	})
}

func TestReleasedRemoteClaimIsFree(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	if ok, _, err := s.ClaimRemote(ctx, otherHostOwner, *now, now.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("first claim: %v %v", ok, err)
	}
	must(t, s.ReleaseRemote(ctx, otherHostOwner))
	if ok, holder, err := s.ClaimRemote(ctx, "me.example:1:1.1", *now, now.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("a released claim still holds: %v %q %v", ok, holder, err)
	}
}

func TestAdoptingAnotherAccountMakesItsFeedsLocal(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed, rids := remoteFeed(t, s, "feed/1", 1, *now) // subscribed before the first sync
	if reset, err := s.AdoptRemoteAccount(ctx, "greader http://a me"); err != nil || reset {
		t.Fatalf("first adoption = %v %v", reset, err)
	}
	if f, _ := s.Feed(ctx, feed); !f.Remote() {
		t.Fatal("the first account lost its feed")
	}
	must(t, s.SetRead(ctx, rids, true))
	reset, err := s.AdoptRemoteAccount(ctx, "miniflux http://b me")
	if err != nil || !reset {
		t.Fatalf("adoption of another account = %v %v", reset, err)
	}
	f, _ := s.Feed(ctx, feed)
	if f.Remote() || f.ItemCount != 1 || len(journal(t, s)) != 0 {
		t.Errorf("after the switch: feed %+v, journal %v", f, journal(t, s))
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// The account's items meet the feeds' rules as a download's do, in
// RecordRemoteItems' transaction: hide, read, flag and delete act, a read
// or flag a rule sets waits in the journal to be pushed (so the server's
// state does not undo it), and an item a rule deleted leaves a tombstone:
// it is not recorded again and counts as known, not to be pulled again.
func TestRulesApplyToRemoteItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id, err := s.UpsertRemoteFeed(ctx, RemoteFeed{RemoteID: "feed/9", URL: weburl.MustParse("http://127.0.0.1/9"), Title: "Feed 9", FolderPath: "Label"}, NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ expr, action string }{
		{`title ~ "sponsored"`, ActionDelete},
		{`title ~ "rumour"`, ActionHide},
		{`title ~ "digest"`, ActionRead},
		{`title ~ "release"`, ActionFlag},
	} {
		addRule(t, s, r.expr, r.action, 0)
	}
	page := func(at time.Time) []RemoteItem {
		var items []RemoteItem
		for i, title := range []string{"Sponsored: a VPN", "A rumour", "Weekly digest", "Go release", "Plain news"} {
			pub := now.Add(-time.Duration(i) * time.Hour)
			items = append(items, RemoteItem{FeedID: id, Item: document.Item{Key: document.RemoteKey(fmt.Sprint("it-", i)), Title: title, Published: &pub}})
		}
		return items
	}
	res, err := s.RecordRemoteItems(ctx, page(*now), map[int64]int{id: 100}, *now)
	if err != nil {
		t.Fatal(err)
	}
	if res.New != 3 || len(res.Changed[id]) != 3 {
		t.Errorf("result = %+v, want the 3 items neither deleted nor hidden as new", res)
	}
	byTitle := map[string]Item{}
	items, err := s.Items(ctx, ItemQuery{FeedID: id, IncludeHidden: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		byTitle[it.Title] = it
	}
	tests := []struct {
		name, title           string
		present               bool
		hidden, read, flagged bool
	}{
		{"delete", "Sponsored: a VPN", false, false, false, false},
		{"hide", "A rumour", true, true, false, false},
		{"read", "Weekly digest", true, false, true, false},
		{"flag", "Go release", true, false, false, true},
		{"no rule", "Plain news", true, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it, ok := byTitle[tt.title]
			if ok != tt.present || it.Hidden != tt.hidden || it.Read != tt.read || it.Flagged != tt.flagged {
				t.Errorf("%q: present %v hidden %v read %v flagged %v; want %v %v %v %v", tt.title,
					ok, it.Hidden, it.Read, it.Flagged, tt.present, tt.hidden, tt.read, tt.flagged)
			}
		})
	}
	j := journal(t, s)
	if len(j) != 2 || j[0].ItemID != "it-2" || j[0].Field != JournalRead || !j[0].Value ||
		j[1].ItemID != "it-3" || j[1].Field != JournalStarred || !j[1].Value {
		t.Errorf("journal = %+v, want the rule's read of it-2 and flag of it-3", j)
	}
	known, err := s.KnownRemoteItems(ctx)
	if err != nil || !known["it-0"] {
		t.Errorf("KnownRemoteItems = %v, %v; want the deleted it-0 known", known, err)
	}

	// The next pull, with the server's state unread and unstarred: the
	// tombstone keeps the deleted item out, the journal keeps the rules'
	// marks, and nothing is new.
	res, err = s.RecordRemoteItems(ctx, page(now.Add(time.Hour)), map[int64]int{id: 100}, now.Add(time.Hour))
	if err != nil || res.New != 0 || res.StateChanged != 0 {
		t.Fatalf("second page = %+v, %v; want nothing new or changed", res, err)
	}
	if got := listedTitles(t, s, ItemQuery{FeedID: id, IncludeHidden: true}); len(got) != 4 {
		t.Errorf("items after the second page: %v, want the 4 not deleted", got)
	}
	if it := byTitle["Weekly digest"]; it.ID != 0 {
		if again, _ := s.Item(ctx, it.ID); !again.Read {
			t.Error("the server's unread state undid the rule's read before it was pushed")
		}
	}
}

// A feed of the account the server stops listing goes with its items —
// unless it holds flagged items: then it stays as a local feed synced by
// hand, with its flagged items only, and says so.
func TestApplyRemoteFeedsKeepsAFeedForItsFlaggedItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id, items := remoteFeed(t, s, "feed/5", 3, *now)
	must(t, s.SetFlagged(ctx, items[:1], true))

	ch, err := s.ApplyRemoteFeeds(ctx, nil, NewFeed{})
	must(t, err)
	if ch.Removed != 0 || len(ch.Kept) != 1 || ch.Kept[0].ID != id || ch.Kept[0].Flagged != 1 || ch.Kept[0].Title != "Feed feed/5" {
		t.Fatalf("changes = %+v, want feed/5 kept for its one flagged item", ch)
	}
	f, err := s.Feed(ctx, id)
	must(t, err)
	if f.Remote() || f.Sync != SyncManual {
		t.Fatalf("kept feed = %+v, want a local feed synced by hand", f)
	}
	left, err := s.Items(ctx, ItemQuery{FeedID: id})
	must(t, err)
	if len(left) != 1 || left[0].ID != items[0] || !left[0].Flagged {
		t.Fatalf("items left = %+v, want only the flagged one", left)
	}
	if ch, err = s.ApplyRemoteFeeds(ctx, nil, NewFeed{}); err != nil || len(ch.Kept)+ch.Removed != 0 {
		t.Fatalf("a second listing touched the local feed: %+v, %v", ch, err)
	}
}

// States scoped to some feeds leave the others' read state alone, and
// KeepFlags every flag; HeldRemoteItems gives each item's feed and state.
func TestApplyRemoteStatesScopedToFeeds(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	remoteFeed(t, s, "1", 2, *now)
	remoteFeed(t, s, "2", 2, *now)
	_, changed, err := s.ApplyRemoteStates(ctx, RemoteStates{
		Unread: map[string]bool{"1-2": true}, UnreadFeeds: map[string]bool{"1": true},
		Starred: map[string]bool{"2-1": true}, KeepFlags: true,
	})
	if err != nil || changed != 1 {
		t.Fatalf("changed %d, %v; want 1 (1-1 read)", changed, err)
	}
	held, err := s.HeldRemoteItems(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]HeldRemoteItem{"1-1": {FeedID: "1", Read: true}, "1-2": {FeedID: "1"},
		"2-1": {FeedID: "2"}, "2-2": {FeedID: "2"}}
	if fmt.Sprint(held) != fmt.Sprint(want) {
		t.Errorf("held %v, want %v", held, want)
	}
}

// What a protocol keeps is the configured account's only, and goes when
// the store adopts another account.
func TestRemoteKeptIsPerAccount(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	a, b := "ttrss http://a u", "ttrss http://b u"
	if _, err := s.AdoptRemoteAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct{ acct, v string }{{a, "sa"}, {b, "sb"}} {
		if err := s.KeepRemote(ctx, k.acct, "ttrss.session", k.v); err != nil {
			t.Fatal(err)
		}
	}
	if v, _ := s.RemoteKept(ctx, a, "ttrss.session"); v != "sa" {
		t.Errorf("a's session %q", v)
	}
	if _, err := s.AdoptRemoteAccount(ctx, b); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.RemoteKept(ctx, a, "ttrss.session"); v != "" {
		t.Errorf("a's session %q kept after b was adopted", v)
	}
	if v, _ := s.RemoteKept(ctx, b, "ttrss.session"); v != "sb" {
		t.Errorf("b's session %q", v)
	}
	if err := s.KeepRemote(ctx, b, "ttrss.session", ""); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.RemoteKept(ctx, b, "ttrss.session"); v != "" {
		t.Errorf("a forgotten session %q", v)
	}
}
