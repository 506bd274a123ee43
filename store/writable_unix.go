//go:build unix

package store

import "syscall"

// canWrite asks the system whether this process may write path.
func canWrite(path string) error {
	const wOK = 2 // W_OK
	return syscall.Access(path, wOK)
}
