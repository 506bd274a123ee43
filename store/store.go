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
	"sync/atomic"
	"time"
)

// busyTimeout is how long a connection waits for another writer (another
// tidings process included) before giving up with "database is locked".
const busyTimeout = 30 * time.Second

// The connections, sized for a terminal program: one writer, since this
// process writes one transaction at a time anyway, with a small page cache
// (a sync writes pages once and moves on: a big cache only grows the
// resident set with the database; 512 KiB instead of 2 MiB cut a
// 300-feed cold sync's peak by 1.5 MB at the same CPU, the pages it
// reads again come from the OS's cache); and a few readers for the
// reader's queries, whose indexes stay hot in a larger cache. SQLite's
// cache is per connection, so these figures bound its memory: 0.5 + 4 ×
// 8 MiB at most.
const (
	writerCacheKiB = 512
	readerCacheKiB = 8 << 10
	maxReaders     = 4
	idleReaders    = 2
)

// Prepared statements kept per connection (go-sqlite3's cache, keyed by
// the SQL text): a download's transaction runs the same few dozen
// statements every time, and preparing them again cost as much as
// running them. Readers keep fewer: their queries vary more.
const (
	writerStmts = 64
	readerStmts = 16
)

// Store is an open tidings database. It is safe for concurrent use.
type Store struct {
	// db serves reads (and statements outside transactions); writer holds
	// the one connection write transactions use.
	db, writer *sql.DB
	path       string
	// writeMu serialises this process's write transactions so they queue in
	// Go instead of spinning in SQLite's busy handler.
	writeMu sync.Mutex
	now     func() time.Time
	// alive tells whether the owner of a claim may still be running
	// (OwnerAlive).
	alive func(owner string) bool
	// exprs caches parsed expressions and compiled ~ patterns.
	exprs *exprCache
	// dataVersion is the writer's PRAGMA data_version when OthersWrote
	// last asked (0: never).
	dataVersion atomic.Int64
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
	writer := openDB(dsn(path, writerCacheKiB, writerStmts), cache)
	writer.SetMaxOpenConns(1)
	db := openDB(dsn(path, readerCacheKiB, readerStmts), cache)
	db.SetMaxOpenConns(maxReaders)
	db.SetMaxIdleConns(idleReaders)
	s := &Store{db: db, writer: writer, path: path, now: time.Now, alive: OwnerAlive, exprs: cache}
	if err := s.migrate(ctx); err != nil {
		s.Close()
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
// gets them, with a page cache of cacheKiB and a cache of stmts prepared
// statements. _txlock=immediate makes write
// transactions take the write lock at BEGIN, so two processes never
// deadlock upgrading a read lock.
func dsn(path string, cacheKiB, stmts int) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	q.Set("_cache_size", fmt.Sprint(-cacheKiB)) // negative: KiB rather than pages
	q.Set("_stmt_cache_size", fmt.Sprint(stmts))
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error { return errors.Join(s.db.Close(), s.writer.Close()) }

// SetClock replaces the clock used for first-seen and claim times (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// write runs fn in one write transaction, committed when fn returns nil.
// A fault of the database file comes back as a *DatabaseError.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.writer.BeginTx(ctx, nil)
	if err != nil {
		return s.fault(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return s.fault(err)
	}
	return s.fault(tx.Commit())
}

// execOne runs a statement that must change a row: ErrNotFound when it
// changed none.
func execOne(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
