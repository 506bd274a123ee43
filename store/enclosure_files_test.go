package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// An upgraded database adopts the partial files of the convention it was
// written under (the file's name plus ".part"), except a name that is
// another enclosure's finished file: removing that item must not delete it.
func TestUpgradeAdoptsPartialFilesThatAreNobodyElses(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldDatabase(t, path, func(name string) bool { return strings.HasSuffix(name, "_enclosure_files.sql") },
		`INSERT INTO feeds (url, title, created_at) VALUES ('http://old.example/feed', 'Old', 0)`,
		`INSERT INTO feed_sync (feed_id) VALUES (1)`,
		`INSERT INTO items (feed_id, item_key, title, content, first_seen_at, sort_at) VALUES (1, 'g:1', 'one', '', 0, 0)`,
		`INSERT INTO enclosures (item_id, url, status, path) VALUES (1, 'http://old.example/a.mp3', 'failed', '/enc/1/a.mp3')`,
		`INSERT INTO enclosures (item_id, url, status, path) VALUES (1, 'http://old.example/a.mp3.part', 'downloaded', '/enc/1/a.mp3.part')`,
		`INSERT INTO enclosures (item_id, url, status, path) VALUES (1, 'http://old.example/c.mp3', 'queued', '/enc/1/c.mp3')`,
		`INSERT INTO enclosures (item_id, url, status, path) VALUES (1, 'http://old.example/d.mp3', 'downloaded', '/enc/1/d.mp3')`,
	)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open old database: %v", err)
	}
	defer s.Close()
	jobs, err := s.EnclosureJobs(ctx, EnclosureQuery{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"http://old.example/a.mp3":      "",                  // its legacy partial name is a.mp3.part's file
		"http://old.example/a.mp3.part": "",                  // finished
		"http://old.example/c.mp3":      "/enc/1/c.mp3.part", // adopted
		"http://old.example/d.mp3":      "",                  // finished
	}
	for _, j := range jobs {
		if j.PartPath != want[j.URL] {
			t.Errorf("%s: partial file %q, want %q", j.URL, j.PartPath, want[j.URL])
		}
	}
}
