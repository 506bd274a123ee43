//go:build unix

package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// readConfig reads the configuration file at path once [CheckRunnable]'s
// rule allows it: its commands run as the user, so a file or folder on
// its way that anyone but the user or root could change would let them
// run commands as the user. A missing file is an error wrapping
// [fs.ErrNotExist]; any other failure is an [*Error] naming the file.
func readConfig(path string) ([]byte, error) {
	real, info, err := walkFile(path, false)
	if err != nil {
		if ue, ok := errors.AsType[*UntrustedError](err); ok {
			return nil, &Error{Path: path, Msg: "refused, as its commands would run as you: " + ue.Error(), Err: err}
		}
		return nil, readError(path, err)
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, readError(path, err)
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, readError(path, err)
	}
	if !os.SameFile(info, opened) {
		return nil, &Error{Path: path, Msg: fmt.Sprintf("%s changed while it was checked; try again", real)}
	}
	doc, err := io.ReadAll(f)
	if err != nil {
		return nil, readError(path, err)
	}
	return doc, nil
}

// readError is err as an [*Error] about path, or err itself when the file
// is missing.
func readError(path string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return err
	}
	msg := err.Error()
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		msg = pe.Op + ": " + pe.Err.Error() // the path is already in the prefix
		if pe.Path != path {
			msg = pe.Op + " " + pe.Path + ": " + pe.Err.Error()
		}
	}
	return &Error{Path: path, Msg: msg, Err: err}
}
