//go:build unix

package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// maxLinks is how many symbolic links a walk follows, as the kernel's
// limit (ELOOP).
const maxLinks = 40

// walkFile follows path from the root one name at a time, as the kernel
// resolves it, and checks every folder it passes through and the regular
// file it ends at (see [CheckRunnable] for the rule). It returns the
// file's real path, free of links, and its information.
//
// A name missing on the way is an error wrapping [fs.ErrNotExist]; with
// creatable, a name missing from a folder others may write is an
// [*UntrustedError] instead, as they could create it.
func walkFile(path string, creatable bool) (string, fs.FileInfo, error) {
	return walk(path, false, creatable)
}

// walkDir is walkFile for a folder that names are looked up in (a PATH
// entry): it must be as safe as a file's own folder.
func walkDir(path string, creatable bool) (string, error) {
	real, _, err := walk(path, true, creatable)
	return real, err
}

func walk(path string, wantDir, creatable bool) (string, fs.FileInfo, error) {
	if !filepath.IsAbs(path) {
		wd, err := os.Getwd()
		if err != nil {
			return "", nil, fmt.Errorf("resolve %s: %w", path, err)
		}
		path = filepath.Join(wd, path)
	}
	todo := names(path)
	cur, links := "/", 0
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		if name == ".." {
			cur = filepath.Dir(cur) // cur holds no link, so its parent is lexical
			continue
		}
		next := filepath.Join(cur, name)
		fi, err := os.Lstat(next)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && creatable {
				if uerr := checkFolder(cur, false); uerr != nil {
					return "", nil, uerr
				}
			}
			return "", nil, err
		}
		// A folder others may write is passed through only when it is
		// sticky and the name leads to a folder, which is checked in turn:
		// they can neither rename nor replace it. A file or a link there
		// could be theirs.
		if err := checkFolder(cur, fi.IsDir()); err != nil {
			return "", nil, err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			if links++; links > maxLinks {
				return "", nil, &fs.PathError{Op: "resolve", Path: path, Err: syscall.ELOOP}
			}
			target, err := os.Readlink(next)
			if err != nil {
				return "", nil, err
			}
			if filepath.IsAbs(target) {
				cur = "/"
			}
			todo = append(names(target), todo...)
		case len(todo) > 0 && !fi.IsDir():
			return "", nil, &fs.PathError{Op: "resolve", Path: next, Err: syscall.ENOTDIR}
		case len(todo) > 0:
			cur = next
		case wantDir:
			if !fi.IsDir() {
				return "", nil, &fs.PathError{Op: "resolve", Path: next, Err: syscall.ENOTDIR}
			}
			return next, fi, checkFolder(next, false)
		default:
			if !fi.Mode().IsRegular() {
				return "", nil, &fs.PathError{Op: "open", Path: next, Err: errors.New("not a regular file")}
			}
			return next, fi, checkOwnerMode("file", next, fi, false)
		}
	}
	if wantDir { // the path resolved to the root
		return cur, nil, checkFolder(cur, false)
	}
	return "", nil, &fs.PathError{Op: "open", Path: cur, Err: errors.New("not a regular file")}
}

// names splits a path into its names, leaving out empty ones and ".".
func names(path string) []string {
	var out []string
	for n := range strings.SplitSeq(path, "/") {
		if n != "" && n != "." {
			out = append(out, n)
		}
	}
	return out
}

// checkFolder checks a folder a name is looked up in. stickyOK lets a
// sticky folder that others may write pass.
func checkFolder(dir string, stickyOK bool) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	return checkOwnerMode("folder", dir, fi, stickyOK)
}

// checkOwnerMode refuses what is owned by someone other than the user
// or root, or writable by group or others.
func checkOwnerMode(what, path string, fi fs.FileInfo, stickyOK bool) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("%s %s: no owner information", what, path)
	}
	if uid := int(st.Uid); uid != 0 && uid != os.Getuid() {
		return &UntrustedError{What: what, Path: path,
			Problem: "is owned by " + userName(uid) + ", not by you or root",
			Fix:     "chown " + userName(os.Getuid()) + " " + path}
	}
	mode := fi.Mode()
	if mode.Perm()&0o022 == 0 || stickyOK && mode&fs.ModeSticky != 0 {
		return nil
	}
	e := &UntrustedError{What: what, Path: path,
		Problem: fmt.Sprintf("is writable by other users (mode %04o)", unixMode(mode)),
		Fix:     "chmod go-w " + path}
	if mode&fs.ModeSticky != 0 {
		e.Fix = "keep it in a folder of your own" // a shared folder like /tmp stays shared
	}
	return e
}

// unixMode is the permission bits with the sticky bit, as ls writes them.
func unixMode(m fs.FileMode) uint32 {
	p := uint32(m.Perm())
	if m&fs.ModeSticky != 0 {
		p |= 0o1000
	}
	return p
}

// userName is the login name of uid, else the number.
func userName(uid int) string {
	id := strconv.Itoa(uid)
	if u, err := user.LookupId(id); err == nil && u.Username != "" {
		return u.Username
	}
	return id
}

// hasOwners: files here have owners and modes to check.
const hasOwners = true

// shellPath is the shell command lines run with: a fixed path, so that
// no $PATH folder can offer another sh.
const shellPath = "/bin/sh"
