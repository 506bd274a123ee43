package cli

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/testdata/testenv"
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
	if !strings.Contains(screen, "nothing new") {
		t.Errorf("no summary line on the terminal:\n%q", screen)
	}
	rest := strings.NewReplacer("\r", "", "\x1b[K", "").Replace(screen)
	if i := controlAt(rest); i >= 0 {
		t.Errorf("control %q beside the progress line:\n%q", rest[i:min(i+4, len(rest))], screen)
	}
}

// startRecordedTUI is startTUI with every byte the reader writes to its
// terminal recorded (tmux pipe-pane), from the first: the program starts
// only once the recording runs.
func startRecordedTUI(t *testing.T, u *user, w, h int) (tt *tmuxTUI, recording string) {
	t.Helper()
	testenv.RequireTool(t, "tmux", "tmux")
	dir := t.TempDir()
	gate, recording := filepath.Join(dir, "gate"), filepath.Join(dir, "recording")
	if err := syscall.Mkfifo(gate, 0o600); err != nil {
		t.Skip(err)
	}
	tt = &tmuxTUI{t: t, sock: filepath.Join(dir, "tmux.sock"), exitFile: filepath.Join(dir, "exit")}
	var env []string
	for _, kv := range u.env {
		if strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_") {
			env = append(env, kv)
		}
	}
	script := "read go < " + gate + "; env -u CI -u NO_COLOR " + strings.Join(env, " ") + " TERM=xterm-256color " + binPath +
		"; echo EXIT=$? > " + tt.exitFile + "; sleep 5"
	tt.tmux("new-session", "-d", "-s", "tidings", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), script)
	t.Cleanup(func() { osexec.Command("tmux", "-S", tt.sock, "kill-server").Run() })
	tt.tmux("pipe-pane", "-o", "-t", "tidings", "cat >> "+recording)
	if err := os.WriteFile(gate, []byte("go\n"), 0o600); err != nil { // blocks until the shell reads
		t.Fatal(err)
	}
	return tt, recording
}

// readRecording returns the recording once it holds want (tmux pipes the
// pane's output to it as it comes, at most 10 s).
func readRecording(t *testing.T, path, want string) string {
	t.Helper()
	var b []byte
	for range 200 {
		b, _ = os.ReadFile(path)
		if strings.Contains(string(b), want) {
			return string(b)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the recording never held %q:\n%q", want, b)
	return ""
}

// The reader, on a feed whose URL and title another program made hostile,
// writes not one of its controls to the terminal: not in the tree, the
// list, y's message, A's and u's, the unsubscribe question and message;
// the window keeps its title and y's tmux buffer holds one clean line.
func TestReaderWritesNoControlFromTheDatabase(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a.xml", "rss20.xml")
	id := u.add(srv.URL + "/a.xml")
	u.ok("sync")
	hostileURL := srv.URL + "/a.xml?" + dbHostile
	dbExec(t, u.openDB(), `UPDATE feeds SET url = ?, title = ? WHERE id = ?`, hostileURL, hostileURL, id)

	tt, recording := startRecordedTUI(t, u, 160, 40)
	tt.waitFor("quit (tree)")
	tt.keys("G")
	tt.waitFor("T0]0;pwnedT1")
	tt.keys("y")
	tt.waitFor("copied to tmux buffer")
	if got := tt.tmux("show-buffer"); controlAt(got) >= 0 || strings.Contains(got, "\n") {
		t.Errorf("y left %q in the tmux buffer, want one line without a control", got)
	}
	tt.keys("A")
	tt.waitFor("u undoes")
	tt.keys("u")
	tt.waitFor("unread again in")
	tt.keys("d")
	tt.waitFor("Unsubscribe from")
	tt.keys("y")
	tt.waitFor("unsubscribed from")
	if title := tt.tmux("display-message", "-p", "-t", "tidings", "#{pane_title}"); strings.Contains(title, "pwned") {
		t.Errorf("the window's title became %q", title)
	}
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
	out := readRecording(t, recording, "unsubscribed from")
	if problem := streamProblem(out); problem != "" {
		t.Errorf("the reader wrote %s", problem)
	}
}

// rendererQuery is the one OSC sequence the reader sends: termenv asks for
// the background colour before the first frame.
const rendererQuery = "\x1b]11;?\x1b\\"

// streamProblem says what in a recording of the reader's output is not the
// renderer's own: invalid UTF-8, a C0 control but ESC, CR and LF, a C1 or
// bidi control or BOM, an escape that is neither a CSI sequence nor the
// renderer's query, or a screen clear after the first frame drew a value.
// "" when there is none.
func streamProblem(out string) string {
	if !utf8.ValidString(out) {
		return "invalid UTF-8"
	}
	if first := strings.Index(out, "T0"); first >= 0 && strings.Contains(out[first:], "\x1b[2J") {
		return "a screen clear (ESC[2J) after the first frame"
	}
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		switch {
		case r == '\x1b':
			n := escapeLen(out[i:])
			if n == 0 {
				return fmt.Sprintf("an escape of its own at byte %d: %q", i, out[i:min(i+16, len(out))])
			}
			i += n
			continue
		case r == '\r', r == '\n':
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
			r == 0x200e, r == 0x200f, r == 0x061c, r == 0xfeff:
			return fmt.Sprintf("control %U at byte %d: %q", r, i, out[max(i-16, 0):min(i+16, len(out))])
		}
		i += size
	}
	return ""
}

// escapeLen is the length of the CSI sequence (ESC [ parameters,
// intermediates, final byte) or renderer query that s starts with; 0 for
// any other escape.
func escapeLen(s string) int {
	if strings.HasPrefix(s, rendererQuery) {
		return len(rendererQuery)
	}
	if !strings.HasPrefix(s, "\x1b[") {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x20 && c <= 0x3f: // parameters and intermediates
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		default:
			return 0
		}
	}
	return 0
}
