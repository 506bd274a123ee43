package engine

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
func (e *Engine) pullFeeds(ctx context.Context, res *AccountResult) error {
	feeds, refused, err := e.remote.Feeds(ctx)
	if err != nil {
		return err
	}
	for _, why := range refused {
		res.note(e, "a subscription of the server is skipped: "+why)
	}
	reset, err := e.store.AdoptRemoteAccount(ctx, e.accountKey())
	if err != nil {
		return err
	}
	if reset {
		e.log.Info("remote account changed: the former account's feeds are local now", "remote", e.cfg.Remote)
	}
	list := make([]store.RemoteFeed, 0, len(feeds))
	for _, f := range feeds {
		list = append(list, remoteFeed(f))
	}
	ch, err := e.store.ApplyRemoteFeeds(ctx, list, store.NewFeed{DownloadEnclosures: e.cfg.Enclosures.Download})
	if err != nil {
		return err
	}
	e.removeFiles(ch.RemovedFiles)
	for _, id := range ch.RemovedFeeds {
		if err := enclosure.RemoveFeedFolder(e.cfg.Enclosures.Directory, id); err != nil {
			e.log.Debug("remove enclosure folder", "feed", id, "err", err)
		}
	}
	for _, sk := range ch.Skipped {
		res.note(e, skippedLine(sk))
	}
	for _, k := range ch.Kept {
		res.note(e, fmt.Sprintf("%q is no longer on the server; it stays here as a local feed synced by hand, for its %d flagged items", k.Title, k.Flagged))
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
func (e *Engine) pullItems(ctx context.Context, res *AccountResult) (string, error) {
	acct, err := e.store.RemoteAccount(ctx)
	if err != nil {
		return "", err
	}
	ps := &pullState{pulled: map[string]bool{}}
	if ps.known, err = e.store.KnownRemoteItems(ctx); err != nil {
		return "", err
	}
	if err := e.loadRemoteFeeds(ctx, ps); err != nil {
		return "", err
	}
	pulled, err := e.remote.Pull(ctx, acct.Cursor, func(id string) bool { return ps.known[id] },
		func(items []remote.Item) error { return e.recordPage(ctx, ps, items, res) })
	if err != nil {
		return "", err
	}
	if pulled.Refused > 0 || ps.orphans > 0 {
		e.log.Warn("remote: items of the server left out", "refused by the entry rules", pulled.Refused,
			"of a subscription not held here", ps.orphans)
	}
	if s := pulled.Snapshot; s != nil {
		_, n, err := e.store.ApplyRemoteStates(ctx, store.RemoteStates{Unread: s.Unread, Starred: s.Starred, Skip: ps.pulled})
		if err != nil {
			return "", err
		}
		res.StateChanges += n
	}
	if pulled.All != nil {
		if err := e.store.ForgetPurged(ctx, pulled.All); err != nil {
			return "", err
		}
	}
	return pulled.Cursor, nil
}

// loadRemoteFeeds maps the account's feeds by the server's id, with the
// number of items each keeps.
func (e *Engine) loadRemoteFeeds(ctx context.Context, ps *pullState) error {
	feeds, err := e.store.Feeds(ctx)
	if err != nil {
		return err
	}
	ps.feeds, ps.max = map[string]store.Feed{}, map[int64]int{}
	for _, f := range feeds {
		if f.Remote() {
			ps.feeds[f.RemoteID] = f
			ps.max[f.ID] = MaxItems(e.cfg, f)
		}
	}
	return nil
}

// recordPage sanitizes a page of items and records it in one transaction;
// the enclosures of new and changed items of feeds that download them are
// queued.
func (e *Engine) recordPage(ctx context.Context, ps *pullState, items []remote.Item, res *AccountResult) error {
	page := make([]store.RemoteItem, 0, len(items))
	for _, it := range items {
		f, ok, err := e.feedOfItem(ctx, ps, it.FeedID)
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
	out, err := e.store.RecordRemoteItems(ctx, page, ps.max, e.clock.Now())
	if err != nil {
		return err
	}
	e.removeFiles(out.RemovedFiles)
	res.NewItems += out.New
	res.UpdatedItems += out.Updated
	res.StateChanges += out.StateChanged
	for _, f := range ps.feeds {
		e.queueEnclosures(ctx, f, out.Changed[f.ID])
	}
	return nil
}

// feedOfItem finds the feed an item belongs to; an item of a subscription
// made since the list was read makes the list be read once more.
func (e *Engine) feedOfItem(ctx context.Context, ps *pullState, remoteID string) (store.Feed, bool, error) {
	if f, ok := ps.feeds[remoteID]; ok {
		return f, true, nil
	}
	if ps.refreshed {
		return store.Feed{}, false, nil
	}
	ps.refreshed = true
	if err := e.pullFeeds(ctx, &AccountResult{}); err != nil {
		return store.Feed{}, false, err
	}
	if err := e.loadRemoteFeeds(ctx, ps); err != nil {
		return store.Feed{}, false, err
	}
	f, ok := ps.feeds[remoteID]
	return f, ok, nil
}
