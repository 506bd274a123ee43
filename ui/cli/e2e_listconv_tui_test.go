package cli

import (
	"fmt"
	"strings"
	"testing"
)

// The list conveniences as a newsboat user reaches for them, in the real
// binary on a terminal: [ui] sort starts the lists by title and O cycles
// it; ctrl+g goes to a feed typed in one burst; c folds its folder, which
// the next reader finds folded; ctrl+k opens the one unread item left.
func TestTUIListConveniencesInTmux(t *testing.T) {
	t.Parallel() // its own user, servers and processes
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	srv.setFile(t, "/orbital.xml", "atom10.xml")
	u := newUser(t)
	u.add(srv.URL+"/gopher.xml", "--folder", "Tech")
	u.add(srv.URL+"/orbital.xml", "--folder", "Space")
	u.ok("sync")
	u.ok("mark", "read", "--feed", srv.URL+"/gopher.xml")
	u.ok("mark", "read", "--feed", srv.URL+"/orbital.xml")
	for _, it := range u.items() {
		if it["title"] == "Weather scrub" {
			u.ok("mark", "unread", fmt.Sprint(it["id"]))
		}
	}
	if n := len(u.items("--unread")); n != 1 {
		t.Fatalf("%d unread items, want 1", n)
	}
	u.writeConfig("[ui]\nsort = \"title\"\n")

	tt := startTUI(t, u, 120, 40)
	tt.waitFor("All items · by title")
	tt.keys("O")
	tt.waitFor("All items · by feed")

	tt.keys("C-g")
	tt.waitFor("go to feed:")
	tt.text("orbit")
	tt.waitFor("go to feed: orbit")
	tt.keys("Enter")
	tt.waitFor("Orbital Log · by feed")

	tt.keys("Escape") // back to the tree, on Orbital Log
	tt.waitFor("quit (tree)")
	tt.keys("c")
	tt.waitFor("+ Space/")
	if s := tt.screen(); strings.Contains(s, "  Orbital Log") {
		t.Errorf("Space folded still shows its feed:\n%s", s)
	}

	tt.keys("C-k")
	tt.waitFor("o open link") // the reader, on the item
	waitCount(t, func() int { return len(u.items("--unread")) }, 0)
	if s := tt.screen(); !strings.Contains(s, "Weather scrub") || !strings.Contains(s, "Orbital Log") {
		t.Errorf("ctrl+k does not show the unread item in its feed:\n%s", s)
	}
	tt.keys("Escape") // one at a time: two ESCs together read as alt+esc
	tt.waitFor("N toggle read")
	tt.keys("Escape")
	tt.waitFor("quit (tree)")
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}

	tt = startTUI(t, u, 120, 40) // the next reader: Space is still folded
	tt.waitFor("+ Space/")
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
}
