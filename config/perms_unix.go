//go:build unix

package config

import (
	"fmt"
	"os"
)

// checkPrivate refuses a configuration file that other users may write:
// its notify_command runs as the user, so such a file would let them run
// commands as the user.
func checkPrivate(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return &Error{Path: path, Msg: err.Error(), Err: err}
	}
	if mode := fi.Mode().Perm(); mode&0o022 != 0 {
		return &Error{Path: path, Msg: fmt.Sprintf("writable by other users (mode %04o): its notify_command would run as you; chmod go-w it", mode)}
	}
	return nil
}
