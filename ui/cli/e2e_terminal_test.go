package cli

import (
	"database/sql"
	"fmt"
	"io"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// dbHostile is what another program could leave in a text column of the
// database, markers between its parts: an OSC 0 window title, a screen
// clear, an OSC 52 clipboard write, a raw C1 CSI byte, the same as a
// character, a right-to-left override, a BOM, a carriage return and a
// line break.
const dbHostile = "T0\x1b]0;pwned\x07T1\x1b[2JT2\x1b]52;c;ZXZpbA==\x07T3\x9bT4\u009b31mT5\u202eT6\ufeffT7\rT8\nT9"

// openDB opens the user's database as another SQLite program would.
func (u *user) openDB() *sql.DB {
	u.t.Helper()
	db, err := sql.Open("sqlite3", filepath.Join(u.home, "data", "tidings", "tidings.db"))
	if err != nil {
		u.t.Fatal(err)
	}
	u.t.Cleanup(func() { db.Close() })
	return db
}

// exec runs a statement on the user's database.
func dbExec(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// controlAt returns the byte offset of the first thing in out a terminal
// would act on, or -1: every C0 control but '\n' and '\t', DEL, the C1
// controls, a byte that is not UTF-8, the bidi controls and the BOM. It is
// written from that list, apart from sanitize's code.
func controlAt(out string) int {
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		bidi := r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e ||
			r >= 0x2066 && r <= 0x2069 || r == 0xfeff
		switch {
		case r == '\n', r == '\t':
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f, bidi:
			return i
		}
		i += size
	}
	return -1
}

// assertNoControl fails when the output of a run holds a control.
func assertNoControl(t *testing.T, what string, r result) {
	t.Helper()
	for name, out := range map[string]string{"stdout": r.stdout, "stderr": r.stderr} {
		if i := controlAt(out); i >= 0 {
			t.Errorf("tidings %s: control %q on %s at byte %d:\n%q", what, out[i:min(i+4, len(out))], name, i, out)
		}
	}
}

// hostileDatabase subscribes u to two feeds of srv and then, as another
// program could, gives the first a hostile URL (on a port where nothing
// listens) and no title, so its URL is its name, and the second a hostile
// title and URL; every item's author and link are made hostile too (its
// title and content are indexed by a function only tidings has). It
// returns the feeds' ids.
func hostileDatabase(t *testing.T, u *user, srv *feedServer) (urlOnly, titled string) {
	t.Helper()
	srv.setFile(t, "/a.xml", "rss20.xml")
	srv.setFile(t, "/b.xml", "atom10.xml")
	urlOnly, titled = u.add(srv.URL+"/a.xml", "--folder", "Tech"), u.add(srv.URL+"/b.xml")
	u.ok("sync")
	closed := closedPort(t)
	db := u.openDB()
	dbExec(t, db, `UPDATE feeds SET url = ?, title = '', custom_title = 0 WHERE id = ?`,
		"http://"+closed+"/a.xml?"+dbHostile, urlOnly)
	dbExec(t, db, `UPDATE feeds SET url = ?, title = ?, custom_title = 1 WHERE id = ?`,
		"http://"+closed+"/b.xml?"+dbHostile, "B "+dbHostile, titled)
	dbExec(t, db, `UPDATE items SET author = ?, link = ?`, "I "+dbHostile, "https://evil.test/"+dbHostile)
	dbExec(t, db, `UPDATE folders SET name = ?, path = ?`, "F "+dbHostile, "F "+dbHostile)
	return urlOnly, titled
}

// No value another program put in the database reaches the terminal with
// a control: not in the listings, the JSON, the OPML export, the sync
// lines of feeds whose server is gone, nor remove's line.
func TestNoControlFromTheDatabaseReachesTheCommandLine(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	urlOnly, titled := hostileDatabase(t, u, srv)
	for _, args := range [][]string{
		{"feeds"}, {"feeds", "--json"}, {"items"}, {"items", "--json"}, {"export"},
		{"sync", "--force"}, {"sync", "--feed", urlOnly, "--feed", titled},
	} {
		r := u.run(args...)
		assertNoControl(t, strings.Join(args, " "), r)
		if r.stdout+r.stderr == "" {
			t.Errorf("tidings %s printed nothing", strings.Join(args, " "))
		}
	}
	r := u.run("sync", "--force")
	if lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n"); len(lines) != 2 {
		t.Errorf("sync: %d stderr lines, want one for each of the 2 feeds:\n%s", len(lines), r.stderr)
	}
	for _, id := range []string{urlOnly, titled} {
		r := u.run("remove", id)
		assertNoControl(t, "remove", r)
		if r.code != 0 || r.stdout == "" || strings.Count(r.stdout, "\n") != 1 {
			t.Errorf("remove %s: exit %d, want one line:\n%q\n%q", id, r.code, r.stdout, r.stderr)
		}
	}
	if n := len(u.feeds()); n != 0 {
		t.Errorf("%d feeds left after removing both", n)
	}
}

// A usage error quoting an argument with controls, and the help, pass the
// same door.
func TestNoControlFromAnArgumentReachesTheCommandLine(t *testing.T) {
	u := newUser(t)
	for _, args := range [][]string{
		{"remove", dbHostile}, {"items", "--feed", dbHostile}, {"frobnicate" + dbHostile},
		{"set", "1", dbHostile + "=x"}, {"--help"},
	} {
		r := u.run(args...)
		assertNoControl(t, fmt.Sprintf("%q", args), r)
	}
}

// On a terminal, sync's progress line still redraws itself on the raw
// path (a carriage return, an erase), while the lines naming feeds whose
// hostile URL failed pass the door out.
func TestSyncProgressOnATerminalTakesTheRawPathAlone(t *testing.T) {
	u := newUser(t)
	hostileDatabase(t, u, newFeedServer(t))
	master, slave, err := openPTY(24, 120)
	if err != nil {
		t.Skip(err)
	}
	defer master.Close()
	cmd := osexec.Command(binPath, "sync", "--force")
	cmd.Env = u.env
	cmd.Stdout, cmd.Stderr = slave, slave
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	out, _ := io.ReadAll(master) // EIO once the program is gone
	if err := cmd.Wait(); err != nil {
		t.Fatalf("sync: %v\n%q", err, out)
	}
	screen := string(out)
	if !strings.Contains(screen, "\r[##############################] 2/2 feeds") || !strings.Contains(screen, "\r\x1b[K") {
		t.Errorf("no progress line drawn on the terminal:\n%q", screen)
	}
	if n := strings.Count(screen, "bad URL"); n != 2 {
		t.Errorf("%d failure lines, want 2:\n%q", n, screen)
	}
	rest := strings.NewReplacer("\r", "", "\x1b[K", "").Replace(screen)
	if i := controlAt(rest); i >= 0 {
		t.Errorf("control %q beside the progress line:\n%q", rest[i:min(i+4, len(rest))], screen)
	}
}
