package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// A database opened read-only is read, and every change fails with
// ErrReadOnly, leaving it as it was.
func TestOpenReadOnlyReadsAndRefusesChanges(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddFeed(ctx, NewFeed{URL: weburl.MustParse("http://127.0.0.1:9/a.xml")}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	feeds, err := ro.Feeds(ctx)
	if err != nil || len(feeds) != 1 {
		t.Fatalf("Feeds = %d, %v", len(feeds), err)
	}
	_, err = ro.AddFeed(ctx, NewFeed{URL: weburl.MustParse("http://127.0.0.1:9/b.xml")})
	if !errors.Is(err, ErrReadOnly) {
		t.Errorf("AddFeed on a read-only store: %v, want ErrReadOnly", err)
	}
	if _, err := OpenReadOnly(ctx, filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Error("OpenReadOnly created a missing database")
	}
}
