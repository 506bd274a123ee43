package cache

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/mattn/go-sqlite3"
)

// The bounds of reading another program's SQLite file. A cache.db is
// input like any other: it may hold views over endless queries, virtual
// tables, generated columns or values of a gigabyte.
const (
	// maxCacheValue is the longest string or blob read from a cache
	// (SQLite's SQLITE_LIMIT_LENGTH on the connection): articles are far
	// shorter.
	maxCacheValue = 16 << 20
	// cacheCacheKiB is the connection's page cache, in KiB.
	cacheCacheKiB = 8 << 10
)

// cacheTimeout bounds the time everything read from one cache takes,
// from Open on: a statement still running at the deadline is
// interrupted (go-sqlite3 calls sqlite3_interrupt when its context ends).
var cacheTimeout = 5 * time.Minute

// openSnapshot opens the SQLite file at path for reading only: mode=ro,
// and immutable=1, so SQLite takes no lock, reads no journal and creates
// no file beside it (newsboat is not running while its cache is
// imported). The connection's pragmas are set by prepareSnapshot.
func openSnapshot(path string) (*sql.DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	dsn := (&url.URL{Scheme: "file", Path: abs, RawQuery: "mode=ro&immutable=1"}).String()
	db := sql.OpenDB(snapshotConnector{dsn: dsn})
	db.SetMaxOpenConns(1)
	return db, nil
}

// snapshotConnector opens connections prepared by prepareSnapshot.
type snapshotConnector struct{ dsn string }

// Connect implements driver.Connector.
func (c snapshotConnector) Connect(context.Context) (driver.Conn, error) {
	return c.Driver().Open(c.dsn)
}

// Driver implements driver.Connector.
func (c snapshotConnector) Driver() driver.Driver {
	return &sqlite3.SQLiteDriver{ConnectHook: prepareSnapshot}
}

// prepareSnapshot bounds a connection to a cache: values of at most
// maxCacheValue bytes; temporary storage in memory, never in the temp
// folder; a page cache of cacheCacheKiB; queries only; functions in the
// schema only if harmless (trusted_schema off); pages checked as they are
// read (cell_size_check).
func prepareSnapshot(conn *sqlite3.SQLiteConn) error {
	conn.SetLimit(sqlite3.SQLITE_LIMIT_LENGTH, maxCacheValue)
	for _, p := range []string{
		"PRAGMA query_only = ON",
		"PRAGMA temp_store = MEMORY",
		fmt.Sprintf("PRAGMA cache_size = -%d", cacheCacheKiB),
		"PRAGMA trusted_schema = OFF",
		"PRAGMA cell_size_check = ON",
	} {
		if _, err := conn.Exec(p, nil); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	return nil
}

// checkTables fails unless rss_feed and rss_item are plain tables of the
// file: not views (whose query may never end, or sort into the temp
// folder), not virtual tables (a module's code runs on every read), and
// without generated columns (computed on every read). Triggers are
// harmless: nothing here writes, so none fires.
func checkTables(ctx context.Context, db *sql.DB) error {
	for _, name := range []string{"rss_feed", "rss_item"} {
		var typ string
		var rootpage int64
		err := db.QueryRowContext(ctx, `SELECT type, rootpage FROM main.sqlite_master
			WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')`, name).Scan(&typ, &rootpage)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("no table %s", name)
		case err != nil:
			return err
		case typ != "table":
			return fmt.Errorf("%s is a %s, not a table", name, typ)
		case rootpage <= 0:
			return fmt.Errorf("%s is a virtual table", name)
		}
		var generated int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_xinfo(?, 'main') WHERE hidden != 0`,
			name).Scan(&generated); err != nil {
			return err
		}
		if generated > 0 {
			return fmt.Errorf("%s has generated columns", name)
		}
	}
	return nil
}
