//go:build unix

package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// TestOpenCreatesTheDatabaseForTheUserAlone: a new database is 0600 (its
// -wal and -shm too), in a folder created 0700.
func TestOpenCreatesTheDatabaseForTheUserAlone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "tidings")
	path := filepath.Join(dir, "tidings.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.AddFeed(context.Background(), NewFeed{URL: weburl.MustParse("http://a.example/feed")}); err != nil {
		t.Fatal(err)
	}
	want := map[string]os.FileMode{dir: 0o700, filepath.Dir(dir): 0o700, path: 0o600, path + "-wal": 0o600, path + "-shm": 0o600}
	for p, mode := range want {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != mode {
			t.Errorf("%s: mode %04o, want %04o", p, got, mode)
		}
	}
}
