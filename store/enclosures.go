package store

import (
	"context"
	"strings"
)

// Enclosure download states.
const (
	EnclosureNone        = "none"
	EnclosureQueued      = "queued"
	EnclosureDownloading = "downloading"
	EnclosureDownloaded  = "downloaded"
	EnclosureFailed      = "failed"
	EnclosureBlocked     = "blocked"
)

// Enclosure is a file attached to an item, with its download state.
type Enclosure struct {
	ID         int64
	ItemID     int64
	URL        string
	Type       string
	Length     int64
	Status     string
	Error      string
	Path       string
	BytesDone  int64
	BytesTotal int64
}

// attachEnclosures fills in the enclosures of items, one query per batch
// of items (SQLite bounds the number of parameters of a statement).
func (s *Store) attachEnclosures(ctx context.Context, items []Item) error {
	const batch = 500
	for start := 0; start < len(items); start += batch {
		if err := s.attachEnclosureBatch(ctx, items[start:min(start+batch, len(items))]); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) attachEnclosureBatch(ctx context.Context, items []Item) error {
	byID := make(map[int64]*Item, len(items))
	args := make([]any, len(items))
	for i := range items {
		byID[items[i].ID] = &items[i]
		args[i] = items[i].ID
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(items)), ",")
	rows, err := s.db.QueryContext(ctx, `SELECT id, item_id, url, type, length, status, error, path,
		bytes_done, bytes_total FROM enclosures WHERE item_id IN (`+marks+`) ORDER BY id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var e Enclosure
		if err := rows.Scan(&e.ID, &e.ItemID, &e.URL, &e.Type, &e.Length, &e.Status, &e.Error,
			&e.Path, &e.BytesDone, &e.BytesTotal); err != nil {
			return err
		}
		it := byID[e.ItemID]
		it.Enclosures = append(it.Enclosures, e)
	}
	return rows.Err()
}
