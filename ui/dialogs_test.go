package ui

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/store"
)

// Defect 7: the subscribe dialog closed on failure and lost the URL.
func TestSubscribeDialogStaysOpenOnFailure(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "one")
	eng := newEngine(f.st)
	h := newHarness(t, f.st, 100, 30, withEngine(eng))
	for _, tc := range []struct{ name, url, want string }{
		{"404", fh.URL + "/missing.xml", "404"},
		{"not a feed", fh.URL + "/page", "feed"},
		{"refused", "http://127.0.0.1:9/feed.xml", "refused"},
		{"duplicate", "http://127.0.0.1:9/wire.xml", "already"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			switch tc.name {
			case "404":
				fh.fail(http.StatusNotFound)
			case "not a feed":
				fh.fail(0)
				fh.serve("<html><body>just a page</body></html>")
			}
			h.keys("a")
			h.typeText(tc.url)
			h.keys("enter")
			h.waitFor("the answer", func() bool {
				fm, ok := h.m.dialog.(*form)
				return ok && fm.err != ""
			})
			fm := h.m.dialog.(*form)
			if got := fm.fields[0].value(); got != tc.url {
				t.Errorf("the URL typed is gone: %q", got)
			}
			if !strings.Contains(strings.ToLower(fm.err), tc.want) {
				t.Errorf("error %q lacks %q", fm.err, tc.want)
			}
			h.keys("esc")
		})
	}
	fh.serve("")
	h.keys("a")
	h.typeText(fh.URL + "/good.xml")
	h.keys("enter")
	h.waitFor("subscribed", func() bool { return h.m.dialog == nil && strings.Contains(h.m.status.message, "subscribed") })
}

// Defect 11: OPML import replaced the outline's titles with the feeds'
// own, and imported feeds stayed empty until the next tick.
func TestImportedFeedsKeepTheirTitleAndDownloadAtOnce(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "first")
	eng := newEngine(f.st)
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	doc := &opml.Document{Root: opml.Folder{Folders: []opml.Folder{{Name: "Imported",
		Feeds: []opml.Feed{{URL: fh.URL + "/rel.xml", Title: "Relative URI"}}}}}}
	shell := newEngine(f.otherProcess(t)) // tidings import, run in a shell
	if _, err := shell.ImportOPML(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	imported, err := f.st.ResolveFeed(context.Background(), fh.URL+"/rel.xml")
	if err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	h.waitFor("downloaded without waiting for the tick", func() bool {
		fd := h.m.tree.feedByID(imported.ID)
		return fd != nil && fd.ItemCount == 1
	})
	fd := h.m.tree.feedByID(imported.ID)
	if fd.Title != "Relative URI" {
		t.Errorf("the download renamed it %q", fd.Title)
	}
	h.selectNode("Relative URI")
	h.keys("E")
	if v := h.view(); strings.Contains(v, "(the feed's own)") && !strings.Contains(v, "Relative URI") {
		t.Errorf("settings call the user's title the feed's own:\n%s", v)
	}
	if got := h.m.dialog.(*form).fields[0].value(); got != "Relative URI" {
		t.Errorf("the title field holds %q", got)
	}
}

// Defect 13: A on All items marked everything read without asking, with
// no undo; N in the Unread view removed the item at once.
func TestMarkAllAsksAndUndoes(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.keys("A")
	if _, ok := h.m.dialog.(*confirm); !ok || !strings.Contains(h.view(), "Mark 6 items read in All items?") {
		t.Fatalf("A on All items asks nothing:\n%s", h.view())
	}
	h.keys("n")
	if unread(t, f.st, f.gopher) != 3 {
		t.Fatal("answering no marked items")
	}
	h.keys("A", "y")
	h.waitFor("marked", func() bool { return unread(t, f.st, f.gopher) == 0 && unread(t, f.st, f.wire) == 0 })
	if !strings.Contains(h.m.status.message, "6 items marked read in All items — u undoes") {
		t.Errorf("status %q", h.m.status.message)
	}
	h.keys("u")
	h.waitFor("undone", func() bool { return unread(t, f.st, f.gopher) == 3 && unread(t, f.st, f.wire) == 2 })
	h.keys("u")
	if !strings.Contains(h.m.status.message, "nothing to undo") {
		t.Errorf("a second u: %q", h.m.status.message)
	}
	h.selectNode("Daily Wire") // one feed: no question
	h.keys("A")
	if h.m.dialog != nil {
		t.Errorf("A on a feed asks")
	}
	h.waitFor("feed marked", func() bool { return unread(t, f.st, f.wire) == 0 })
}

