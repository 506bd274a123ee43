//go:build unix

package testenv

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// RequirePidFileGone reads the pid a test's script wrote to pidFile and
// fails t unless that process is gone within 5 s (ProcessGone): the
// script's child or grandchild did not outlive the command that started
// it. A process still there is killed, so a failing test leaves none.
func RequirePidFileGone(t testing.TB, pidFile string) {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		t.Fatalf("pid file holds %q", b)
	}
	if !ProcessGone(pid, 5*time.Second) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("process %d outlived the command that started it", pid)
	}
}

// ProcessGone reports whether process pid is gone within the given time,
// polling signal 0 in a bounded loop: a test that checks a command left
// no process behind. A zombie waiting for its parent to reap it counts as
// gone (it runs nothing).
func ProcessGone(pid int, within time.Duration) bool {
	deadline := time.Now().Add(within)
	for {
		if syscall.Kill(pid, 0) != nil || zombie(pid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// zombie reports whether /proc says pid has exited and not been reaped.
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && len(b) > i+2 && (b[i+2] == 'Z' || b[i+2] == 'X')
}
