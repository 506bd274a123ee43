package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// The database's faults, met by the real binary: a full disk, a read-only
// file, a lock another program holds. The command line ends in one line and
// exit status 2; the reader keeps running and says so; nothing is left
// half-written.

const (
	faultFeeds     = 8
	smallItems     = 3   // each feed's items before the fault
	bigItems       = 150 // each feed's items in the documents the fault meets
	faultItemBytes = 1500
)

// withFaultFeeds gives u faultFeeds feeds of smallItems items each,
// synced once; big switches the server to documents of bigItems items
// (the small ones among them).
func withFaultFeeds(t *testing.T, u *user) (big func()) {
	t.Helper()
	u.writeConfig("[sync]\nbucket_refill_per_second = 0\nper_host_connections = 4\n")
	srv := newFeedServer(t)
	docs := func(n int) {
		for i := range faultFeeds {
			srv.set(fmt.Sprintf("/f%d", i), itemsDoc(i, n))
		}
	}
	docs(smallItems)
	subscribeMany(t, u, srv.URL, faultFeeds)
	u.ok("sync", "--force")
	return func() { docs(bigItems) }
}

// itemsDoc is feed i's document of n items of faultItemBytes each.
func itemsDoc(i, n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<rss version="2.0"><channel><title>Feed %d</title>`, i)
	body := strings.Repeat("All work and no play. ", faultItemBytes/22)
	for j := range n {
		fmt.Fprintf(&b, `<item><guid>f%d-%d</guid><title>Item %d</title><description>%s %d</description></item>`, i, j, j, body, j)
	}
	b.WriteString(`</channel></rss>`)
	return []byte(b.String())
}

// itemCounts is every feed's item count, by URL.
func itemCounts(u *user) map[string]string {
	out := map[string]string{}
	for _, f := range u.feeds() {
		out[fmt.Sprint(f["url"])] = fmt.Sprint(f["item_count"])
	}
	return out
}

// syncState is what a failed or skipped sync could have changed in a
// feed's row, by URL.
func syncState(u *user) map[string]string {
	out := map[string]string{}
	for _, f := range u.feeds() {
		out[fmt.Sprint(f["url"])] = fmt.Sprint(f["item_count"], f["failures"], f["last_error"], f["last_attempt_at"], f["requests"])
	}
	return out
}

// mustFailWithOneLine runs 'sync --force' and expects exit status 2 and
// the one line want on stderr, nothing on stdout.
func mustFailWithOneLine(t *testing.T, u *user, want string) {
	t.Helper()
	r := u.run("sync", "--force")
	if r.code != 2 || r.stderr != "tidings: "+want+"\n" || r.stdout != "" {
		t.Fatalf("sync: exit %d, stdout %q, stderr %q; want 2 and %q", r.code, r.stdout, r.stderr, want)
	}
}

// mountSmallDisk mounts a tmpfs of size bytes on the user's data folder,
// or skips: that takes mount privileges.
func mountSmallDisk(t *testing.T, u *user, size int) string {
	t.Helper()
	testenv.RequireTool(t, "mount", "mount")
	dir := filepath.Join(u.home, "data")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d,mode=0700", size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("disk full: cannot mount a small tmpfs here (needs root or CAP_SYS_ADMIN): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// fillDisk fills the file system of dir but for leave bytes, and returns
// a func that frees the space again.
func fillDisk(t *testing.T, dir string, leave int64) (free func()) {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	avail := int64(st.Bavail) * st.Bsize
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, 64<<10)
	for written := int64(0); written < avail-leave; written += int64(len(block)) {
		if _, err := f.Write(block[:min(int64(len(block)), avail-leave-written)]); err != nil {
			break // full already
		}
	}
	f.Close()
	return func() { os.Remove(filler) }
}

// makeReadOnly makes the database file read-only for tidings: mode 0444,
// or for root, whom modes do not stop, the immutable attribute.
func makeReadOnly(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(path, 0o600) })
		return
	}
	testenv.RequireTool(t, "chattr", "e2fsprogs")
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		t.Skipf("read-only database: running as root, and chattr +i failed on this file system: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
}

// holdLock has the sqlite3 program take the database's write lock
// (BEGIN EXCLUSIVE) and keep it until the returned func is called.
func holdLock(t *testing.T, db string) (release func()) {
	t.Helper()
	testenv.RequireTool(t, "sqlite3", "sqlite3")
	cmd := exec.Command("sqlite3", db)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "BEGIN EXCLUSIVE;\nSELECT 'lock taken';\n")
	taken := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		taken <- line
	}()
	select {
	case line := <-taken:
		if strings.TrimSpace(line) != "lock taken" {
			t.Fatalf("sqlite3 said %q", line)
		}
	case <-time.After(deadline):
		t.Fatal("sqlite3 did not take the lock")
	}
	var done bool
	release = func() {
		if !done {
			done = true
			io.WriteString(stdin, "ROLLBACK;\n")
			stdin.Close()
			cmd.Wait()
		}
	}
	t.Cleanup(release)
	return release
}

// assertWhole checks that the database is intact and that every feed holds
// either all of its items before the fault or all of them after: no
// download was half-written.
func assertWhole(t *testing.T, u *user) {
	t.Helper()
	if got := u.integrity(); got != "[ok]" {
		t.Fatalf("integrity_check: %s", got)
	}
	for url, n := range itemCounts(u) {
		if n != fmt.Sprint(smallItems) && n != fmt.Sprint(bigItems) {
			t.Errorf("%s holds %s items, neither %d nor %d: half-written", url, n, smallItems, bigItems)
		}
	}
}

func TestDiskFullEndsInOneLineAndNothingHalfWritten(t *testing.T) {
	u := newUser(t)
	data := mountSmallDisk(t, u, 8<<20)
	big := withFaultFeeds(t, u)
	free := fillDisk(t, data, 256<<10)
	big()
	mustFailWithOneLine(t, u, fmt.Sprintf("database %s: the disk is full", u.dbPath()))
	free()
	assertWhole(t, u)
	u.ok("sync", "--force") // room again: every feed gets its new items
	for url, n := range itemCounts(u) {
		if n != fmt.Sprint(bigItems) {
			t.Errorf("%s: %s items after the disk was freed, want %d", url, n, bigItems)
		}
	}
}

func TestReadOnlyDatabaseEndsInOneLineAndChangesNothing(t *testing.T) {
	u := newUser(t)
	big := withFaultFeeds(t, u)
	before := syncState(u)
	makeReadOnly(t, u.dbPath())
	big()
	mustFailWithOneLine(t, u, fmt.Sprintf("database %s is read-only", u.dbPath()))
	if r := u.run("mark", "read", "1"); r.code != 2 || !strings.HasSuffix(r.stderr, "is read-only\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Fatalf("mark: exit %d, stderr %q", r.code, r.stderr)
	}
	if after := syncState(u); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("state changed:\n%v\n%v", before, after)
	}
	assertWhole(t, u)
}

func TestDatabaseLockedByAnotherProgramEndsInOneLine(t *testing.T) {
	t.Parallel() // it waits out the store's 30 s busy timeout
	u := newUser(t)
	big := withFaultFeeds(t, u)
	before := syncState(u)
	big()
	release := holdLock(t, u.dbPath())
	start := time.Now()
	mustFailWithOneLine(t, u, fmt.Sprintf("database %s is locked by another program (waited 30s)", u.dbPath()))
	t.Logf("sync gave up after %s", time.Since(start).Round(time.Second))
	release()
	if after := syncState(u); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("state changed:\n%v\n%v", before, after)
	}
	assertWhole(t, u)
}

// The account's sync meets a fault of the database as the feeds do: one
// line, exit status 2 (no server is reached: the claim fails first).
func TestReadOnlyDatabaseWithAnAccountEndsInOneLine(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[remote]\ntype = \"greader\"\nurl = \"http://127.0.0.1:9/api/greader.php\"\nuser = \"me\"\npassword = \"pw\"\n")
	u.ok("feeds") // creates the database
	makeReadOnly(t, u.dbPath())
	r := u.run("sync")
	if want := fmt.Sprintf("tidings: database %s is read-only\n", u.dbPath()); r.code != 2 || r.stderr != want {
		t.Fatalf("sync: exit %d, stderr %q; want 2 and %q", r.code, r.stderr, want)
	}
}
