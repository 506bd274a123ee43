//go:build !unix

package config

import (
	"errors"
	"io/fs"
	"os"
)

// readConfig reads the configuration file at path; there are no owners
// and modes to check here. A missing file is an error wrapping
// [fs.ErrNotExist]; any other failure is an [*Error] naming the file.
func readConfig(path string) ([]byte, error) {
	doc, err := os.ReadFile(path)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return doc, err
	}
	msg := err.Error()
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		msg = pe.Op + ": " + pe.Err.Error() // the path is already in the prefix
	}
	return nil, &Error{Path: path, Msg: msg, Err: err}
}
