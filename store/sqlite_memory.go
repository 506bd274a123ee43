package store

/*
// SQLite is linked in by github.com/mattn/go-sqlite3 (its amalgamation);
// this package calls one of its functions itself.
long long sqlite3_memory_used(void);
*/
import "C"

// SQLiteMemoryUsed is the memory SQLite holds in this process, in bytes:
// every connection's page cache, schema and statements.
func SQLiteMemoryUsed() int64 { return int64(C.sqlite3_memory_used()) }
