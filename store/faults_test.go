package store

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"

	sqlite3 "github.com/mattn/go-sqlite3"
)

func TestFaultClassifiesSQLiteErrors(t *testing.T) {
	tests := []struct {
		name  string
		err   sqlite3.Error
		fault error
		says  string
	}{
		{"busy past the timeout", sqlite3.Error{Code: sqlite3.ErrBusy}, ErrLocked, "is locked by another program (waited 30s)"},
		{"read-only file", sqlite3.Error{Code: sqlite3.ErrReadonly}, ErrReadOnly, "is read-only"},
		{"read-only file system", sqlite3.Error{Code: sqlite3.ErrIoErr, SystemErrno: syscall.EROFS}, ErrReadOnly, "is read-only"},
		{"full", sqlite3.Error{Code: sqlite3.ErrFull}, ErrDiskFull, "the disk is full"},
		{"write error on a full disk", sqlite3.Error{Code: sqlite3.ErrIoErr, SystemErrno: syscall.ENOSPC}, ErrDiskFull, "the disk is full"},
		{"corrupt", sqlite3.Error{Code: sqlite3.ErrCorrupt}, ErrDamaged, "is damaged"},
		{"not a database", sqlite3.Error{Code: sqlite3.ErrNotADB}, ErrDamaged, "is damaged"},
		{"cannot open", sqlite3.Error{Code: sqlite3.ErrCantOpen}, ErrUnusable, "cannot be opened"},
		{"a constraint is not the file's fault", sqlite3.Error{Code: sqlite3.ErrConstraint}, nil, ""},
	}
	s := &Store{path: "/data/tidings.db"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.fault(fmt.Errorf("claim feed 3: %w", tt.err))
			if tt.fault == nil {
				if IsDatabaseFault(err) {
					t.Fatalf("%v classified as a database fault", err)
				}
				return
			}
			if !errors.Is(err, tt.fault) || !IsDatabaseFault(err) {
				t.Fatalf("%v, want %v", err, tt.fault)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "database /data/tidings.db") || !strings.Contains(msg, tt.says) || strings.Contains(msg, "\n") {
				t.Fatalf("message %q, want one line naming the file and saying %q", msg, tt.says)
			}
			if again := s.fault(fmt.Errorf("mark: %w", err)); !errors.Is(again, tt.fault) || strings.Count(again.Error(), "database /data") != 1 {
				t.Fatalf("classified twice: %v", again)
			}
		})
	}
}
