package cli

import (
	"strings"
	"testing"
)

// In the reader, f fetches the open item's page from a loopback server
// and shows its whole article, says so on the status line, shows the
// longer reading time in the list; f again goes back to the feed's text
// and then to the article with no second request for the page.
func TestTUIReaderTogglesTheWholeArticle(t *testing.T) {
	t.Parallel()
	u, srv := newUser(t), newFeedServer(t)
	srv.set("/plain.xml", articleFeed(srv.URL, "news"))
	servePage(t, srv, "/a/news", "news.html")
	u.add(srv.URL + "/plain.xml")
	u.ok("sync")

	tt := startTUI(t, u, 160, 45)
	tt.waitFor("quit (tree)")
	tt.keys("Tab")
	tt.waitFor("N toggle read")
	if row := screenLine(tt.screen(), " news "); !strings.Contains(row, " 1m ") {
		t.Errorf("the list's row before the article: %q", row)
	}
	tt.keys("Enter")
	tt.waitFor("A sentence and a read more link.")
	tt.keys("f")
	tt.waitFor("whole article fetched: 2 min read")
	tt.waitFor("eleven councillors")
	tt.waitFor("Marta Lindqvist")
	if s := tt.screen(); strings.Contains(s, "A sentence and a read more link.") {
		t.Errorf("the feed's text is still shown:\n%s", s)
	}
	if row := screenLine(tt.screen(), " news "); !strings.Contains(row, " 2m ") {
		t.Errorf("the list's row after the article: %q", row)
	}
	tt.keys("f")
	tt.waitFor("A sentence and a read more link.")
	tt.keys("f")
	tt.waitFor("eleven councillors")
	if n := srv.requestCount("/a/news"); n != 1 {
		t.Errorf("the page was asked %d times, want once", n)
	}
	tt.keys("q", "q", "q")
	tt.waitExit()
}

// screenLine is the first line of screen that contains s.
func screenLine(screen, s string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
