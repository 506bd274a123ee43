package cli

import (
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/store"
)

// Exit statuses of tidings' commands (a public contract for scripts).
const (
	exitOK     = 0
	exitFailed = 1 // the command was refused: unreachable URL, not a feed, duplicate …
	exitUsage  = 2 // bad usage, config or database
)

// usageError marks errors that exit with status 2: a bad flag or argument,
// an unreadable config, a database that cannot be opened. A fault of the
// database met later (store.DatabaseError) exits with 2 as well.
type usageError struct{ err error }

// Error is the wrapped error's message.
func (e usageError) Error() string { return e.err.Error() }

// Unwrap returns the wrapped error.
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// asUsage marks err, when not nil, as a usage/config/database error.
func asUsage(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// exitCode maps a command's error to its exit status.
func exitCode(err error) int {
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue), store.IsDatabaseFault(err):
		return exitUsage
	}
	return exitFailed
}
