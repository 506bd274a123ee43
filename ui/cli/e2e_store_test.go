package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bigFeed is an RSS 2.0 feed of n dated items, item 0 the newest.
func bigFeed(n int, titleOf func(i int) string) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>http://big.example/</link>`)
	base := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>%s</title><guid>urn:big:%d</guid><pubDate>%s</pubDate><description>Body %d</description></item>`,
			titleOf(i), i, base.Add(-time.Duration(i)*time.Hour).Format(time.RFC1123Z), i)
	}
	b.WriteString(`</channel></rss>`)
	return b.Bytes()
}

func TestFeedOf250ItemsKeepsTheNewest200(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.set("/big", bigFeed(250, func(i int) string { return fmt.Sprint("Item ", i) }))
	id := u.add(srv.URL + "/big")
	u.ok("sync", "--feed", id)
	items := u.items("--feed", id)
	if len(items) != 200 {
		t.Fatalf("%d items kept, want 200", len(items))
	}
	if items[0]["title"] != "Item 0" || items[199]["title"] != "Item 199" {
		t.Fatalf("kept %v … %v, want Item 0 … Item 199", items[0]["title"], items[199]["title"])
	}
	// A lower limit applies at the next successful download.
	u.ok("set", id, "max-items=50")
	u.ok("sync", "--feed", id)
	if got := len(u.items("--feed", id)); got != 50 {
		t.Fatalf("%d items after max-items=50 and a sync, want 50", got)
	}
}

func TestSecondDownloadChangingOneItemKeepsReadState(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.set("/f", bigFeed(3, func(i int) string { return fmt.Sprint("Item ", i) }))
	id := u.add(srv.URL + "/f")
	u.ok("sync", "--feed", id)
	items := u.items("--feed", id)
	var ids []string
	for _, it := range items {
		ids = append(ids, fmt.Sprint(it["id"]))
	}
	u.ok(append([]string{"mark", "read"}, ids...)...)
	u.ok("mark", "flag", ids[1])

	srv.set("/f", bigFeed(3, func(i int) string {
		if i == 1 {
			return "Item 1, corrected"
		}
		return fmt.Sprint("Item ", i)
	}))
	u.ok("sync", "--feed", id)
	items = u.items("--feed", id)
	if len(items) != 3 {
		t.Fatalf("%d items, want 3", len(items))
	}
	changed := byTitle(t, items, "Item 1, corrected")
	if changed["read"] != true || changed["flagged"] != true || fmt.Sprint(changed["id"]) != ids[1] {
		t.Fatalf("changed item = %v, want the same id, still read and flagged", changed)
	}
	if f := u.feeds()[0]; fmt.Sprint(f["unread_count"]) != "0" {
		t.Fatalf("unread_count = %v after an update, want 0", f["unread_count"])
	}
}

func TestOPMLImportThenExportGivesTheSameFeedsAndFolders(t *testing.T) {
	u := newUser(t)
	src := repoFile(t, "engine/opml/testdata/nested.opml")
	out := u.ok("import", src)
	if !strings.HasPrefix(out, "imported ") {
		t.Fatalf("import said %q", out)
	}
	before := u.feeds()
	exported := filepath.Join(u.home, "out.opml")
	u.ok("export", exported)

	// A second user imports the export: the same feeds in the same folders.
	v := newUser(t)
	v.ok("import", exported)
	after := v.feeds()
	if len(after) != len(before) || len(before) == 0 {
		t.Fatalf("%d feeds after the round trip, want %d", len(after), len(before))
	}
	key := func(f map[string]any) string {
		return fmt.Sprint(f["url"], "|", f["folder"], "|", f["title"], "|", f["sync"], "|", f["interval_minutes"],
			"|", f["max_items"], "|", f["download_enclosures"])
	}
	want := map[string]bool{}
	for _, f := range before {
		want[key(f)] = true
	}
	for _, f := range after {
		if !want[key(f)] {
			t.Errorf("after round trip: %s not in the original", key(f))
		}
	}
	// Exporting again gives the same document, empty folders included.
	again := filepath.Join(v.home, "again.opml")
	v.ok("export", again)
	a, _ := os.ReadFile(exported)
	b, _ := os.ReadFile(again)
	if stripDate(a) != stripDate(b) {
		t.Fatalf("second export differs:\n%s\n---\n%s", a, b)
	}
}

func stripDate(b []byte) string {
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.Contains(line, "<dateCreated>") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
