package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ReleaseMemory has SQLite give up what it can of the memory the
// connections this process is not using hold (PRAGMA shrink_memory): their
// page caches above all, which keep the pages the reader's queries read
// (a few MB on a large database) until the connection closes. The reader
// calls it once it has gone quiet; the next query reads its pages again
// from the operating system's cache. Connections in use are left alone.
func (s *Store) ReleaseMemory(ctx context.Context) error {
	var errs []error
	for _, pool := range []*sql.DB{s.db, s.writer} {
		if err := shrinkIdle(ctx, pool); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("release memory: %w", err)
	}
	return nil
}

// shrinkIdle shrinks the memory of the connections idle in pool: it holds
// them all at once, so that each is a different one.
func shrinkIdle(ctx context.Context, pool *sql.DB) error {
	idle := pool.Stats().Idle
	conns := make([]*sql.Conn, 0, idle)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range idle {
		c, err := pool.Conn(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		if _, err := c.ExecContext(ctx, `PRAGMA shrink_memory`); err != nil {
			return err
		}
	}
	return nil
}
