//go:build unix

package cli

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// ownedByUser refuses a file that is not the user's own.
func ownedByUser(fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || int(st.Uid) == os.Getuid() {
		return nil
	}
	return fmt.Errorf("it belongs to user %d, not to you", st.Uid)
}
