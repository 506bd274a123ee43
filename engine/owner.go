package engine

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// ownerGone reports whether a claim's owner ("host:pid", as Options.Owner
// defaults) is a process of this machine that no longer runs. An owner
// of another machine, or not of that form, is never known to be gone.
func ownerGone(owner string) bool {
	i := strings.LastIndexByte(owner, ':')
	if i < 0 {
		return false
	}
	pid, err := strconv.Atoi(owner[i+1:])
	host, _ := os.Hostname()
	if err != nil || pid <= 0 || owner[:i] != host || pid == os.Getpid() {
		return false
	}
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
