package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// RemoteItem is one item of the account to record, sanitized, with its
// Key set (RemoteKey) and its state on the server.
type RemoteItem struct {
	FeedID        int64
	Item          document.Item
	Read, Flagged bool
}

// RemoteItemsResult is what recording a page of the account's items
// changed.
type RemoteItemsResult struct {
	New, Updated, Removed, StateChanged int
	// Changed holds, per feed, its new and updated items.
	Changed map[int64][]int64
	// Feeds are the feeds whose items changed.
	Feeds []int64
	// RemovedFiles are enclosure files of purged items; delete them.
	RemovedFiles []string
}

// RecordRemoteItems merges a page of the account's items in one
// transaction, as a download merges a feed's: known by their key, a
// changed title or content rewritten in place. Each takes the server's
// read and flag state unless a change made here waits to be pushed for
// it. The feeds' rules then apply to the new and changed items as in
// RecordDownload (a read or flag they set is journalled, to be pushed like
// a mark made here; a deleted item leaves a tombstone and is not pulled
// again). Then each feed touched keeps its newest maxItems[feed] (flagged
// items stay); the items purged are remembered so that they are not
// fetched again.
func (s *Store) RecordRemoteItems(ctx context.Context, items []RemoteItem, maxItems map[int64]int, at time.Time) (RemoteItemsResult, error) {
	res := RemoteItemsResult{Changed: map[int64][]int64{}}
	err := s.write(ctx, func(tx *sql.Tx) error {
		pending, err := pendingItemIDs(ctx, tx)
		if err != nil {
			return err
		}
		page := remotePage{pending: pending, feeds: map[int64]*remotePageFeed{}}
		for _, it := range items {
			if err := page.record(ctx, tx, it, at, &res); err != nil {
				return err
			}
		}
		if err := page.fts.flush(ctx, tx); err != nil {
			return err
		}
		for _, feedID := range res.Feeds {
			f := page.feeds[feedID]
			if err := s.applyRules(ctx, tx, feedID, at, &f.dr); err != nil {
				return err
			}
			if err := purgeRemote(ctx, tx, feedID, maxItems[feedID], &f.dr); err != nil {
				return err
			}
			res.New += f.dr.New
			res.Updated += f.dr.Updated
			res.Removed += f.dr.Removed
			res.RemovedFiles = append(res.RemovedFiles, f.dr.RemovedFiles...)
			if len(f.dr.ChangedItems) > 0 {
				res.Changed[feedID] = f.dr.ChangedItems
			}
		}
		return nil
	})
	if err != nil {
		return RemoteItemsResult{}, fmt.Errorf("record the account's items: %w", err)
	}
	return res, nil
}

// remotePage is what recording one page of the account's items keeps
// between its items.
type remotePage struct {
	// pending holds the server's ids of items with a change to push.
	pending map[string]bool
	feeds   map[int64]*remotePageFeed
	// fts holds the new items' index entries until the page is merged.
	fts ftsBatch
}

// remotePageFeed is one feed's part of a page: its tombstones (read once)
// and what merging its items changed.
type remotePageFeed struct {
	graves map[string]bool
	dr     DownloadResult
}

func (p *remotePage) record(ctx context.Context, tx *sql.Tx, it RemoteItem, at time.Time, res *RemoteItemsResult) error {
	f := p.feeds[it.FeedID]
	if f == nil {
		graves, err := tombstoneKeys(ctx, tx, it.FeedID)
		if err != nil {
			return err
		}
		f = &remotePageFeed{graves: graves}
		p.feeds[it.FeedID] = f
		res.Feeds = append(res.Feeds, it.FeedID)
	}
	before := f.dr.New
	stored, err := storedItems(ctx, tx, it.FeedID, []document.Item{it.Item})
	if err != nil {
		return err
	}
	id, err := mergeItem(ctx, tx, it.FeedID, it.Item, 0, at, f.graves, stored, &p.fts, &f.dr)
	if err != nil || id == 0 { // 0: a rule deleted it before
		return err
	}
	if p.pending[strings.TrimPrefix(ItemKey(it.Item), document.RemoteKeyPrefix)] {
		return nil
	}
	r, err := tx.ExecContext(ctx, `UPDATE items SET read = ?, flagged = ? WHERE id = ? AND (read <> ? OR flagged <> ?)`,
		it.Read, it.Flagged, id, it.Read, it.Flagged)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n > 0 && f.dr.New == before {
		res.StateChanged++
	}
	return nil
}

