//go:build !unix

package store

import "os"

// canWrite reports whether path exists; off Unix its write permission is
// found when writing.
func canWrite(path string) error {
	_, err := os.Stat(path)
	return err
}
