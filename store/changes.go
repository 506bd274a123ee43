package store

import (
	"context"
	"fmt"
)

// OthersWrote reports whether another connection to the database —
// another process, as a rule: a cron sync, a second reader — committed
// since the last call; the first call says true. The reader's poll asks
// it before reading every count again, so an idle reader reads nothing.
//
// It is SQLite's data_version on the writer's connection, which moves with
// every commit but that connection's own: this process's writes through
// the writer do not count (their events say what they changed), those of
// the readers' connections do. A writer connection opened afresh reads a
// new value, which counts as a change.
func (s *Store) OthersWrote(ctx context.Context) (bool, error) {
	v, err := s.DataVersion(ctx)
	if err != nil {
		return true, err
	}
	prev := s.dataVersion.Swap(v)
	return prev == 0 || prev != v, nil
}

// DataVersion is SQLite's data_version on the writer's connection, which
// OthersWrote remembers between its calls: a value that moves with every
// commit of another connection and with none of this process's writes.
// Whoever watches for other processes' writes without reading them (the
// reader's poll) compares it with the last value they saw.
func (s *Store) DataVersion(ctx context.Context) (int64, error) {
	var v int64
	if err := s.writer.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read data version: %w", err)
	}
	return v, nil
}
