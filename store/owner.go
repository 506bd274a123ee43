package store

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Owner names a running tidings process in the claims it holds (on a feed
// being downloaded, on an enclosure being transferred): its host, its pid
// and its start time, so that a claim whose process has died — or whose
// pid now belongs to another process — is recognised at once and void.
type Owner struct {
	Host string
	PID  int
	// Start tells this process from an earlier one with the same pid:
	// the boot and the kernel's start time of the process ("" where the
	// system does not say).
	Start string
}

// String is the owner as claims store it: "host:pid:start".
func (o Owner) String() string {
	return fmt.Sprintf("%s:%d:%s", o.Host, o.PID, o.Start)
}

// ParseOwner reads an owner as String writes it; ok is false for any
// other text (an owner named by a test, or by an older tidings).
func ParseOwner(s string) (o Owner, ok bool) {
	rest, start, ok := cutLast(s)
	if !ok {
		return o, false
	}
	host, pid, ok := cutLast(rest)
	if !ok {
		return o, false
	}
	n, err := strconv.Atoi(pid)
	if err != nil || n <= 0 {
		return o, false
	}
	return Owner{Host: host, PID: n, Start: start}, true
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// CurrentOwner is this process.
func CurrentOwner() Owner {
	host, _ := os.Hostname()
	pid := os.Getpid()
	return Owner{Host: host, PID: pid, Start: processStart(pid)}
}

// OwnerAlive reports whether the process a claim names may still be
// running. It is false only when that is known not to be so: the owner is
// on this host and no process has its pid, or the one that has it started
// at another time (or is a zombie). An owner on another host, or named in
// another form, may be alive: only its claim's lease can end it.
func OwnerAlive(owner string) bool {
	o, ok := ParseOwner(owner)
	if !ok {
		return true
	}
	if host, _ := os.Hostname(); o.Host != host {
		return true
	}
	return processAlive(o.PID, o.Start)
}
