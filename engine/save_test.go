package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/store"
)

// An article saved three times takes three names and never overwrites;
// the file holds exactly its Markdown; a title with separators and
// controls is made safe; an untitled item is article-ID.
func TestSaveArticle(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Downloads") // created on the first save
	it := store.Item{ID: 7, Title: "ETags / why\x1b[2J they matter", FeedTitle: "Gopher Notes", Author: "Ann",
		Link: "https://gopher.test/etags", Date: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
	body := `<p>Send the <a href="https://example.com/etag">ETag</a> back.</p>`
	want := "# ETags / why\\[2J they matter\n\n- Feed: Gopher Notes\n- Author: Ann\n- Date: 2026-03-10 12:00 UTC\n" +
		"- Link: [https://gopher.test/etags](https://gopher.test/etags)\n\nSend the [ETag](https://example.com/etag) back.\n"
	var paths []string
	for range 3 {
		p, err := SaveArticle(it, body, dir, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for i, name := range []string{"ETags  why[2J they matter.md", "ETags  why[2J they matter-1.md", "ETags  why[2J they matter-2.md"} {
		if paths[i] != filepath.Join(dir, name) {
			t.Errorf("save %d wrote %q, want %q", i+1, paths[i], name)
		}
		if b, err := os.ReadFile(paths[i]); err != nil || string(b) != want {
			t.Errorf("save %d wrote %q (%v), want %q", i+1, b, err, want)
		}
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the folder: %v %v", fi, err)
	}
	p, err := SaveArticle(store.Item{ID: 9, Date: it.Date}, "<p>x</p>", dir, time.UTC)
	if err != nil || filepath.Base(p) != "article-9.md" {
		t.Errorf("untitled: %q %v", p, err)
	}
}

// A folder other users may write is refused, and nothing is written.
func TestSaveArticleRefusesAnUnsafeFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "open-to-all")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	_, err := SaveArticle(store.Item{ID: 1, Title: "x"}, "<p>x</p>", dir, time.UTC)
	if err == nil || !strings.Contains(err.Error(), "will not write into") || !strings.Contains(err.Error(), "chmod go-w") {
		t.Fatalf("err = %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("wrote %v", entries)
	}
}
