package cli

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tidings-rss/tidings/config"
)

// openLogFile opens the log file for appending, created 0600 (its folders
// 0700) when missing. The configuration names it and tidings writes to it
// as the user for as long as it runs, so it is refused, with the reason,
// when its folder is one others may write (config.CheckDataFolder: what
// they plant there could point the log at any file of the user's), when
// it is a link, when it is not a regular file (a FIFO would hold tidings
// until someone read it) and when it is not the user's own.
func openLogFile(path string) (*os.File, error) {
	dir := filepath.Dir(path)
	if err := config.CheckDataFolder(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if fi, err := os.Lstat(path); err == nil { // said plainly; the checks after opening are what hold
		if err := regularFile(fi); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o600)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errors.New("it is a link; name the file itself")
	}
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = regularFile(fi)
	}
	if err == nil {
		err = ownedByUser(fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regularFile refuses a link, a named pipe, a device or a folder.
func regularFile(fi os.FileInfo) error {
	switch m := fi.Mode(); {
	case m&os.ModeSymlink != 0:
		return errors.New("it is a link; name the file itself")
	case m.IsDir():
		return errors.New("it is a folder; name a file in it")
	case m&os.ModeNamedPipe != 0:
		return errors.New("it is a named pipe, not a regular file")
	case !m.IsRegular():
		return errors.New("it is not a regular file")
	}
	return nil
}
