package account

import (
	"context"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// pullFeeds makes the account's feeds here what the server lists.
func (a *Account) pullFeeds(ctx context.Context, res *Result) error {
	feeds, refused, err := a.svc.Feeds(ctx)
	if err != nil {
		return err
	}
	for _, why := range refused {
		res.note(a.log, "a subscription of the server is skipped: "+why)
	}
	reset, err := a.store.AdoptRemoteAccount(ctx, a.key())
	if err != nil {
		return err
	}
	if reset {
		a.log.Info("remote account changed: the former account's feeds are local now", "remote", a.cfg.Remote)
	}
	list := make([]store.RemoteFeed, 0, len(feeds))
	for _, f := range feeds {
		list = append(list, remoteFeed(f))
	}
	ch, err := a.store.ApplyRemoteFeeds(ctx, list, store.NewFeed{DownloadEnclosures: a.cfg.Enclosures.Download})
	if err != nil {
		return err
	}
	a.eng.RemoveFiles(ch.RemovedFiles)
	for _, id := range ch.RemovedFeeds {
		if err := enclosure.RemoveFeedFolder(a.cfg.Enclosures.Directory, id); err != nil {
			a.log.Debug("remove enclosure folder", "feed", id, "err", err)
		}
	}
	for _, sk := range ch.Skipped {
		res.note(a.log, skippedLine(sk))
	}
	for _, k := range ch.Kept {
		res.note(a.log, fmt.Sprintf("%q is no longer on the server; it stays here as a local feed synced by hand, for its %d flagged items", k.Title, k.Flagged))
	}
	res.FeedsAdded += ch.Added
	res.FeedsRemoved += ch.Removed
	res.FeedsChanged += ch.Changed
	return nil
}

// remoteFeed is a subscription as the store keeps it (its title plain
// text, its URL when it has none), its label a folder.
func remoteFeed(f remote.Feed) store.RemoteFeed {
	title := sanitize.Text(f.Title)
	if title == "" {
		title = f.URL.String()
	}
	return store.RemoteFeed{RemoteID: f.ID, URL: f.URL, Title: title,
		SiteURL: sanitize.Link(f.SiteURL.String()), FolderPath: labelFolder(f.Label)}
}

// labelFolder is the folder a label names: "A/B" nests B in A; a name the
// folder tree cannot hold ("." or "..") has its dots replaced.
func labelFolder(label string) string {
	parts := strings.Split(sanitize.Text(label), "/")
	for i, p := range parts {
		if p = strings.TrimSpace(p); p == "." || p == ".." {
			parts[i] = strings.Repeat("_", len(p))
		}
	}
	path, err := store.CleanFolderPath(strings.Join(parts, "/"))
	if err != nil {
		return ""
	}
	return path
}

// pullState is what a pull of items needs from the store, and learns.
type pullState struct {
	known  map[string]bool
	feeds  map[string]store.Feed
	max    map[int64]int
	pulled map[string]bool
	// refreshed is true once the subscriptions were listed again for an
	// item of a feed not known here yet.
	refreshed bool
	// orphans counts the items of subscriptions not held here (skipped,
	// or unknown to the server's own listing).
	orphans int
}

// pullItems pulls the items tidings lacks, a page at a time, each page one
// transaction, then the server's whole read and starred state when the
// protocol lists it. It returns the cursor for the next pull.
func (a *Account) pullItems(ctx context.Context, res *Result) (string, error) {
	acct, err := a.store.RemoteAccount(ctx)
	if err != nil {
		return "", err
	}
	ps := &pullState{pulled: map[string]bool{}}
	if ps.known, err = a.store.KnownRemoteItems(ctx); err != nil {
		return "", err
	}
	if err := a.loadRemoteFeeds(ctx, ps); err != nil {
		return "", err
	}
	pulled, err := a.svc.Pull(ctx, acct.Cursor, func(id string) bool { return ps.known[id] },
		func(items []remote.Item) error { return a.recordPage(ctx, ps, items, res) })
	if err != nil {
		return "", err
	}
	if pulled.Refused > 0 || ps.orphans > 0 {
		a.log.Warn("remote: items of the server left out", "refused by the entry rules", pulled.Refused,
			"of a subscription not held here", ps.orphans)
	}
	if s := pulled.Snapshot; s != nil {
		_, n, err := a.store.ApplyRemoteStates(ctx, store.RemoteStates{Unread: s.Unread, Starred: s.Starred, Skip: ps.pulled,
			UnreadFeeds: s.UnreadFeeds, KeepFlags: s.NoStarred})
		if err != nil {
			return "", err
		}
		res.StateChanges += n
	}
	if pulled.All != nil {
		if err := a.store.ForgetPurged(ctx, pulled.All); err != nil {
			return "", err
		}
	}
	return pulled.Cursor, nil
}

// loadRemoteFeeds maps the account's feeds by the server's id, with the
// number of items each keeps.
func (a *Account) loadRemoteFeeds(ctx context.Context, ps *pullState) error {
	feeds, err := a.store.Feeds(ctx)
	if err != nil {
		return err
	}
	ps.feeds, ps.max = map[string]store.Feed{}, map[int64]int{}
	for _, f := range feeds {
		if f.Remote() {
			ps.feeds[f.RemoteID] = f
			ps.max[f.ID] = a.eng.MaxItems(f)
		}
	}
	return nil
}

// recordPage sanitizes a page of items and records it in one transaction;
// the enclosures of new and changed items of feeds that download them are
// queued.
func (a *Account) recordPage(ctx context.Context, ps *pullState, items []remote.Item, res *Result) error {
	page := make([]store.RemoteItem, 0, len(items))
	for _, it := range items {
		f, ok, err := a.feedOfItem(ctx, ps, it.FeedID)
		if err != nil {
			return err
		}
		if !ok {
			ps.orphans++
			continue
		}
		doc := document.Document{Items: []document.Item{it.Doc}}
		feed.Clean(&doc, f.URL)
		page = append(page, store.RemoteItem{FeedID: f.ID, Item: doc.Items[0], Read: it.State.Read, Flagged: it.State.Starred})
		ps.pulled[it.ID], ps.known[it.ID] = true, true
	}
	out, err := a.store.RecordRemoteItems(ctx, page, ps.max, a.clock.Now())
	if err != nil {
		return err
	}
	a.eng.RemoveFiles(out.RemovedFiles)
	res.NewItems += out.New
	res.UpdatedItems += out.Updated
	res.StateChanges += out.StateChanged
	for _, f := range ps.feeds {
		a.eng.QueueEnclosures(ctx, f, out.Changed[f.ID])
	}
	return nil
}

// feedOfItem finds the feed an item belongs to; an item of a subscription
// made since the list was read makes the list be read once more.
func (a *Account) feedOfItem(ctx context.Context, ps *pullState, remoteID string) (store.Feed, bool, error) {
	if f, ok := ps.feeds[remoteID]; ok {
		return f, true, nil
	}
	if ps.refreshed {
		return store.Feed{}, false, nil
	}
	ps.refreshed = true
	if err := a.pullFeeds(ctx, &Result{}); err != nil {
		return store.Feed{}, false, err
	}
	if err := a.loadRemoteFeeds(ctx, ps); err != nil {
		return store.Feed{}, false, err
	}
	f, ok := ps.feeds[remoteID]
	return f, ok, nil
}
