package store

import (
	"errors"
	"fmt"
	"syscall"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// Faults of the database itself, as opposed to what was asked of it. A
// store error caused by one wraps a *DatabaseError, which wraps one of
// these.
var (
	// ErrLocked means another program held the database's lock for longer
	// than the store waits (busyTimeout).
	ErrLocked = errors.New("database locked")
	// ErrReadOnly means the database file (or its folder) cannot be
	// written.
	ErrReadOnly = errors.New("database read-only")
	// ErrDiskFull means the disk holding the database has no room left.
	ErrDiskFull = errors.New("disk full")
	// ErrDamaged means the file is not a database or is corrupt.
	ErrDamaged = errors.New("database damaged")
	// ErrUnusable means the file cannot be opened, read or written.
	ErrUnusable = errors.New("database unusable")
)

// DatabaseError is a fault of the database file: locked by another
// program, read-only, on a full disk, damaged or unusable. Nothing a
// transaction wrote is kept when it fails with one.
type DatabaseError struct {
	// Path is the database file.
	Path string
	// Fault is ErrLocked, ErrReadOnly, ErrDiskFull, ErrDamaged or
	// ErrUnusable.
	Fault error
	// Cause is SQLite's error.
	Cause error
}

// Error is one line naming the file and the fault: "database
// /home/me/.local/share/tidings/tidings.db is locked by another program
// (waited 30s)".
func (e *DatabaseError) Error() string {
	switch e.Fault {
	case ErrLocked:
		return fmt.Sprintf("database %s is locked by another program (waited %s)", e.Path, busyTimeout)
	case ErrReadOnly:
		return fmt.Sprintf("database %s is read-only", e.Path)
	case ErrDiskFull:
		return fmt.Sprintf("database %s: the disk is full", e.Path)
	case ErrDamaged:
		return fmt.Sprintf("database %s is damaged or not a tidings database (%v)", e.Path, rootCause(e.Cause))
	}
	return fmt.Sprintf("database %s cannot be opened, read or written (%v)", e.Path, rootCause(e.Cause))
}

// rootCause is SQLite's own message, without the context wrapped around
// it.
func rootCause(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se
	}
	return err
}

// Unwrap returns the fault and SQLite's error.
func (e *DatabaseError) Unwrap() []error { return []error{e.Fault, e.Cause} }

// IsDatabaseFault reports whether err is (or wraps) a *DatabaseError.
func IsDatabaseFault(err error) bool {
	var de *DatabaseError
	return errors.As(err, &de)
}

// fault turns an error of SQLite that is a fault of the database file
// into a *DatabaseError; any other error is returned as it is.
func (s *Store) fault(err error) error {
	var se sqlite3.Error
	if err == nil || IsDatabaseFault(err) || !errors.As(err, &se) {
		return err
	}
	if f := faultOf(se); f != nil {
		return &DatabaseError{Path: s.path, Fault: f, Cause: err}
	}
	return err
}

// faultOf classifies SQLite's error, nil when it is not the file's fault.
func faultOf(se sqlite3.Error) error {
	switch {
	case se.Code == sqlite3.ErrFull || se.SystemErrno == syscall.ENOSPC || se.SystemErrno == syscall.EDQUOT:
		return ErrDiskFull
	case se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked:
		return ErrLocked
	case se.Code == sqlite3.ErrReadonly || se.SystemErrno == syscall.EROFS:
		return ErrReadOnly
	case se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB:
		return ErrDamaged
	case se.Code == sqlite3.ErrIoErr || se.Code == sqlite3.ErrCantOpen || se.Code == sqlite3.ErrPerm:
		return ErrUnusable
	}
	return nil
}
