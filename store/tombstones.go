package store

import (
	"context"
	"database/sql"
	"time"
)

// tombstoneKeys reads the identities of a feed's items that delete rules
// removed (one query per download, so merge looks nothing up per item).
func tombstoneKeys(ctx context.Context, tx *sql.Tx, feedID int64) (map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT item_key FROM item_tombstones WHERE feed_id = ?`, feedID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	keys := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		keys[k] = true
	}
	return keys, rows.Err()
}

// touchTombstone notes that the feed's document still holds a deleted
// item, so the purge keeps its tombstone.
func touchTombstone(ctx context.Context, tx *sql.Tx, feedID int64, key string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE item_tombstones SET seen_at = ? WHERE feed_id = ? AND item_key = ?`,
		now.Unix(), feedID, key)
	return err
}

// pruneTombstones forgets the tombstones of a feed seen longer ago than
// its maxItems-th most recently seen one: as with items, older ones go.
func pruneTombstones(ctx context.Context, tx *sql.Tx, feedID int64, maxItems int) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM item_tombstones WHERE feed_id = +? AND seen_at < (
		SELECT seen_at FROM item_tombstones WHERE feed_id = +? ORDER BY seen_at DESC LIMIT 1 OFFSET ?)`,
		feedID, feedID, maxItems-1)
	return err
}
