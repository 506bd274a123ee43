package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// logFileUser is a user whose configuration names path as the log file.
func logFileUser(t *testing.T, path func(home string) string) (*user, string) {
	u := newUser(t)
	p := path(u.home)
	u.writeConfig("log_file = \"" + p + "\"\n")
	return u, p
}

// movingFeed subscribes u to a feed whose next download logs a line
// naming srv's /gone (an itunes:new-feed-url that is no feed, which is
// not followed), and returns srv.
func movingFeed(t *testing.T, u *user) *feedServer {
	t.Helper()
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	u.add(srv.URL + "/a")
	srv.set("/a", []byte(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
		<channel><title>Moving</title><link>http://x.test/</link><itunes:new-feed-url>`+srv.URL+`/gone</itunes:new-feed-url>
		<item><guid>1</guid><title>One</title></item></channel></rss>`))
	return srv
}

// checkNoLog runs a command: it works, says in one line on stderr that
// nothing is logged and why, and writes nothing to the log file.
func checkNoLog(t *testing.T, u *user, logFile, why string) {
	t.Helper()
	r := u.run("feeds")
	want := "tidings: log_file " + logFile + ": " + why + "; nothing is logged\n"
	if r.code != 0 || r.stderr != want {
		t.Errorf("feeds: exit %d, stderr %q; want exit 0, %q", r.code, r.stderr, want)
	}
}

// A log file that is a link — planted, or one's own — is not followed: the
// file it points at is left as it was.
func TestLogFileThatIsALinkIsNotFollowed(t *testing.T) {
	u, logFile := logFileUser(t, func(home string) string { return filepath.Join(home, "tidings.log") })
	victim := filepath.Join(u.home, ".profile")
	writeFile(t, victim, "export PATH=/usr/bin\n")
	if err := os.Symlink(victim, logFile); err != nil {
		t.Fatal(err)
	}
	movingFeed(t, u)
	r := u.run("sync", "--force")
	if want := "tidings: log_file " + logFile + ": it is a link; name the file itself; nothing is logged\n"; r.code != 0 || r.stderr != want {
		t.Errorf("sync: exit %d, stderr %q; want exit 0, %q", r.code, r.stderr, want)
	}
	if b, _ := os.ReadFile(victim); string(b) != "export PATH=/usr/bin\n" {
		t.Errorf("the file the link points at was written: %q", b)
	}
}

// A named pipe at the log file's name does not hold tidings until someone
// reads it.
func TestLogFileThatIsANamedPipeDoesNotHoldTidings(t *testing.T) {
	u, logFile := logFileUser(t, func(home string) string { return filepath.Join(home, "tidings.log") })
	if err := syscall.Mkfifo(logFile, 0o600); err != nil {
		t.Fatal(err)
	}
	checkNoLog(t, u, logFile, "it is a named pipe, not a regular file")
}

// A log file in a folder other users may write is refused: what they
// plant there could point the log anywhere.
func TestLogFileInAFolderOthersMayWriteIsRefused(t *testing.T) {
	u, logFile := logFileUser(t, func(home string) string { return filepath.Join(home, "open-to-all", "tidings.log") })
	dir := filepath.Dir(logFile)
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil { // past the umask
		t.Fatal(err)
	}
	r := u.run("feeds")
	if r.code != 0 || !strings.HasPrefix(r.stderr, "tidings: log_file "+logFile+": will not write into "+dir+": ") ||
		!strings.HasSuffix(r.stderr, "; nothing is logged\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("feeds: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Lstat(logFile); !os.IsNotExist(err) {
		t.Errorf("the log file was made: %v", err)
	}
}

// The log file, made in a folder of the user's, is the user's alone and
// gets what tidings logs.
func TestLogFileIsTheUsersAlone(t *testing.T) {
	u, logFile := logFileUser(t, func(home string) string { return filepath.Join(home, "logs", "tidings.log") })
	srv := movingFeed(t, u)
	r := u.run("sync", "--force")
	if r.stderr != "" && strings.Contains(r.stderr, "log_file") {
		t.Fatalf("sync said %q", r.stderr)
	}
	fi, err := os.Stat(logFile)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("log file %v, %v; want mode 0600", fi, err)
	}
	if di, err := os.Stat(filepath.Dir(logFile)); err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("its folder: %v, %v; want mode 0700", di, err)
	}
	if b, _ := os.ReadFile(logFile); !strings.Contains(string(b), srv.URL+"/gone") {
		t.Errorf("the move not followed is not in the log:\n%s", b)
	}
}
