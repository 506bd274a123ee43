//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// A bookmark command leaves no process behind: what it started in the
// background is killed with its process group when it ends.
func TestBookmarkCommandLeavesNoProcess(t *testing.T) {
	dir := t.TempDir()
	prog, pidFile := filepath.Join(dir, "mark"), filepath.Join(dir, "pid")
	script := "#!/bin/sh\nsleep 300 >/dev/null 2>&1 &\necho $! > " + pidFile + "\necho saved\n"
	if err := os.WriteFile(prog, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	h := sendHarness(t, config.UIConfig{PipeFormat: config.PipeText, BookmarkCommand: prog})
	openGopher(h)
	h.keys("b")
	if h.m.status.message != "bookmarked: saved" {
		t.Errorf("status %q", h.m.status.message)
	}
	testenv.RequirePidFileGone(t, pidFile)
}
