package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --config naming a file that does not exist silently used the defaults:
// a file named on the command line must exist (exit status 2); only the
// default file may be missing.
func TestConfigNamedMustExist(t *testing.T) {
	u := newUser(t)
	missing := filepath.Join(u.home, "nonexistent.toml")
	for _, args := range [][]string{{"feeds"}, {"config"}} {
		r := u.run(append([]string{"--config", missing}, args...)...)
		if r.code != 2 || r.stderr != "tidings: config file "+missing+" does not exist\n" {
			t.Errorf("%v with a missing --config: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	u.ok("feeds") // the default file may be missing
}

// --db into a missing folder silently created it: the folder of a
// database named on the command line must exist (exit status 2), and
// nothing is created.
func TestDBNamedInAMissingFolderIsRefused(t *testing.T) {
	u := newUser(t)
	dir := filepath.Join(u.home, "typo")
	db := filepath.Join(dir, "tidings.db")
	r := u.run("--db", db, "feeds")
	if r.code != 2 || r.stderr != "tidings: database folder "+dir+" does not exist\n" {
		t.Errorf("--db in a missing folder: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the folder was created (%v)", err)
	}
	here := filepath.Join(u.home, "here.db")
	if r := u.run("--db", here, "feeds"); r.code != 0 || strings.TrimSpace(r.stderr) != "" {
		t.Errorf("--db in an existing folder: exit %d, stderr %q", r.code, r.stderr)
	}
}
