package cli

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// remountReadOnly makes the file system mounted at dir read-only.
func remountReadOnly(t *testing.T, dir string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot remount %s read-only: %v %s", dir, err, out)
	}
}

// A database on a read-only mount could not even be read: tidings feeds
// failed. Reading commands open it read-only and say so in one line; a
// change still ends in one line and exit status 2.
func TestReadOnlyMountIsStillRead(t *testing.T) {
	u := newUser(t)
	data := mountSmallDisk(t, u, 8<<20)
	withFaultFeeds(t, u)
	remountReadOnly(t, data)
	r := u.run("feeds")
	if r.code != 0 || strings.Count(r.stdout, "/f") != faultFeeds {
		t.Fatalf("feeds on a read-only mount: exit %d\nstdout %q\nstderr %q", r.code, r.stdout, r.stderr)
	}
	if want := fmt.Sprintf("tidings: database %s is read-only: changes cannot be saved\n", u.dbPath()); r.stderr != want {
		t.Errorf("feeds said %q, want %q", r.stderr, want)
	}
	if r := u.run("items", "--json"); r.code != 0 || !strings.Contains(r.stdout, "Item 0") {
		t.Errorf("list on a read-only mount: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := u.run("mark", "read", "1"); r.code != 2 || !strings.HasSuffix(r.stderr, "is read-only\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("mark on a read-only mount: exit %d, stderr %q", r.code, r.stderr)
	}
}

// On a read-only mount the reader refused to start, so the stored
// articles could not be read: it opens the database read-only, shows the
// feeds and their items, and its status line says changes cannot be
// saved.
func TestTUIReadsAReadOnlyDatabase(t *testing.T) {
	u := newUser(t)
	data := mountSmallDisk(t, u, 8<<20)
	withFaultFeeds(t, u)
	remountReadOnly(t, data)
	tt := startTUI(t, u, 120, 40)
	tt.waitFor("read-only: changes cannot be saved")
	tt.waitFor("f7")
	tt.keys("Tab")
	tt.waitFor("Item 2")
	tt.keys("q", "q")
	tt.waitExit()
}

// With the disk already full the reader refused to start: a reading
// command and the reader still read the database.
func TestFullDiskIsStillRead(t *testing.T) {
	u := newUser(t)
	data := mountSmallDisk(t, u, 8<<20)
	withFaultFeeds(t, u)
	fillDisk(t, data, 0)
	r := u.run("feeds")
	if r.code != 0 || strings.Count(r.stdout, "/f") != faultFeeds {
		t.Fatalf("feeds on a full disk: exit %d\nstdout %q\nstderr %q", r.code, r.stdout, r.stderr)
	}
	if want := fmt.Sprintf("tidings: database %s is on a full disk: changes cannot be saved\n", u.dbPath()); r.stderr != want {
		t.Errorf("feeds said %q, want %q", r.stderr, want)
	}
	tt := startTUI(t, u, 120, 40)
	tt.waitFor("read-only: changes cannot be saved")
	tt.waitFor("f7")
	tt.keys("Tab")
	tt.waitFor("Item 2")
	tt.keys("q", "q")
	tt.waitExit()
}