// purgeRemote purges a feed of the account and remembers what went.
func purgeRemote(ctx context.Context, tx *sql.Tx, feedID int64, maxItems int, res *DownloadResult) error {
	drop, err := purgeable(ctx, tx, feedID, maxItems, false)
	if err != nil {
		return err
	}
	for _, id := range drop {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO remote_purged (item_id)
			SELECT substr(item_key, 3) FROM items WHERE id = ? AND item_key LIKE 'r:%'`, id); err != nil {
			return err
		}
	}
	if err := deleteItems(ctx, tx, drop, res); err != nil {
		return err
	}
	if res.buried == 0 || maxItems <= 0 {
		return nil
	}
	return pruneTombstones(ctx, tx, feedID, maxItems)
}

// KnownRemoteItems returns the server's ids of the account's items held
// here, purged here or deleted by a rule: those a pull need not fetch.
func (s *Store) KnownRemoteItems(ctx context.Context) (map[string]bool, error) {
	known := map[string]bool{}
	for _, q := range []string{
		`SELECT substr(i.item_key, 3) FROM items i JOIN feeds fd ON fd.id = i.feed_id
			WHERE fd.remote_id IS NOT NULL AND i.item_key LIKE 'r:%'`,
		`SELECT item_id FROM remote_purged`,
		`SELECT substr(t.item_key, 3) FROM item_tombstones t JOIN feeds fd ON fd.id = t.feed_id
			WHERE fd.remote_id IS NOT NULL AND t.item_key LIKE 'r:%'`,
	} {
		if err := collectStrings(ctx, s.db, q, known); err != nil {
			return nil, fmt.Errorf("the account's known items: %w", err)
		}
	}
	return known, nil
}

// ForgetPurged forgets purged items the server no longer has (all lists
// every item it has).
func (s *Store) ForgetPurged(ctx context.Context, all map[string]bool) error {
	purged := map[string]bool{}
	if err := collectStrings(ctx, s.db, `SELECT item_id FROM remote_purged`, purged); err != nil {
		return fmt.Errorf("forget purged items: %w", err)
	}
	var gone []string
	for id := range purged {
		if !all[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, id := range gone {
			if _, err := tx.ExecContext(ctx, `DELETE FROM remote_purged WHERE item_id = ?`, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("forget purged items: %w", err)
	}
	return nil
}

// RemoteStates is the account's whole read and starred state, by the
// server's item ids.
type RemoteStates struct {
	Unread, Starred map[string]bool
	// Skip holds items whose state the pull already brought.
	Skip map[string]bool
	// UnreadFeeds, when not nil, are the only subscriptions (the server's
	// ids) whose read state Unread gives: the items of the others keep
	// theirs.
	UnreadFeeds map[string]bool
	// KeepFlags means Starred was not listed: every item keeps its flag.
	KeepFlags bool
}

// ApplyRemoteStates gives every item of the account held here the
// server's read and flag state (or those of them the states cover), in
// one transaction, except items with a change waiting to be pushed. It returns the feeds whose items changed
// and how many items did.
func (s *Store) ApplyRemoteStates(ctx context.Context, st RemoteStates) (feeds []int64, changed int, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error {
		pending, err := pendingItemIDs(ctx, tx)
		if err != nil {
			return err
		}
		rows, err := remoteItemStates(ctx, tx)
		if err != nil {
			return err
		}
		for _, r := range rows {
			read, flagged := !st.Unread[r.itemID], st.Starred[r.itemID]
			if st.UnreadFeeds != nil && !st.UnreadFeeds[r.remoteID] {
				read = r.read
			}
			if st.KeepFlags {
				flagged = r.flagged
			}
			if st.Skip[r.itemID] || pending[r.itemID] || (r.read == read && r.flagged == flagged) {
				continue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE items SET read = ?, flagged = ? WHERE id = ?`, read, flagged, r.id); err != nil {
				return err
			}
			changed++
			if !slices.Contains(feeds, r.feedID) {
				feeds = append(feeds, r.feedID)
			}
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("apply the account's read state: %w", err)
	}
	return feeds, changed, nil
}

// remoteItemState is an item of the account with its state here.
type remoteItemState struct {
	id, feedID       int64
	itemID, remoteID string
	read, flagged    bool
}

func remoteItemStates(ctx context.Context, db queryer) ([]remoteItemState, error) {
	rows, err := db.QueryContext(ctx, `SELECT i.id, i.feed_id, substr(i.item_key, 3), fd.remote_id, i.read, i.flagged
		FROM items i JOIN feeds fd ON fd.id = i.feed_id WHERE fd.remote_id IS NOT NULL AND i.item_key LIKE 'r:%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []remoteItemState
	for rows.Next() {
		var r remoteItemState
		if err := rows.Scan(&r.id, &r.feedID, &r.itemID, &r.remoteID, &r.read, &r.flagged); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// HeldRemoteItem is an item of the account held here, with its state.
type HeldRemoteItem struct {
	// FeedID is the server's id of its subscription.
	FeedID        string
	Read, Flagged bool
}

// HeldRemoteItems returns the items of the account held here by the
// server's item id, with their subscription and state: what a protocol
// compares with the server's counts.
func (s *Store) HeldRemoteItems(ctx context.Context) (map[string]HeldRemoteItem, error) {
	rows, err := remoteItemStates(ctx, s.db)
	if err != nil {
		return nil, fmt.Errorf("the account's items: %w", err)
	}
	out := make(map[string]HeldRemoteItem, len(rows))
	for _, r := range rows {
		out[r.itemID] = HeldRemoteItem{FeedID: r.remoteID, Read: r.read, Flagged: r.flagged}
	}
	return out, nil
}

// queryer is a database or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// collectStrings adds the first column of every row of query to into.
func collectStrings(ctx context.Context, db queryer, query string, into map[string]bool) error {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return err
		}
		into[v] = true
	}
	return rows.Err()
}
