package cli

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// versionLines checks the three lines of --version and returns the first.
func versionLines(t *testing.T, out string) string {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("--version printed %d lines, want 3:\n%s", len(lines), out)
	}
	if want := "built with " + runtime.Version() + " for " + runtime.GOOS + "/" + runtime.GOARCH; lines[1] != want {
		t.Errorf("Go line = %q, want %q", lines[1], want)
	}
	if !regexp.MustCompile(`^SQLite 3\.\d+\.\d+$`).MatchString(lines[2]) {
		t.Errorf("SQLite line = %q", lines[2])
	}
	return lines[0]
}

func TestVersionPrintsVersionGoAndSQLite(t *testing.T) {
	u := newUser(t)
	first := versionLines(t, u.ok("--version"))
	if !regexp.MustCompile(`^tidings version (dev|devel-[0-9a-f]+|v\S+)( \(.*\))?$`).MatchString(first) {
		t.Errorf("version line = %q", first)
	}
}

func TestVersionOfAReleaseBuildIsItsTag(t *testing.T) {
	t.Parallel() // a build of its own, mostly the linker
	bin := filepath.Join(t.TempDir(), "tidings")
	build := exec.Command("go", "build", "-o", bin, "-ldflags", "-X main.version=v9.8.7",
		"github.com/tidings-rss/tidings")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	first := versionLines(t, string(out))
	if !strings.HasPrefix(first, "tidings version v9.8.7") {
		t.Errorf("version line = %q, want the tag v9.8.7", first)
	}
}
