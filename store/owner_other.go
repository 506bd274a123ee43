//go:build !linux

package store

// processStart is "" where the system does not tell a process's start
// time.
func processStart(int) string { return "" }

// processAlive cannot tell here: a claim of another process lasts until
// its lease ends.
func processAlive(int, string) bool { return true }
