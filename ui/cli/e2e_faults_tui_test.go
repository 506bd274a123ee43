package cli

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// The reader meets the same faults as the command line: its status line
// says what is wrong in one line, and it keeps running.

// waitForWithin polls the screen until it shows want, for at most d.
func (tt *tmuxTUI) waitForWithin(want string, d time.Duration) {
	tt.t.Helper()
	var s string
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if s = tt.screen(); strings.Contains(s, want) {
			return
		}
	}
	tt.t.Fatalf("screen never showed %q within %s:\n%s", want, d, s)
}

// waitGone polls the screen until it no longer shows text (at most 10 s).
func (tt *tmuxTUI) waitGone(text string) {
	tt.t.Helper()
	var s string
	for range 100 {
		if s = tt.screen(); !strings.Contains(s, text) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	tt.t.Fatalf("screen still shows %q:\n%s", text, s)
}

// refreshAndExpect opens the reader, refreshes everything, waits for want
// on the status line, then checks that the reader still answers (its
// help opens) and quits with status 0.
func refreshAndExpect(t *testing.T, u *user, want string, within time.Duration) {
	t.Helper()
	tt := startTUI(t, u, 240, 30)
	tt.waitFor("quit (tree)")
	tt.keys("R")
	tt.waitForWithin(want, within)
	tt.keys("?")
	tt.waitFor("tidings — keys")
	tt.keys("Escape")
	tt.waitGone("tidings — keys")
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Fatalf("the reader ended with %s after the fault", got)
	}
}

func TestReaderSaysTheDiskIsFullAndKeepsRunning(t *testing.T) {
	u := newUser(t)
	data := mountSmallDisk(t, u, 8<<20)
	big := withFaultFeeds(t, u)
	free := fillDisk(t, data, 256<<10)
	big()
	refreshAndExpect(t, u, fmt.Sprintf("database %s: the disk is full", u.dbPath()), 20*time.Second)
	free()
	assertWhole(t, u)
}

func TestReaderSaysTheDatabaseIsReadOnlyAndKeepsRunning(t *testing.T) {
	u := newUser(t)
	big := withFaultFeeds(t, u)
	before := syncState(u)
	makeReadOnly(t, u.dbPath())
	big()
	refreshAndExpect(t, u, fmt.Sprintf("database %s is read-only", u.dbPath()), 20*time.Second)
	if after := syncState(u); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("state changed:\n%v\n%v", before, after)
	}
}

func TestReaderSaysTheDatabaseIsLockedAndKeepsRunning(t *testing.T) {
	t.Parallel() // it waits out the store's 30 s busy timeout
	u := newUser(t)
	big := withFaultFeeds(t, u)
	before := syncState(u)
	big()
	holdLock(t, u.dbPath())
	refreshAndExpect(t, u, fmt.Sprintf("database %s is locked by another program (waited 30s)", u.dbPath()), deadline)
	if after := syncState(u); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("state changed:\n%v\n%v", before, after)
	}
}

// TestReaderSaysFeedsWereSkippedForAnotherProcess: while a cron sync holds
// two feeds, the reader's refresh skips them and its status line says so
// with the cron sync's pid.
func TestReaderSaysFeedsWereSkippedForAnotherProcess(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[sync]\nbucket_refill_per_second = 0\nper_host_connections = 4\n")
	srv := newGrowingServer(t)
	subscribeMany(t, u, srv.URL, 6)
	srv.newRound(5, 2)
	cron := u.start("sync", "--force")
	srv.gate.await(t, 2)
	tt := startTUI(t, u, 240, 30)
	tt.waitFor("quit (tree)")
	tt.keys("R")
	tt.waitForWithin(fmt.Sprintf("2 feeds skipped: being downloaded by another tidings process (pid %d)", cron.pid()), 20*time.Second)
	srv.gate.release()
	if r := cron.wait(); r.code != 0 {
		t.Fatalf("cron sync: exit %d, %q", r.code, r.stderr)
	}
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Fatalf("exit: %s", got)
	}
}
