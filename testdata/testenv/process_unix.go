//go:build unix

package testenv

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

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
