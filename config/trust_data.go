package config

import (
	"errors"
	"fmt"
	"io/fs"
)

// CheckCommandSource applies the rule of [CheckRunnable] to a file that
// names programs tidings runs without being a configuration file: the
// database, which holds command feeds ("exec:" and "filter:"). The file,
// its SQLite journal (path + "-wal") when there is one, and every folder
// on the way to them must be changeable by nobody but the user and root;
// else someone else could have written the commands. A missing file is
// an error too: there is nothing to trust.
//
// Off Unix there are no owners and modes to check; it returns nil.
func CheckCommandSource(path string) error {
	if !hasOwners {
		return nil
	}
	if _, _, err := walkFile(path, false); err != nil {
		return fmt.Errorf("will not run commands from %s: %w", oneLine(path), err)
	}
	if _, _, err := walkFile(path+"-wal", false); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("will not run commands from %s: %w", oneLine(path), err)
	}
	return nil
}
