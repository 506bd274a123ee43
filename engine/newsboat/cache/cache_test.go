package cache

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// fixtureCache copies testdata/newsboat/cache.db — made by the real
// newsboat 2.21, see make-cache.sh there — into a temporary folder.
func fixtureCache(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "newsboat", "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cache.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func openFixture(t *testing.T) (*Cache, string) {
	t.Helper()
	path := fixtureCache(t)
	c, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, path
}

func TestCacheReadsFeedsItemsAndStates(t *testing.T) {
	c, _ := openFixture(t)
	ctx := context.Background()
	feeds, err := c.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wantFeeds := []Feed{
		{URL: "http://127.0.0.1:18313/alpha.xml", SiteURL: "http://127.0.0.1:18313/alpha/", Title: "Alpha News"},
		{URL: "http://127.0.0.1:18313/beta.atom", SiteURL: "http://127.0.0.1:18313/beta.atom", Title: "Beta Log"},
		{URL: "http://127.0.0.1:18313/gamma.xml", SiteURL: "http://127.0.0.1:18313/gamma/", Title: "Gamma"},
	}
	if !reflect.DeepEqual(feeds, wantFeeds) {
		t.Fatalf("Feeds =\n%+v\nwant\n%+v", feeds, wantFeeds)
	}
	type state struct {
		title           string
		unread, flagged bool
	}
	tests := []struct {
		feed string
		want []state
	}{
		{feeds[0].URL, []state{{"Alpha three", true, true}, {"Alpha two", true, false}, {"Alpha one", false, false}}},
		{feeds[1].URL, []state{{"Beta three", false, false}, {"Beta two", false, false}, {"Beta one", false, false}}},
		{feeds[2].URL, []state{{"Gamma note", true, false}}}, // "Gamma only" was deleted in newsboat
	}
	for _, tt := range tests {
		t.Run(tt.feed, func(t *testing.T) {
			items, err := c.Items(ctx, tt.feed)
			if err != nil {
				t.Fatal(err)
			}
			var got []state
			for _, it := range items {
				got = append(got, state{it.Title, it.Unread, it.Flagged()})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("items = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestCacheIsOpenedReadOnly(t *testing.T) {
	c, path := openFixture(t)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.db.ExecContext(ctx, `UPDATE rss_item SET unread = 0`); err == nil {
		t.Error("a write to the newsboat cache succeeded")
	}
	feeds, _ := c.Feeds(ctx)
	for _, f := range feeds {
		if _, err := c.Items(ctx, f.URL); err != nil {
			t.Fatal(err)
		}
	}
	c.Close()
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("reading the cache changed the file")
	}
}

func TestOpenCacheRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "urls")
	if err := os.WriteFile(text, []byte("https://a.example/feed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE rss_feed (rssurl TEXT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	tests := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "none.db"), "no such file"},
		{"a text file", text, "is not a newsboat 2.x cache.db: file is not a database"},
		{"another program's database", other, "is not a newsboat 2.x cache.db"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Open(context.Background(), tt.path)
			if err == nil {
				c.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error = %q, want one line with %q", err, tt.want)
			}
		})
	}
}

func TestDocItemDropsTheGUIDsNewsboatMadeUp(t *testing.T) {
	pub := time.Date(2006, 1, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		it   Item
		want string
	}{
		{"the feed's guid", Item{GUID: "alpha-1", Link: "http://x/1", Title: "A"}, "alpha-1"},
		{"a guid equal to the link", Item{GUID: "http://x/3", Link: "http://x/3", Title: "C"}, "http://x/3"},
		{"link and RSS date", Item{GUID: "http://x/2Tue, 03 Jan 2006 10:00:00 GMT", Link: "http://x/2"}, ""},
		{"link and Atom date", Item{GUID: "http://x/22006-01-03T10:00:00Z", Link: "http://x/2"}, ""},
		{"a guid that extends the link's path", Item{GUID: "http://x/2/comments-1", Link: "http://x/2"}, "http://x/2/comments-1"},
		{"the title, without link", Item{GUID: "Gamma note", Title: "Gamma note"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.it.Published = pub
			d := tt.it.DocItem()
			if d.GUID != tt.want {
				t.Errorf("GUID = %q, want %q", d.GUID, tt.want)
			}
			if d.Published == nil || !d.Published.Equal(pub) {
				t.Errorf("Published = %v", d.Published)
			}
		})
	}
	enc := Item{GUID: "g", EnclosureURL: "http://x/a.mp3", EnclosureType: "audio/mpeg"}.DocItem()
	if want := []document.Enclosure{{URL: "http://x/a.mp3", Type: "audio/mpeg"}}; !reflect.DeepEqual(enc.Enclosures, want) {
		t.Errorf("Enclosures = %+v, want %+v", enc.Enclosures, want)
	}
}
