//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigWritableByOtherUsersIsRefused(t *testing.T) {
	tests := []struct {
		mode    os.FileMode
		refused bool
	}{
		{0o600, false},
		{0o644, false},
		{0o664, true},
		{0o666, true},
		{0o602, true},
	}
	for _, tt := range tests {
		t.Run(tt.mode.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte("max_items = 100\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tt.mode); err != nil { // not subject to the umask
				t.Fatal(err)
			}
			c, err := Load(path)
			if !tt.refused {
				if err != nil || c.MaxItems != 100 {
					t.Fatalf("Load: %v, max_items %d", err, c.MaxItems)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "writable by other users") || !strings.Contains(err.Error(), path) {
				t.Fatalf("Load = %v, want a refusal naming the file", err)
			}
		})
	}
}
