//go:build unix

package config

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckCommandSource(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) string
		want  string // "" for allowed
	}{
		{"own file", func(t *testing.T, dir string) string {
			return writeFileMode(t, filepath.Join(dir, "tidings.db"), "x", 0o600)
		}, ""},
		{"writable by others", func(t *testing.T, dir string) string {
			return writeFileMode(t, filepath.Join(dir, "tidings.db"), "x", 0o666)
		}, "writable by other users"},
		{"journal writable by others", func(t *testing.T, dir string) string {
			writeFileMode(t, filepath.Join(dir, "tidings.db-wal"), "x", 0o662)
			return writeFileMode(t, filepath.Join(dir, "tidings.db"), "x", 0o600)
		}, "writable by other users"},
		{"folder writable by others", func(t *testing.T, dir string) string {
			sub := mkdir(t, filepath.Join(dir, "open-to-all"), 0o777)
			return writeFileMode(t, filepath.Join(sub, "tidings.db"), "x", 0o600)
		}, "writable by other users"},
		{"another user's", func(t *testing.T, dir string) string {
			p := writeFileMode(t, filepath.Join(dir, "tidings.db"), "x", 0o600)
			giveAway(t, p)
			return p
		}, "is owned by"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.setup(t, t.TempDir())
			err := CheckCommandSource(path)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "will not run commands from "+path+": ") {
				t.Fatalf("CheckCommandSource = %v, want a refusal with %q", err, tt.want)
			}
		})
	}
	if err := CheckCommandSource(filepath.Join(t.TempDir(), "missing.db")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing database: %v", err)
	}
}
