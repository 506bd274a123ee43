package cli

import (
	"testing"
)

// TestTUIMoveCompletesFolders: in M, typing the start of a folder lists
// the folders it matches under the field; tab completes, then cycles;
// enter moves the feed there.
func TestTUIMoveCompletesFolders(t *testing.T) {
	t.Parallel()
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	srv.setFile(t, "/orbital.xml", "atom10.xml")
	u := newUser(t)
	u.add(srv.URL+"/gopher.xml", "--folder", "Tech/Go")
	u.add(srv.URL+"/orbital.xml", "--folder", "Tech/Rust")
	u.ok("sync")

	tt := startTUI(t, u, 120, 40)
	tt.waitFor("Orbital Log")
	tt.waitFor("quit (tree)")
	tt.keys("G") // Orbital Log, the last row
	tt.keys("M")
	tt.waitFor("Move Orbital Log")
	tt.keys("C-u")
	tt.text("T")
	tt.waitFor("tab complete")
	tt.keys("Tab")
	tt.waitFor("Tech/Go")
	tt.keys("Tab")
	tt.waitFor("› Tech/Go")
	tt.keys("Enter")
	tt.waitFor("moved Orbital Log to Tech/Go")
	for _, f := range u.feeds() {
		if f["title"] == "Orbital Log" && f["folder"] != "Tech/Go" {
			t.Errorf("Orbital Log is in %v, want Tech/Go", f["folder"])
		}
	}
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
}
