package store

import (
	"context"
	"fmt"
)

// EnclosureBytes returns the bytes the enclosure files take as the store
// records them: the bytes_done of every enclosure that records a file or a
// partial file (a finished file's size, a partial file's progress). One
// SUM, no walk of the disk; an enclosure removed or purged no longer
// counts.
func (s *Store) EnclosureBytes(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `SELECT coalesce(sum(bytes_done), 0) FROM enclosures
		WHERE path <> '' OR part_path <> ''`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("enclosure bytes: %w", s.fault(err))
	}
	return n, nil
}
