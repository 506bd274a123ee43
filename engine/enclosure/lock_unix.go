//go:build unix

package enclosure

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f without waiting, so two
// processes (or two transfers of one process) never write the same partial
// file. It reports false when someone else holds it. Closing f releases it.
func lockFile(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, nil
	}
	return false, fmt.Errorf("lock %s: %w", f.Name(), err)
}
