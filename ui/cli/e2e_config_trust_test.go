//go:build unix

package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigOfAnotherUserIsRefusedAndRunsNothing(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving the configuration to another user needs root")
	}
	u := newUser(t)
	ran, notified := filepath.Join(u.home, "password-command-ran"), filepath.Join(u.home, "notify-command-ran")
	u.writeConfig(fmt.Sprintf("[remote]\ntype = \"greader\"\nurl = \"http://127.0.0.1:9/api\"\nuser = \"me\"\n"+
		"password_command = \"touch '%s'; echo pw\"\n[ui]\nnotify_command = \"touch '%s'\"\n", ran, notified))
	path := filepath.Join(u.home, "config", "tidings", "config.toml")

	// The user's own file: sync needs the password, so the command runs.
	u.ok("sync")
	if _, err := os.Stat(ran); err != nil {
		t.Fatalf("password_command did not run from the user's own configuration: %v", err)
	}
	if err := os.Remove(ran); err != nil {
		t.Fatal(err)
	}

	// The same file, given to nobody (mode 0644, not writable by others).
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"sync"}, {}, {"config"}} {
		r := u.run(args...)
		if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
			!strings.Contains(r.stderr, "config "+path+": ") || !strings.Contains(r.stderr, "is owned by ") ||
			!strings.Contains(r.stderr, "chown ") {
			t.Errorf("tidings %v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming the file and the fix",
				args, r.code, r.stdout, r.stderr)
		}
	}
	for _, marker := range []string{ran, notified} {
		if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a command of the refused configuration ran (%s: %v)", marker, err)
		}
	}
}
