//go:build unix

package cmdfeed

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// script writes an executable shell script into a private folder and
// returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "feed.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

var limits = Limits{Timeout: 10 * time.Second, MaxBytes: 1 << 20}

func TestRunStdout(t *testing.T) {
	out, err := Run(context.Background(), []string{script(t, `printf '<rss>%s</rss>' "$1"`), "arg one"}, nil, limits)
	if err != nil || string(out) != "<rss>arg one</rss>" {
		t.Fatalf("Run = %q, %v", out, err)
	}
}

func TestRunFilterReadsStdin(t *testing.T) {
	out, err := Run(context.Background(), []string{script(t, `tr a-z A-Z`)}, []byte("feed body"), limits)
	if err != nil || string(out) != "FEED BODY" {
		t.Fatalf("Run = %q, %v", out, err)
	}
}

func TestRunExitQuotesStderr(t *testing.T) {
	_, err := Run(context.Background(), []string{script(t, "printf '\\n  no such host: \\033[31mexample\\n second line\\n' >&2\nexit 3\n")}, nil, limits)
	var ee *ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("Run error = %v, want an ExitError", err)
	}
	if got, want := err.Error(), "no such host: [31mexample (exit status 3)"; got != want {
		t.Fatalf("error = %q, want %q", got, want)
	}
	_, err = Run(context.Background(), []string{script(t, "exit 4\n")}, nil, limits)
	if err == nil || err.Error() != "command failed: exit status 4" {
		t.Fatalf("silent failure: %v", err)
	}
}

func TestRunOutputOverCap(t *testing.T) {
	lim := Limits{Timeout: 10 * time.Second, MaxBytes: 1024}
	_, err := Run(context.Background(), []string{script(t, "while :; do echo xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; done\n")}, nil, lim)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than 1024 bytes") {
		t.Fatalf("Run error = %v", err)
	}
}

// TestRunTimeoutKillsGroup: the script starts a grandchild that would
// outlive it, says its pid, and hangs; the timeout kills both.
func TestRunTimeoutKillsGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	s := script(t, "sleep 300 &\necho $! > "+pidFile+"\nexec sleep 300\n")
	lim := Limits{Timeout: 2 * time.Second, MaxBytes: 1024}
	_, err := Run(context.Background(), []string{s}, nil, lim)
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "processes were killed") {
		t.Fatalf("Run error = %v", err)
	}
	testenv.RequirePidFileGone(t, pidFile)
}

// TestRunLeavesNoBackgroundChild: a command that exits at once but left a
// child running (holding stdout) has that child killed.
func TestRunLeavesNoBackgroundChild(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	s := script(t, "sleep 300 &\necho $! > "+pidFile+"\necho '<rss/>'\n")
	out, err := Run(context.Background(), []string{s}, nil, limits)
	if err != nil || strings.TrimSpace(string(out)) != "<rss/>" {
		t.Fatalf("Run = %q, %v", out, err)
	}
	testenv.RequirePidFileGone(t, pidFile)
}

func TestRunRefusesUntrustedProgram(t *testing.T) {
	dir := t.TempDir()
	s := filepath.Join(dir, "feed.sh")
	if err := os.WriteFile(s, []byte("#!/bin/sh\necho ran\n"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(s, 0o777); err != nil { // past the umask
		t.Fatal(err)
	}
	out, err := Run(context.Background(), []string{s}, nil, limits)
	if err == nil || !strings.Contains(err.Error(), "writable by other users") || out != nil {
		t.Fatalf("Run = %q, %v; want a refusal", out, err)
	}
}

func TestRunMissingProgram(t *testing.T) {
	_, err := Run(context.Background(), []string{filepath.Join(t.TempDir(), "nothing")}, nil, limits)
	if err == nil || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Run error = %v", err)
	}
}
