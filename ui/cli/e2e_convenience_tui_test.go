package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
		if then == "Escape" {
			// The list closes before the next key: an ESC followed at
			// once by "a" reads as alt+a.
			tt.waitGone("announces 2 feeds")
		}
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

// TestTUIPodcastQueue: Q lists the enclosures a sync downloaded or could
// not; d downloads a failed one again, live; P plays a downloaded file
// with enclosures.player; D, y deletes it, and it stays removed.
func TestTUIPodcastQueue(t *testing.T) {
	t.Parallel()
	ms := newMediaServer(t)
	ms.feed("/pod.xml", `<?xml version="1.0"?><rss version="2.0"><channel><title>Night Radio</title><link>http://x.test/</link>
		<item><guid>e2</guid><title>Second night</title><enclosure url="`+ms.URL+`/media/two.mp3" type="audio/mpeg"/></item>
		<item><guid>e1</guid><title>First night</title><enclosure url="`+ms.URL+`/media/one.mp3" type="audio/mpeg"/></item>
		</channel></rss>`)
	one, two := randomBytes(40<<10, 1), randomBytes(30<<10, 2)
	ms.handle("/media/one.mp3", plain(one))
	u := newUser(t)
	dir := filepath.Join(u.home, "podcasts")
	played := filepath.Join(u.home, "played")
	player := filepath.Join(u.home, "player")
	writeFile(t, player, "#!/bin/sh\nprintf '%s' \"$1\" > "+played+"\n")
	if err := os.Chmod(player, 0o755); err != nil {
		t.Fatal(err)
	}
	u.writeConfig(fmt.Sprintf("[sync]\nbucket_refill_per_second = 0\n\n[enclosures]\ndirectory = %q\nplayer = %q\n", dir, player))
	u.add(ms.URL+"/pod.xml", "--enclosures")
	u.run("sync")

	tt := startTUI(t, u, 120, 40)
	tt.waitFor("Night Radio")
	tt.keys("Q")
	tt.waitFor("Podcast queue — 1 downloaded, 1 failed")
	tt.waitFor("failed       Night Radio — Second night")
	ms.handle("/media/two.mp3", plain(two))
	tt.keys("d")
	tt.waitFor("Podcast queue — 2 downloaded")
	tt.keys("g", "P")
	tt.waitFor("played ")
	b, err := os.ReadFile(played)
	if err != nil || !strings.HasSuffix(string(b), ".mp3") {
		t.Fatalf("the player got %q, %v", b, err)
	}
	first, second, want := "/media/one.mp3", "/media/two.mp3", one // the first row: either, as queued the same second
	if filepath.Base(string(b)) == "two.mp3" {
		first, second, want = second, first, two
	}
	sameFile(t, string(b), want)
	tt.keys("D")
	tt.waitFor("? It will not be downloaded again automatically")
	tt.keys("y")
	tt.waitFor("1 removed")
	if _, err := os.Stat(string(b)); !os.IsNotExist(err) {
		t.Errorf("the deleted file is still there: %v", err)
	}
	tt.keys("Escape")
	tt.waitFor("quit (tree)")
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
	encs := enclosuresByURL(u, ms.URL)
	if encs[first]["status"] != "removed" || encs[second]["status"] != "downloaded" {
		t.Errorf("enclosures after: %v", encs)
	}
}