func TestUnreadViewKeepsWhatWasReadThere(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Unread")
	h.keys("tab", "N")
	first := h.m.items.rows[0]
	h.waitFor("read", func() bool { return itemByTitle(t, f.st, first.Title).Read })
	h.waitFor("counts", func() bool { return h.m.tree.at(1).unread == 5 })
	if len(h.m.items.rows) != 6 || h.m.items.rows[0].ID != first.ID || !h.m.items.rows[0].Read {
		t.Fatalf("N removed the item from the Unread view: %d rows", len(h.m.items.rows))
	}
	h.keys("N") // the slip undone where it happened
	h.waitFor("unread again", func() bool { return !itemByTitle(t, f.st, first.Title).Read })
	h.keys("esc")
	h.selectNode("All items")
	h.selectNode("Unread")
	if len(h.m.items.rows) != 6 {
		t.Errorf("%d rows", len(h.m.items.rows))
	}
}

// Defect 14: small wording.
func TestWording(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	addFeed(t, f.st, "http://127.0.0.1:9/notitle.xml", "", "Untitled Co", []document.Item{
		{GUID: "u1", Content: "<p>Our <b>quarterly</b> numbers are in, and they are good.</p>", Published: day(0)}})
	items, _ := f.st.Items(ctx, store.ItemQuery{FeedID: f.wire})
	f.st.SetFlagged(ctx, []int64{items[0].ID}, true)
	h := newHarness(t, f.st, 160, 45)
	t.Run("no ←/→ without a choice", func(t *testing.T) {
		h.selectNode("News")
		h.keys("E")
		if v := h.view(); !strings.Contains(v, "Rename folder") || strings.Contains(v, "←/→") || strings.Contains(v, "tab next field") {
			t.Errorf("rename dialog (one text field):\n%s", v)
		}
		h.keys("esc")
		h.keys("/") // the search dialog's As is a choice (words or an expression)
		if !strings.Contains(h.view(), "←/→ change") {
			t.Errorf("search dialog lacks ←/→:\n%s", h.view())
		}
		h.keys("esc")
		h.selectNode("Daily Wire")
		h.keys("E")
		if !strings.Contains(h.view(), "←/→ change") {
			t.Errorf("settings dialog lacks ←/→")
		}
		h.keys("esc")
	})
	t.Run("o on the tree", func(t *testing.T) {
		h.selectNode("Daily Wire")
		h.keys("o")
		if len(h.opened) != 1 || h.opened[0] != "http://127.0.0.1:9/" {
			t.Errorf("o on a feed opened %v", h.opened)
		}
		h.selectNode("Tech")
		h.keys("o")
		if strings.Contains(h.m.status.message, "item has no link") || !strings.Contains(h.m.status.message, "select one") {
			t.Errorf("o on a folder: %q", h.m.status.message)
		}
	})
	t.Run("r on Flagged", func(t *testing.T) {
		h.selectNode("Flagged")
		h.keys("r")
		if !strings.Contains(h.m.status.message, "r refreshes a feed or a folder") || h.m.status.refresh.total != 0 {
			t.Errorf("r on Flagged: %q (refreshing %d)", h.m.status.message, h.m.status.refresh.total)
		}
	})
	t.Run("Flagged has a count", func(t *testing.T) {
		if !strings.Contains(h.view(), "Flagged                      1") {
			t.Errorf("tree:\n%s", h.view())
		}
	})
	t.Run("untitled items show their first words", func(t *testing.T) {
		h.selectNode("Untitled Co")
		if !strings.Contains(h.view(), "Our quarterly numbers are in, and they are good.") || strings.Contains(h.view(), "(untitled)") {
			t.Errorf("list:\n%s", h.view())
		}
	})
}

// Defect 3: the help at 70×24 cut its third column to …; every key must
// be reachable, whole.
func TestHelpShowsEveryKeyAtEverySize(t *testing.T) {
	for _, sz := range [][2]int{{160, 45}, {100, 30}, {70, 24}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			f := newFixture(t)
			h := newHarness(t, f.st, sz[0], sz[1])
			h.keys("?")
			seen := ""
			for range 20 {
				seen += h.view()
				h.keys("pgdown")
			}
			for _, sec := range DefaultKeyMap().Sections() {
				for _, b := range sec.keys {
					if line := b.Help().Key + "  "; !strings.Contains(seen, b.Help().Desc) || !strings.Contains(seen, strings.TrimSpace(line)) {
						t.Errorf("help never shows %q %q", b.Help().Key, b.Help().Desc)
					}
				}
			}
			for _, l := range helpLegend {
				if !strings.Contains(seen, l[1]) {
					t.Errorf("help never explains %s", l[0])
				}
			}
			if strings.Contains(ansi.Strip(strings.Join(helpLines(h.m.styles, DefaultKeyMap().Sections(), sz[0]-8), "\n")), "…") {
				t.Errorf("help cuts text")
			}
		})
	}
}
