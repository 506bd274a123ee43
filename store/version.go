package store

import "github.com/mattn/go-sqlite3"

// SQLiteVersion is the version of the SQLite library compiled into tidings
// ("3.50.4"). It opens no database.
func SQLiteVersion() string {
	v, _, _ := sqlite3.Version()
	return v
}
