package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SyncLogEntry is one download attempt from the per-download log.
type SyncLogEntry struct {
	ID       int64
	FeedID   int64
	At       time.Time
	Status   int // HTTP status, 0 without a response
	OK       bool
	NewItems int
}

// SyncLogSince returns the successful downloads after log entry afterID
// that brought new items, oldest first, whichever process made them.
func (s *Store) SyncLogSince(ctx context.Context, afterID int64) ([]SyncLogEntry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, feed_id, at, status, ok, new_items FROM sync_log
		WHERE id > ? AND new_items > 0 ORDER BY id`, afterID)
	if err != nil {
		return nil, fmt.Errorf("sync log: %w", err)
	}
	defer rows.Close()
	var out []SyncLogEntry
	for rows.Next() {
		e, err := scanLogEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("sync log: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// LastSyncLogID is the id of the newest log entry, 0 when there is none.
func (s *Store) LastSyncLogID(ctx context.Context) (int64, error) {
	var id int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM sync_log`).Scan(&id); err != nil {
		return 0, fmt.Errorf("sync log: %w", err)
	}
	return id, nil
}

// LastSync returns a feed's newest download attempt, nil when it has none.
func (s *Store) LastSync(ctx context.Context, feedID int64) (*SyncLogEntry, error) {
	e, err := scanLogEntry(s.db.QueryRowContext(ctx, `SELECT id, feed_id, at, status, ok, new_items
		FROM sync_log WHERE feed_id = ? ORDER BY id DESC LIMIT 1`, feedID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("feed %d last sync: %w", feedID, err)
	}
	return &e, nil
}

func scanLogEntry(r rowScanner) (SyncLogEntry, error) {
	var e SyncLogEntry
	var at int64
	err := r.Scan(&e.ID, &e.FeedID, &at, &e.Status, &e.OK, &e.NewItems)
	e.At = time.Unix(at, 0).UTC()
	return e, err
}

// FlaggedCount is the number of flagged items.
func (s *Store) FlaggedCount(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM items WHERE flagged = 1 AND hidden = 0`).Scan(&n); err != nil {
		return 0, fmt.Errorf("flagged count: %w", err)
	}
	return n, nil
}

// UnreadIDs returns the ids of the unread items q selects (its feed,
// folder and flag filters; paging ignored), so a caller can mark them and
// later undo exactly that.
func (s *Store) UnreadIDs(ctx context.Context, q ItemQuery) ([]int64, error) {
	q.Unread, q.AlsoIDs, q.List, q.Limit, q.Offset = true, nil, nil, 0, 0
	query, args := itemsSQL(ctx, s, q)
	query = `SELECT i.id` + query[strings.Index(query, ` FROM items i`):]
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("unread items: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("unread items: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
