package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"regexp"

	"github.com/mattn/go-sqlite3"

	"github.com/tidings-rss/tidings/engine/query"
)

// openDB opens the database through go-sqlite3 with tidings' SQL
// functions registered on every pooled connection (REGEXP, for the query
// language's ~). The DSN's pragmas apply to each connection as before.
// No driver name is registered globally: the connector carries it all.
func openDB(dsn string) *sql.DB {
	drv := &sqlite3.SQLiteDriver{ConnectHook: registerFunctions}
	return sql.OpenDB(connector{dsn: dsn, drv: drv})
}

// connector opens connections of one DSN with one driver.
type connector struct {
	dsn string
	drv *sqlite3.SQLiteDriver
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.drv }

// registerFunctions adds tidings' functions to a new connection.
func registerFunctions(conn *sqlite3.SQLiteConn) error {
	rc := &regexpCache{compiled: make(map[string]*regexp.Regexp)}
	return conn.RegisterFunc("regexp", rc.match, true)
}

// regexpCache keeps a connection's compiled patterns: SQLite calls
// regexp(pattern, value) once per row. A connection is used by one
// goroutine at a time, so the cache needs no lock.
type regexpCache struct {
	compiled map[string]*regexp.Regexp
}

// maxCachedPatterns bounds the cache of one connection.
const maxCachedPatterns = 256

// match implements "value REGEXP pattern": the query language's ~, a
// case-insensitive RE2 expression matched anywhere in value.
func (c *regexpCache) match(pattern, value string) (bool, error) {
	re, ok := c.compiled[pattern]
	if !ok {
		var err error
		if re, err = query.Regexp(pattern); err != nil {
			return false, err
		}
		if len(c.compiled) >= maxCachedPatterns {
			clear(c.compiled)
		}
		c.compiled[pattern] = re
	}
	return re.MatchString(value), nil
}
