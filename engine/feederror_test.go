package engine

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tidings-rss/tidings/store"
)

// internalWords are the words of tidings' own steps and ids, which the
// error a person reads for a feed (the status line, `feeds --json`, the
// health view) must not carry.
func internalWords(t *testing.T, f store.Feed, msg string) {
	t.Helper()
	for _, w := range []string{"claim", "record download", fmt.Sprintf("feed %d", f.ID), "sql:"} {
		if strings.Contains(msg, w) {
			t.Errorf("%q carries the internal %q", msg, w)
		}
	}
}

// Issue 24, item 10: a failure of the store while a feed downloads was
// reported in the store's words ("record download of feed 2: not found",
// "claim feed 2: database …"). A feed removed while it downloads says so.
func TestAFeedRemovedWhileItDownloadsSaysSo(t *testing.T) {
	h := newHarness(t)
	var f store.Feed
	h.srv.handle("/gone.xml", func(w http.ResponseWriter, _ *http.Request) {
		if _, err := h.store.RemoveFeed(context.Background(), f.ID); err != nil {
			t.Error(err)
		}
		w.Write([]byte(rssDoc("", "a")))
	})
	f = h.add("/gone.xml")
	r := h.eng.SyncFeeds(context.Background(), []store.Feed{f}, true, nil)[0]
	if r.Err == nil {
		t.Fatal("no error")
	}
	msg := Reason(r.Err)
	internalWords(t, f, msg)
	if msg != "the feed was removed while it downloaded" {
		t.Errorf("reason %q", msg)
	}
}

// A full disk is named as the store names it: the database file and
// what is wrong with it, with no step or id of tidings before it.
func TestAFeedOnAFullDiskSaysTheDiskIsFull(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("disk full: cannot mount a small tmpfs here (needs root or CAP_SYS_ADMIN): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
	h := newHarness(t)
	db := filepath.Join(dir, "tidings.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h.store = st
	h.eng = New(st, h.cfg, h.opts)
	var titles []string
	for i := range 400 {
		titles = append(titles, fmt.Sprintf("item %d %s", i, strings.Repeat("x", 200)))
	}
	h.srv.serveDoc("/big.xml", rssDoc("", titles...))
	f := h.add("/big.xml")
	fill(t, dir, 32<<10)
	r := h.sync(f)
	if !errors.Is(r.Err, store.ErrDiskFull) {
		t.Fatalf("sync on a full disk: %v", r.Err)
	}
	msg := Reason(r.Err)
	internalWords(t, f, msg)
	if want := fmt.Sprintf("database %s: the disk is full", db); msg != want {
		t.Errorf("reason %q, want %q", msg, want)
	}
}

// fill fills the file system of dir but for leave bytes.
func fill(t *testing.T, dir string, leave int64) {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	avail := int64(st.Bavail) * st.Bsize
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 64<<10)
	for written := int64(0); written < avail-leave; written += int64(len(block)) {
		if _, err := f.Write(block[:min(int64(len(block)), avail-leave-written)]); err != nil {
			break
		}
	}
}
