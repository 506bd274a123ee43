package store

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// processStart is the boot and start time of process pid as the kernel
// keeps them: the boot id's first field and the start time in clock ticks
// after boot (field 22 of /proc/PID/stat); "" when it cannot be read.
func processStart(pid int) string {
	ticks, _, ok := procStat(pid)
	if !ok {
		return ""
	}
	return bootID() + "." + ticks
}

// processAlive reports whether process pid runs and started at start.
func processAlive(pid int, start string) bool {
	ticks, state, ok := procStat(pid)
	if !ok || state == "Z" || state == "X" {
		return false // no such process, or it has exited
	}
	return start == "" || start == bootID()+"."+ticks
}

// procStat returns the start time and state of process pid.
func procStat(pid int) (ticks, state string, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", "", false
	}
	// The command name (field 2) is in parentheses and may hold spaces
	// and parentheses: the fields after it start after the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return "", "", false
	}
	fields := strings.Fields(string(b[i+1:]))
	if len(fields) < 20 { // fields 3 … 22
		return "", "", false
	}
	return fields[19], fields[0], true
}

// bootID is the first field of the kernel's boot id, which changes at
// every boot (so a pid and start time from before a reboot never match).
func bootID() string {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return "0"
	}
	id, _, _ := strings.Cut(strings.TrimSpace(string(b)), "-")
	return id
}
