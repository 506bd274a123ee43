package store

import (
	"context"
	"database/sql"
	"database/sql/driver"

	"github.com/mattn/go-sqlite3"
)

// openDB opens the database through go-sqlite3 with tidings' SQL
// functions registered on every pooled connection: REGEXP, for the query
// language's ~, through the store's cache of compiled patterns, and
// html_text and title_text, the words of an item's HTML and title that
// the full-text index holds (see indexText and indexTitle; the index's
// view and its delete and update triggers call them, a new item's text is
// computed in Go by insertItem). The
// DSN's pragmas apply to each connection. No driver name is
// registered globally: the connector carries it all.
func openDB(dsn string, cache *exprCache) *sql.DB {
	drv := &sqlite3.SQLiteDriver{ConnectHook: func(conn *sqlite3.SQLiteConn) error {
		if err := conn.RegisterFunc("regexp", cache.regexp, true); err != nil {
			return err
		}
		if err := conn.RegisterFunc("title_text", indexTitle, true); err != nil {
			return err
		}
		return conn.RegisterFunc("html_text", indexText, true)
	}}
	return sql.OpenDB(connector{dsn: dsn, drv: drv})
}

// connector opens connections of one DSN with one driver.
type connector struct {
	dsn string
	drv *sqlite3.SQLiteDriver
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.drv }
