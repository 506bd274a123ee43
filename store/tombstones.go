package store

import (
	"context"
	"database/sql"
	"time"
)

// hasTombstones reports whether a delete rule removed any item of the feed
// (so merge need not look items up otherwise).
func hasTombstones(ctx context.Context, tx *sql.Tx, feedID int64) (bool, error) {
	var yes bool
	err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM item_tombstones WHERE feed_id = ?)`, feedID).Scan(&yes)
	return yes, err
}

// touchTombstone reports whether the item with key was deleted by a rule,
// and notes that the feed's document still holds it.
func touchTombstone(ctx context.Context, tx *sql.Tx, feedID int64, key string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE item_tombstones SET seen_at = ? WHERE feed_id = ? AND item_key = ?`,
		now.Unix(), feedID, key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// pruneTombstones keeps the maxItems tombstones of a feed last seen in its
// documents: as with items, older ones are forgotten.
func pruneTombstones(ctx context.Context, tx *sql.Tx, feedID int64, maxItems int) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM item_tombstones WHERE feed_id = ? AND item_key NOT IN (
		SELECT item_key FROM item_tombstones WHERE feed_id = ? ORDER BY seen_at DESC LIMIT ?)`,
		feedID, feedID, maxItems)
	return err
}
