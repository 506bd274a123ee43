package cli

import (
	"path/filepath"
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
