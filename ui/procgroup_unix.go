//go:build unix

package ui

import (
	"os/exec"
	"syscall"
)

// ownGroup makes c run in a process group of its own, killed whole when
// its context ends (a timeout), so that a command the reader runs for a
// moment cannot leave a child behind it.
func ownGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
}

// endGroup kills what is left of c's process group once c has ended: a
// background child it started.
func endGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}
