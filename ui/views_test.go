package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// Missing: folders renamed, moved and removed from the reader, feeds
// moved between folders; A, r and w act on a folder's subtree.
func TestFolderKeys(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	h := newHarness(t, f.st, 160, 45)
	feedFolder := func(id int64) string {
		fd, err := f.st.Feed(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return fd.FolderPath
	}
	h.selectNode("Go")
	h.keys("E")
	h.keys("ctrl+u") // clear the name (textinput: delete before the cursor)
	h.typeText("Golang")
	h.keys("enter")
	h.waitFor("renamed", func() bool { return feedFolder(f.gopher) == "Tech/Golang" })

	h.selectNode("Golang")
	h.keys("M", "ctrl+u")
	h.typeText("Reading")
	h.keys("enter")
	h.waitFor("folder moved", func() bool { return feedFolder(f.gopher) == "Reading/Golang" })

	h.selectNode("Daily Wire")
	h.keys("M", "ctrl+u")
	h.typeText("Reading/Wire")
	h.keys("enter")
	h.waitFor("feed moved", func() bool { return feedFolder(f.wire) == "Reading/Wire" })

	h.selectNode("Reading")
	h.keys("w")
	h.waitFor("subtree watched", func() bool {
		a, _ := f.st.Feed(ctx, f.gopher)
		b, _ := f.st.Feed(ctx, f.wire)
		return a.Watch && b.Watch
	})
	h.keys("A")
	if !strings.Contains(h.view(), "Mark 5 items read in Reading?") {
		t.Fatalf("A on a folder:\n%s", h.view())
	}
	h.keys("y")
	h.waitFor("subtree read", func() bool { return unread(t, f.st, f.gopher)+unread(t, f.st, f.wire) == 0 })

	h.keys("d")
	if c, ok := h.m.dialog.(*confirm); !ok || c.question != "Remove folder Reading? Its 2 feeds and sub-folders move to the top level; nothing is unsubscribed." {
		t.Fatalf("d on a folder:\n%s", h.view())
	}
	h.keys("y")
	h.waitFor("removed", func() bool { return feedFolder(f.wire) == "Wire" && feedFolder(f.gopher) == "Golang" })

	h.selectNode("Wire")
	h.keys("E", "ctrl+u")
	h.typeText("News") // the folder Daily Wire left, empty now
	h.keys("enter")
	fm, ok := h.m.dialog.(*form)
	if ok {
		t.Fatalf("the form stayed open: %q", fm.err)
	}
	h.waitFor("refused", func() bool { return h.m.status.isError })
	if !strings.Contains(h.m.status.message, "exists") {
		t.Errorf("renaming onto an existing folder: %q", h.m.status.message)
	}
	if feedFolder(f.wire) != "Wire" {
		t.Errorf("a refused rename moved the feed")
	}
}

// Missing: the feed-health view shows, in one place, what the store knows
// of a feed's downloads and when (and why) it is downloaded next.
func TestFeedHealthView(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Broken Feed")
	h.keys("i")
	h.waitFor("health", func() bool { return h.m.dialog != nil })
	if p := h.m.dialog.(*pager); p.title != "Feed health — Broken Feed" {
		t.Errorf("title %q", p.title)
	}
	view := strings.Join(h.m.dialog.(*pager).lines(200), "\n")
	for _, want := range []string{"http://127.0.0.1:9/broken.xml",
		"Last attempt", "503 Service Unavailable", "Next download", "back-off after 1 failure",
		"Validators", "none held", "Last error", "fetch http://127.0.0.1:9/broken.xml: 503 Service Unavailable (1 failure in a row)",
		"Traffic"} {
		if !strings.Contains(strings.Join(strings.Fields(view), " "), want) {
			t.Errorf("health lacks %q:\n%s", want, view)
		}
	}
	h.keys("i")
	if h.m.dialog != nil {
		t.Errorf("i does not close it")
	}
	h.selectNode("Tech")
	h.keys("i")
	if !h.m.status.isError {
		t.Errorf("i on a folder: %q", h.m.status.message)
	}
}

// Missing: a list feed offers its cf:listinfo sorts and groups.
func TestListFeedOrders(t *testing.T) {
	f := newFixture(t)
	price := document.ListSort{Label: "Price", NS: "urn:shop", Element: "price", DataType: document.ListNumber}
	genre := document.ListGroup{Label: "Genre", NS: "urn:shop", Element: "genre"}
	item := func(guid, p, g string) document.Item {
		return document.Item{GUID: guid, Title: "Book " + guid, ListValues: map[string]string{price.Key(): p, genre.Key(): g}}
	}
	id, err := f.st.AddFeed(context.Background(), store.NewFeed{URL: weburl.MustParse("http://127.0.0.1:9/wish.xml")})
	if err != nil {
		t.Fatal(err)
	}
	doc := &document.Document{Title: "Wish list", IsList: true,
		ListInfo: &document.ListInfo{Sorts: []document.ListSort{{Label: "Relevance", Default: true}, price}, Groups: []document.ListGroup{genre}},
		Items:    []document.Item{item("a", "30", "Poetry"), item("b", "10", "Novel"), item("c", "20", "Poetry")}}
	if _, err := f.st.RecordDownload(context.Background(), id, store.Download{At: testNow, Status: 200,
		NextSyncAt: testNow.Add(time.Hour), Document: doc}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("O")
	if !strings.Contains(h.m.items.View(), "Daily Wire · oldest first") {
		t.Errorf("O on a feed that is no list does not sort it oldest first:\n%s", h.m.items.View())
	}
	h.selectNode("Wish list")
	h.keys("O")
	h.waitFor("dialog", func() bool { return h.m.dialog != nil })
	if v := h.view(); !strings.Contains(v, "Relevance") || !strings.Contains(v, "Price") || !strings.Contains(v, "Genre") {
		t.Fatalf("the dialog:\n%s", v)
	}
	titles := func() string {
		var out []string
		for _, it := range h.m.items.rows {
			out = append(out, strings.TrimPrefix(it.Title, "Book "))
		}
		return strings.Join(out, "")
	}
	h.keys("right", "down", "right", "enter") // Price, descending
	h.waitFor("sorted", func() bool { return titles() == "acb" })
	h.keys("O")
	h.waitFor("dialog", func() bool { return h.m.dialog != nil })
	h.keys("down", "left", "down", "right", "enter") // ascending, grouped by Genre
	h.waitFor("grouped", func() bool { return titles() == "bca" })
	if !strings.Contains(h.view(), "Novel") || !strings.Contains(h.m.items.title, "grouped by Genre") {
		t.Errorf("the group is not shown:\n%s", h.view())
	}
	h.selectNode("Daily Wire")
	h.selectNode("Wish list")
	if titles() != "bca" {
		t.Errorf("the order is forgotten when the feed is selected again: %s", titles())
	}
}

// Missing: an empty database shows a welcome, which says how often feeds
// refresh by default and where that changes.
func TestWelcomeOnAnEmptyDatabase(t *testing.T) {
	st, err := store.Open(context.Background(), t.TempDir()+"/empty.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, sz := range [][2]int{{160, 45}, {100, 30}, {70, 24}} {
		h := newHarness(t, st, sz[0], sz[1], withOptions(func(o *Options) {
			o.ConfigPath, o.DBPath = "/home/u/.config/tidings/config.toml", "/home/u/.local/share/tidings/tidings.db"
		}))
		view := h.view()
		for _, want := range []string{"Welcome to tidings", "subscribe", "tidings import FILE.opml", "/home/u/.config/tidings/config.toml",
			"tidings.db", "every key",
			"Feeds refresh once a day by default", "default_interval", "tidings set FEED interval=N"} {
			if !strings.Contains(view, want) {
				t.Errorf("%v: the welcome lacks %q:\n%s", sz, want, view)
			}
		}
		if help := strings.Split(view, "\n")[sz[1]-1]; !strings.Contains(help, "a subscribe") || strings.Contains(help, "mark feed") {
			t.Errorf("%v: the help line under the welcome: %q", sz, help)
		}
		golden(t, fmt.Sprintf("welcome_%dx%d", sz[0], sz[1]), screen(h))
		h.keys("a")
		if _, ok := h.m.dialog.(*form); !ok {
			t.Errorf("a does not open the subscribe dialog over the welcome")
		}
	}
}

// Missing: toasts for watched feeds also when another process (a cron
// sync) brought the new items.
func TestToastForAnotherProcesssNewItems(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	h := newHarness(t, f.st, 160, 45)
	h.waitFor("sync log cursor", func() bool { return h.m.log.ready })
	h.selectNode("Daily Wire")
	h.keys("w")
	h.waitFor("watched", func() bool { fd, _ := f.st.Feed(ctx, f.wire); return fd.Watch })
	// another process downloads two new items into the watched feed, and
	// one into an unwatched one
	later := testNow.Add(time.Minute)
	for id, guids := range map[int64][]string{f.wire: {"w3", "w4"}, f.gopher: {"g9"}} {
		var items []document.Item
		for _, g := range guids {
			items = append(items, document.Item{GUID: g, Title: "new " + g, Published: &later})
		}
		if _, err := f.st.RecordDownload(ctx, id, store.Download{At: later, Status: 200, NextSyncAt: later.Add(time.Hour),
			Document: &document.Document{Title: map[int64]string{f.wire: "Daily Wire", f.gopher: "Gopher Notes"}[id], Items: items}}); err != nil {
			t.Fatal(err)
		}
	}
	h.send(pollMsg{})
	h.waitFor("toast", func() bool { return h.m.status.toast != "" })
	if h.m.status.toast != "2 new in Daily Wire" {
		t.Errorf("toast %q", h.m.status.toast)
	}
	h.m.status.toast = ""
	h.send(pollMsg{})
	if h.m.status.toast != "" {
		t.Errorf("the same download raised a second toast: %q", h.m.status.toast)
	}
}

// Defect 12: tables lost their columns.
func TestTablesKeepTheirColumns(t *testing.T) {
	st := NewStyles(NewRenderer(nil, true), true, config.Default())
	src := `<table><caption>Results</caption><thead><tr><th>Region</th><th>Votes</th><th>Share</th></tr></thead>
		<tbody><tr><td>North</td><td>12,345</td><td>51%</td></tr><tr><td>South <a href="https://x.test/s">details</a></td><td>9,876</td><td>49%</td></tr></tbody></table>`
	wide := ansi.Strip(strings.Join(renderHTML(src, 60, st, nil).lines, "\n"))
	for _, want := range []string{"Results", "Region           │ Votes  │ Share", "North            │ 12,345 │ 51%",
		"South details[1] │ 9,876  │ 49%", "[1] https://x.test/s"} {
		if !strings.Contains(wide, want) {
			t.Errorf("60 columns lack %q:\n%s", want, wide)
		}
	}
	narrow := ansi.Strip(strings.Join(renderHTML(src, 20, st, nil).lines, "\n"))
	for _, want := range []string{"Region: North", "Votes: 12,345", "Share: 49%"} {
		if !strings.Contains(narrow, want) {
			t.Errorf("20 columns lack %q:\n%s", want, narrow)
		}
	}
	if strings.Contains(narrow, "Region Votes Share") || strings.Contains(wide, "NorthSouth") {
		t.Errorf("cells run together")
	}
}

// Defect 8: a wide-character title shifted the statistics table's columns.
func TestStatsTableAlignsWideCharacters(t *testing.T) {
	st := NewStyles(NewRenderer(nil, true), true, config.Default())
	feeds := []store.Feed{{Title: "Ünïcode 世界 🌍 Feed", State: store.SyncState{Requests: 12, BytesReceived: 3000}},
		{Title: "Plain", State: store.SyncState{Requests: 7, BytesReceived: 1000}}}
	rows := 0
	for _, l := range statsLines(st, statsMsg{feeds: feeds}, 120) {
		l = ansi.Strip(l)
		name := strings.Fields(l + " x")[0]
		if name != "feed" && name != "Total" && name != "Ünïcode" && name != "Plain" {
			continue
		}
		rows++
		// " " + 28 cells of name + " " + 9 cells of requests: the column
		// ends 39 cells in, whatever the name's characters.
		head := ansi.Truncate(l, 39, "")
		if ansi.StringWidth(head) != 39 || !(strings.HasSuffix(head, "requests") || strings.HasSuffix(head, " 12") ||
			strings.HasSuffix(head, " 7") || strings.HasSuffix(head, " 19")) {
			t.Errorf("the requests column does not end at cell 39: %q", head)
		}
	}
	if rows != 4 {
		t.Errorf("%d table rows", rows)
	}
}

func TestRefreshHintWordsTheInterval(t *testing.T) {
	for minutes, want := range map[int]string{1440: "once a day", 2880: "every 2 days", 60: "every hour",
		180: "every 3 hours", 90: "every 90 minutes", 15: "every 15 minutes"} {
		if got := RefreshHint(minutes, "7"); !strings.HasPrefix(got, "Feeds refresh "+want+" by default: ") ||
			!strings.HasSuffix(got, "tidings set 7 interval=N (in minutes) changes one feed.") {
			t.Errorf("%d minutes: %q", minutes, got)
		}
	}
}
