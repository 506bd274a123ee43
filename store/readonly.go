package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Writable reports whether tidings can change the database at path: the
// file (when it exists) and its folder, where SQLite keeps the -wal and
// -shm files beside it, can be written. A read-only mount, an immutable
// file or modes that forbid writing answer false.
func Writable(path string) bool {
	if err := canWrite(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	return canWrite(filepath.Dir(path)) == nil
}

// OpenReadOnly opens the existing database at path for reading only
// (SQLite's mode=ro): nothing is created or migrated, and every change
// fails with ErrReadOnly. When no -shm file can be made beside the
// database (its folder cannot be written, or its disk is full), it is
// opened immutable, unless a write-ahead log left there is to be read.
// A database that needs a migration this tidings would apply is refused,
// as is one written by a newer tidings.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("open store: a file path is required")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	wal, err := os.Stat(path + "-wal")
	logged := err == nil && wal.Size() > 0
	s, err := openReadOnly(ctx, path, !logged && canWrite(filepath.Dir(path)) != nil)
	if err != nil && !logged && IsDatabaseFault(err) {
		s, err = openReadOnly(ctx, path, true)
	}
	return s, err
}

// openReadOnly opens path with mode=ro, and immutable=1 when immutable,
// and checks its schema's version.
func openReadOnly(ctx context.Context, path string, immutable bool) (*Store, error) {
	cache := &exprCache{}
	ro := func(cacheKiB, stmts int) string {
		d := dsn(path, cacheKiB, stmts) + "&mode=ro"
		if immutable {
			d += "&immutable=1"
		}
		return d
	}
	writer := openDB(ro(writerCacheKiB, writerStmts), cache)
	writer.SetMaxOpenConns(1)
	db := openDB(ro(readerCacheKiB, readerStmts), cache)
	db.SetMaxOpenConns(maxReaders)
	db.SetMaxIdleConns(idleReaders)
	s := &Store{db: db, writer: writer, path: path, now: time.Now, alive: OwnerAlive, exprs: cache}
	if err := s.checkVersion(ctx); err != nil {
		s.Close()
		if err := s.fault(err); IsDatabaseFault(err) {
			return nil, err
		}
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// checkVersion refuses a database whose schema is not the one this
// tidings migrates to: older, it would need a migration; newer, it
// holds what this tidings does not know.
func (s *Store) checkVersion(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	current, err := s.currentVersion(ctx)
	if err != nil {
		return err
	}
	switch latest := len(ms); {
	case current > latest:
		return fmt.Errorf("%w: database schema is version %d, this tidings knows up to %d; upgrade tidings",
			ErrSchemaTooNew, current, latest)
	case current < latest:
		return fmt.Errorf("database schema is version %d and needs upgrading to %d, which a read-only database cannot take",
			current, latest)
	}
	return nil
}
