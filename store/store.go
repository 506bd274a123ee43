package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// cacheKiB is each connection's page cache (KiB).
const cacheKiB = 32000

// busyTimeout is how long a connection waits for another writer (another
// tidings process included) before giving up with "database is locked".
const busyTimeout = 30 * time.Second

// Store is an open tidings database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	// writeMu serialises this process's write transactions so they queue in
	// Go instead of spinning in SQLite's busy handler.
	writeMu sync.Mutex
	now     func() time.Time
	// alive tells whether the owner of a claim may still be running
	// (OwnerAlive).
	alive func(owner string) bool
	// exprs caches parsed expressions and compiled ~ patterns.
	exprs *exprCache
}

// Open opens (creating if needed) the database at path, applies pending
// migrations, and refuses a database written by a newer tidings.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("open store: a file path is required")
	}
	if err := createPrivate(path); err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	cache := &exprCache{}
	db := openDB(dsn(path), cache)
	db.SetMaxOpenConns(8)
	s := &Store{db: db, path: path, now: time.Now, alive: OwnerAlive, exprs: cache}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		if err := s.fault(err); IsDatabaseFault(err) {
			return nil, err // it names the file and says what is wrong
		}
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// createPrivate creates the database file, and its folder, readable by
// the user alone (0600 and 0700) unless they exist; SQLite gives its
// -wal and -shm files the database's mode.
func createPrivate(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// dsn puts every pragma in the connection string so each pooled connection
// gets them. _txlock=immediate makes write transactions take the write lock
// at BEGIN, so two processes never deadlock upgrading a read lock.
func dsn(path string) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	q.Set("_cache_size", fmt.Sprint(-cacheKiB)) // keeps hot indexes of a big store in memory
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// SetClock replaces the clock used for first-seen and claim times (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// write runs fn in one write transaction, committed when fn returns nil.
// A fault of the database file comes back as a *DatabaseError.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.fault(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return s.fault(err)
	}
	return s.fault(tx.Commit())
}
