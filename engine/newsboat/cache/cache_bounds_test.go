package cache

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tables of a newsboat 2.x cache.db, as newsboat creates them.
const (
	feedTable = `CREATE TABLE rss_feed (rssurl VARCHAR(1024) PRIMARY KEY NOT NULL, url VARCHAR(1024) NOT NULL,
		title VARCHAR(1024) NOT NULL)`
	itemTable = `CREATE TABLE rss_item (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, guid VARCHAR(64) NOT NULL,
		title VARCHAR(1024) NOT NULL, author VARCHAR(1024) NOT NULL, url VARCHAR(1024) NOT NULL,
		feedurl VARCHAR(1024) NOT NULL, pubDate INTEGER NOT NULL, content VARCHAR(65535) NOT NULL,
		unread INTEGER(1) NOT NULL, enclosure_url VARCHAR(1024), enclosure_type VARCHAR(1024),
		flags VARCHAR(52), deleted INTEGER(1) NOT NULL DEFAULT 0)`
	aFeed = `INSERT INTO rss_feed VALUES ('http://127.0.0.1/f', 'http://127.0.0.1/', 'F')`
	// endless is an endless query with newsboat's item columns.
	endless = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
		SELECT i AS id, 'g' || i AS guid, 't' AS title, '' AS author, '' AS url, 'http://127.0.0.1/f' AS feedurl,
		i AS pubDate, zeroblob(1000000) AS content, 1 AS unread, NULL AS enclosure_url, NULL AS enclosure_type,
		NULL AS flags, 0 AS deleted FROM n`
)

// makeCache writes a SQLite file made by stmts and returns its path.
func makeCache(t *testing.T, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cache.db")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return path
}

// TestOpenCacheRefusesWhatIsNotATable checks that a cache whose tables
// are views (over an endless query), virtual tables or tables with
// generated columns is refused at once, in one line, before anything is
// read from it.
func TestOpenCacheRefusesWhatIsNotATable(t *testing.T) {
	tests := []struct {
		name  string
		stmts []string
		want  string
	}{
		{"items as a view over an endless query", []string{feedTable, aFeed, `CREATE VIEW rss_item AS ` + endless},
			"rss_item is a view, not a table"},
		{"feeds as a view", []string{`CREATE VIEW rss_feed AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
			SELECT 'http://127.0.0.1/' || i AS rssurl, '' AS url, '' AS title FROM n`, itemTable},
			"rss_feed is a view, not a table"},
		{"a name in other case", []string{feedTable, `CREATE VIEW RSS_ITEM AS ` + endless}, "rss_item is a view"},
		{"items as a virtual table", []string{feedTable, itemTable, `PRAGMA writable_schema = ON`,
			`UPDATE sqlite_master SET rootpage = 0, sql = 'CREATE VIRTUAL TABLE rss_item USING fts4(guid)' WHERE name = 'rss_item'`},
			"rss_item"},
		{"a generated content column", []string{feedTable, strings.Replace(itemTable, "content VARCHAR(65535) NOT NULL",
			"content TEXT GENERATED ALWAYS AS (printf('%.*c', 900000000, 'x')) VIRTUAL", 1)}, "rss_item has generated columns"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := makeCache(t, tt.stmts...)
			c, err := Open(context.Background(), path)
			if err == nil {
				c.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "is not a newsboat 2.x cache.db") ||
				strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q, want one line with %q", err, tt.want)
			}
		})
	}
}

// TestCacheWithTriggersIsReadAsIs checks that triggers, which fire only
// on writes, change nothing of what is read.
func TestCacheWithTriggersIsReadAsIs(t *testing.T) {
	path := makeCache(t, feedTable, itemTable, aFeed,
		`INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread) VALUES ('g', 'T', '', '', 'http://127.0.0.1/f', 1, 'c', 1)`,
		`CREATE TRIGGER t AFTER UPDATE ON rss_item BEGIN INSERT INTO rss_feed VALUES ('http://x/' || random(), '', ''); END`)
	c, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	items, err := c.Items(context.Background(), "http://127.0.0.1/f")
	if err != nil || len(items) != 1 || items[0].Title != "T" {
		t.Fatalf("Items = %+v, %v", items, err)
	}
}

// TestCacheValuesAreBounded checks that a value longer than
// maxCacheValue is refused in one line instead of read into memory.
func TestCacheValuesAreBounded(t *testing.T) {
	path := makeCache(t, feedTable, itemTable, aFeed,
		`INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread)
		 VALUES ('g', 'T', '', '', 'http://127.0.0.1/f', 1, zeroblob(`+strconv.Itoa(maxCacheValue+1)+`), 1)`)
	c, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	items, err := c.Items(context.Background(), "http://127.0.0.1/f")
	if err == nil || !strings.Contains(err.Error(), "too big") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Items = %d items, %v; want one line saying too big", len(items), err)
	}
}

// TestCacheReadsEndAtTheDeadline checks that every read of a cache
// carries its deadline: past it, a read fails with the context's error.
func TestCacheReadsEndAtTheDeadline(t *testing.T) {
	c, _ := openFixture(t)
	c.deadline = time.Now()
	if _, err := c.Feeds(context.Background()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Feeds past the deadline: %v", err)
	}
	if _, err := c.Items(context.Background(), "http://127.0.0.1:18313/alpha.xml"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Items past the deadline: %v", err)
	}
}

// TestCacheQueriesNeedNoTemporaryStorage checks, by their programs, that
// the queries a Cache runs sort nothing and build no temporary table or
// index: nothing they do can write to the temp folder.
func TestCacheQueriesNeedNoTemporaryStorage(t *testing.T) {
	c, _ := openFixture(t)
	for _, q := range []struct {
		query string
		args  []any
	}{{feedsQuery, nil}, {itemsQuery, []any{"http://127.0.0.1:18313/alpha.xml"}}} {
		rows, err := c.db.Query("EXPLAIN "+q.query, q.args...)
		if err != nil {
			t.Fatal(err)
		}
		var ops []string
		for rows.Next() {
			var addr, p1, p2, p3 int
			var opcode string
			var p4, p5, comment any
			if err := rows.Scan(&addr, &opcode, &p1, &p2, &p3, &p4, &p5, &comment); err != nil {
				t.Fatal(err)
			}
			ops = append(ops, opcode)
			switch opcode {
			case "OpenEphemeral", "OpenAutoindex", "SorterOpen", "OpenPseudo":
				t.Errorf("%s: uses %s", q.query, opcode)
			}
		}
		rows.Close()
		if len(ops) == 0 {
			t.Fatalf("%s: no program", q.query)
		}
	}
}

// TestOpenCacheRefusesWhatIsNotAFile checks that a FIFO or a folder
// given as the cache is refused at once: SQLite would wait on a FIFO
// forever.
func TestOpenCacheRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, path := range []string{fifo, dir} {
		c, err := Open(context.Background(), path)
		if err == nil {
			c.Close()
			t.Fatalf("Open(%s) succeeded", path)
		}
		if !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Open(%s): %v", path, err)
		}
	}
}

// TestReadingTheCacheCreatesNoFile checks that nothing appears beside the
// cache (no journal, WAL or shared-memory file): it is read as an
// immutable snapshot.
func TestReadingTheCacheCreatesNoFile(t *testing.T) {
	c, path := openFixture(t)
	feeds, err := c.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range feeds {
		if _, err := c.Items(context.Background(), f.URL); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the cache's folder holds %d files after reading it", len(entries))
	}
}
