package cli

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Under tmux, y leaves the link in a tmux buffer and says so (the OSC 52
// sequence used before was dropped by tmux's default settings).
func TestTUICopyGoesToTheTmuxBuffer(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	u := newUser(t)
	u.add(srv.URL + "/gopher.xml")
	u.ok("sync")
	var link string
	var downs []string
	for _, it := range u.items() { // All items lists them in this order
		if link = it["link"].(string); link != "" {
			break
		}
		downs = append(downs, "j")
	}

	tt := startTUI(t, u, 120, 40)
	tt.waitFor("quit (tree)")
	tt.keys("Tab")
	tt.waitFor("N toggle read")
	tt.keys(downs...)
	tt.keys("Enter")
	tt.waitFor("o open link")
	tt.keys("y")
	tt.waitFor("copied to tmux buffer")
	if got := tt.tmux("show-buffer"); got != link {
		t.Errorf("tmux show-buffer printed %q, want %q", got, link)
	}
	tt.keys("q", "q", "q")
	tt.waitExit()
}

// sgrParam matches an SGR sequence with attribute n among its parameters.
func sgrParam(n string) *regexp.Regexp {
	return regexp.MustCompile(`\x1b\[(?:[0-9]+;)*` + n + `(?:;[0-9]+)*m`)
}

// With NO_COLOR=1 the selected row and the focused pane stay visible
// (reverse, bold, underline) and no colour is drawn.
func TestTUINoColorKeepsTheSelectionVisible(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	u := newUser(t)
	u.add(srv.URL + "/gopher.xml")
	u.ok("sync")

	tt := startTUI(t, u, 120, 40, "NO_COLOR=1")
	tt.waitFor("quit (tree)")
	tt.keys("Tab")
	tt.waitFor("N toggle read")
	screen := tt.styledScreen()
	colour := regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]+)*m`)
	if c := colour.FindString(screen); c != "" {
		t.Errorf("NO_COLOR screen draws a colour: %q", c)
	}
	for name, n := range map[string]string{"reverse": "7", "bold": "1", "underline": "4"} {
		if !sgrParam(n).MatchString(screen) {
			t.Errorf("NO_COLOR screen has no %s:\n%q", name, screen)
		}
	}
	selected := false
	for _, l := range strings.Split(screen, "\n") {
		if i := strings.Index(l, "\x1b[7m"); i >= 0 && strings.Contains(ansi.Strip(l[i:]), "•") {
			selected = true
		}
		if m := sgrParam("7").FindStringIndex(l); m != nil && strings.Contains(ansi.Strip(l[m[0]:]), "•") {
			selected = true
		}
	}
	if !selected {
		t.Errorf("no item row is in reverse video:\n%q", screen)
	}
	tt.keys("q", "q")
	tt.waitExit()
}

// Defect 8: a row after a wide-character title shifted three columns in
// tidings feeds.
func TestFeedsTableAlignsWideCharacters(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFile(t, "/a.xml", "rss20.xml")
	srv.setFile(t, "/b.xml", "atom10.xml")
	u := newUser(t)
	u.add(srv.URL+"/a.xml", "--title", "Ünïcode 世界 🌍 Feed")
	u.add(srv.URL+"/b.xml", "--title", "Plain")
	out := u.ok("feeds")
	var cols []int
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		i := strings.Index(l, "URL")
		if i < 0 {
			i = strings.Index(l, srv.URL)
		}
		cols = append(cols, ansi.StringWidth(l[:i]))
	}
	if len(cols) != 3 || cols[1] != cols[0] || cols[2] != cols[0] {
		t.Errorf("the URL column starts at cells %v:\n%s", cols, out)
	}
}

// Defect 11: import says when the new feeds download.
func TestImportSaysWhenTheFeedsDownload(t *testing.T) {
	u := newUser(t)
	out := u.ok("import", repoFile(t, "engine/opml/testdata/nested.opml"))
	if !strings.Contains(out, "tidings sync") {
		t.Errorf("import said %q", out)
	}
}
