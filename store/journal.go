package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// The fields of an item that the journal records.
const (
	JournalRead    = "read"
	JournalStarred = "starred"
)

// JournalEntry is a change made here to an item of the account that waits
// to be pushed.
type JournalEntry struct {
	// ID changes whenever the item's field is marked again.
	ID int64
	// ItemID is the server's id of the item.
	ItemID string
	// Field is JournalRead or JournalStarred; Value its new value.
	Field string
	Value bool
	// Sent is true when a push of it began and was never acknowledged.
	Sent bool
}

// journalItems records, in the caller's transaction, that column (read or
// flagged) of the given items was set to v at now, for the items of the
// account; where selects the items (a condition on the items table).
func journalItems(ctx context.Context, tx *sql.Tx, column string, v bool, now time.Time, where string, args ...any) error {
	field := JournalRead
	if column == "flagged" {
		field = JournalStarred
	}
	// REPLACE gives a re-marked item's row a new id (AUTOINCREMENT never
	// reuses one): a push already under way acknowledges only the old one.
	_, err := tx.ExecContext(ctx, `REPLACE INTO remote_journal (item_id, field, value, at)
		SELECT substr(i.item_key, 3), ?, ?, ? FROM items i JOIN feeds jf ON jf.id = i.feed_id
		WHERE jf.remote_id IS NOT NULL AND i.item_key LIKE 'r:%' AND i.id IN (SELECT id FROM items WHERE `+where+`)`,
		append([]any{field, v, now.Unix()}, args...)...)
	return err
}

// pendingItemIDs returns the items with a change waiting to be pushed.
func pendingItemIDs(ctx context.Context, tx *sql.Tx) (map[string]bool, error) {
	pending := map[string]bool{}
	return pending, collectStrings(ctx, tx, `SELECT item_id FROM remote_journal`, pending)
}

// Journal returns the changes waiting to be pushed, oldest first.
func (s *Store) Journal(ctx context.Context) ([]JournalEntry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, item_id, field, value, sent_at IS NOT NULL
		FROM remote_journal ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	defer rows.Close()
	var out []JournalEntry
	for rows.Next() {
		var e JournalEntry
		if err := rows.Scan(&e.ID, &e.ItemID, &e.Field, &e.Value, &e.Sent); err != nil {
			return nil, fmt.Errorf("journal: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// MarkSending notes that a push of these entries begins (committed before
// the request leaves): an entry so marked and never acknowledged is
// checked against the server before it is sent again.
func (s *Store) MarkSending(ctx context.Context, ids []int64, at time.Time) error {
	return s.journalUpdate(ctx, "mark sending", `UPDATE remote_journal SET sent_at = ? WHERE id IN `, ids, at.Unix())
}

// Acknowledge removes entries the server has applied. An entry re-marked
// meanwhile has a new id and stays.
func (s *Store) Acknowledge(ctx context.Context, ids []int64) error {
	return s.journalUpdate(ctx, "acknowledge", `DELETE FROM remote_journal WHERE id IN `, ids)
}

// journalUpdate runs query (ending in "IN ") over ids in one transaction.
func (s *Store) journalUpdate(ctx context.Context, what, query string, ids []int64, lead ...any) error {
	if len(ids) == 0 {
		return nil
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		const batch = 500
		for start := 0; start < len(ids); start += batch {
			part := ids[start:min(start+batch, len(ids))]
			args := append([]any{}, lead...)
			for _, id := range part {
				args = append(args, id)
			}
			marks := strings.TrimSuffix(strings.Repeat("?,", len(part)), ",")
			if _, err := tx.ExecContext(ctx, query+`(`+marks+`)`, args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("journal %s: %w", what, err)
	}
	return nil
}
