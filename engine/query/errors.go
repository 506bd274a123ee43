package query

import "fmt"

// Error is a bad expression: what is wrong and the 1-based column (in
// characters) where it is.
type Error struct {
	Column int
	Msg    string
}

// Error reads "column N: what is wrong".
func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Column, e.Msg) }

func errorf(col int, format string, args ...any) *Error {
	return &Error{Column: col, Msg: fmt.Sprintf(format, args...)}
}
