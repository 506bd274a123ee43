package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// Import is what another feed reader kept of one feed: its channel and its
// items with their read and flag state, already sanitized.
type Import struct {
	// Title and SiteURL name the feed where the feed has no title or site
	// yet (a subscription that was never downloaded).
	Title, SiteURL string
	// Items, newest first.
	Items []ImportedItem
	// MaxItems is the effective item limit for the purge (0: keep all).
	MaxItems int
}

// ImportedItem is an item with the state the other reader kept.
type ImportedItem struct {
	document.Item
	Read, Flagged bool
}

// ImportResult is what ImportItems changed.
type ImportResult struct {
	// New counts items added and kept; Known those the feed already had.
	New, Known int
	// Dropped counts new items the purge did not keep (beyond MaxItems).
	Dropped int
	// Ruled counts new items that rules deleted or hid, and items a
	// delete rule removed before (they are not added again).
	Ruled int
	// Marked counts known items that became read or flagged.
	Marked int
	// RemovedFiles are enclosure files of items the purge removed.
	RemovedFiles []string
}

// ImportItems brings another reader's items into a feed in one
// transaction, fetching nothing and leaving the feed's sync state alone.
// An item is known by ItemKey, as in a download. A new item is stored with
// its read and flag state; a known one keeps its content and can only gain
// read or flagged — an import never unreads or unflags. Then the feed is
// purged to MaxItems as after a download. Importing the same items twice
// changes nothing. Rules apply to the new items as to a download's.
func (s *Store) ImportItems(ctx context.Context, feedID int64, im Import) (ImportResult, error) {
	var res ImportResult
	err := s.write(ctx, func(tx *sql.Tx) error {
		isList, err := feedExists(ctx, tx, feedID)
		if err != nil {
			return err
		}
		if err := fillChannel(ctx, tx, feedID, im.Title, im.SiteURL); err != nil {
			return err
		}
		var lastID int64
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM items`).Scan(&lastID); err != nil {
			return err
		}
		graves, err := tombstoneKeys(ctx, tx, feedID)
		if err != nil {
			return err
		}
		now := s.now()
		var added DownloadResult // the new items, as a download's, for the rules and the purge
		var fts ftsBatch
		for i := len(im.Items) - 1; i >= 0; i-- { // oldest first, so ids grow with recency
			if err := importItem(ctx, tx, feedID, im.Items[i], i, now, graves, &fts, &res, &added); err != nil {
				return err
			}
		}
		if err := fts.flush(ctx, tx); err != nil {
			return err
		}
		if err := s.applyRules(ctx, tx, feedID, now, &added); err != nil {
			return err
		}
		if err := purge(ctx, tx, feedID, im.MaxItems, isList, &added); err != nil {
			return err
		}
		res.RemovedFiles = added.RemovedFiles
		var kept, hidden int
		if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(hidden), 0) FROM items WHERE feed_id = ? AND id > ?`,
			feedID, lastID).Scan(&kept, &hidden); err != nil {
			return err
		}
		res.Dropped = res.New - added.buried - kept
		res.Ruled += added.buried + hidden
		res.New = kept - hidden
		return nil
	})
	if err != nil {
		return ImportResult{}, fmt.Errorf("import items of feed %d: %w", feedID, err)
	}
	return res, nil
}

// fillChannel names a feed that has no title or site yet; the title is
// the publisher's, kept as such.
func fillChannel(ctx context.Context, tx *sql.Tx, feedID int64, title, siteURL string) error {
	_, err := tx.ExecContext(ctx, `UPDATE feeds SET
		title = CASE WHEN title = '' THEN ? ELSE title END,
		feed_title = CASE WHEN feed_title = '' THEN ? ELSE feed_title END,
		site_url = CASE WHEN site_url = '' THEN ? ELSE site_url END
		WHERE id = ?`, title, title, siteURL, feedID)
	return err
}

// importItem stores one item (noting it in added), or adds read and
// flagged to the one known; an item a delete rule removed (its key is in
// graves) stays out. A new item's index entry waits in fts.
func importItem(ctx context.Context, tx *sql.Tx, feedID int64, it ImportedItem, pos int, now time.Time,
	graves map[string]bool, fts *ftsBatch, res *ImportResult, added *DownloadResult) error {
	key := ItemKey(it.Item)
	var id int64
	var read, flagged bool
	err := tx.QueryRowContext(ctx, `SELECT id, read, flagged FROM items WHERE feed_id = ? AND item_key = ?`,
		feedID, key).Scan(&id, &read, &flagged)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if graves[key] {
			res.Ruled++
			return nil
		}
		if id, err = insertItem(ctx, tx, feedID, key, it.Item, pos, now, fts); err != nil {
			return err
		}
		res.New++
		added.New++
		added.NewItems = append(added.NewItems, id)
		added.ChangedItems = append(added.ChangedItems, id)
	case err != nil:
		return err
	default:
		res.Known++
		if (!it.Read || read) && (!it.Flagged || flagged) {
			return nil
		}
		res.Marked++
	}
	if !it.Read && !it.Flagged {
		return nil
	}
	_, err = tx.ExecContext(ctx, `UPDATE items SET read = read OR ?, flagged = flagged OR ? WHERE id = ?`,
		it.Read, it.Flagged, id)
	return err
}
