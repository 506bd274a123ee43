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

// TestTUISubscribeToAPageOfSeveralFeeds: a in the reader on a page that
// announces two feeds lists them (title, kind, URL); esc subscribes to
// none; enter on the second subscribes to it.
func TestTUISubscribeToAPageOfSeveralFeeds(t *testing.T) {
	t.Parallel()
	srv := newFeedServer(t)
	srv.setDoc("/blog/", doc{contentType: "text/html", body: []byte(`<html><head>
		<link rel="alternate" type="application/rss+xml" href="/posts.xml" title="All posts">
		<link rel="alternate" type="application/atom+xml" href="/orbital.xml" title="Comments">
		</head></html>`)})
	srv.setFile(t, "/posts.xml", "rss20.xml")
	srv.setFile(t, "/orbital.xml", "atom10.xml")
	u := newUser(t)

	tt := startTUI(t, u, 120, 40)
	tt.waitFor("a subscribe")
	for _, then := range []string{"Escape", "Enter"} {
		tt.keys("a")
		tt.waitFor("Subscribe")
		tt.text(srv.URL + "/blog/")
		tt.keys("Enter")
		tt.waitFor("announces 2 feeds")
		tt.waitFor("All posts · RSS · " + srv.URL + "/posts.xml")
		tt.waitFor("Comments · Atom · " + srv.URL + "/orbital.xml")
		if then == "Enter" {
			tt.keys("j")
		}
		tt.keys(then)
	}
	tt.waitFor("subscribed to Orbital Log")
	if f := u.feeds(); len(f) != 1 || f[0]["url"] != srv.URL+"/orbital.xml" {
		t.Errorf("subscribed %v, want the second feed alone", f)
	}
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
}
