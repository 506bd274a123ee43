package ui

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// The settings dialog carries full text like its other fields, saved
// through the engine's ChangeSettings and shown again when it reopens.
func TestSettingsFullText(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("E")
	if !strings.Contains(h.view(), "Full text       [off]  on") {
		t.Fatalf("the dialog lacks full text, off:\n%s", h.view())
	}
	h.keys("tab", "tab", "tab", "tab", "tab", "tab", "tab", "right", "enter")
	h.waitFor("full text stored", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.wire)
		return fd.FullText
	})
	if fd, _ := f.st.Feed(context.Background(), f.wire); fd.DownloadEnclosures || fd.Watch || fd.Title != "Daily Wire" {
		t.Errorf("full text changed other settings: %+v", fd)
	}
	h.keys("E")
	if !strings.Contains(h.view(), "Full text        off  [on]") {
		t.Fatalf("the dialog does not show full text on:\n%s", h.view())
	}
	h.keys("tab", "tab", "tab", "tab", "tab", "tab", "tab", "left", "enter")
	h.waitFor("full text off", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.wire)
		return !fd.FullText
	})
}

// articleHost serves a feed of summaries whose items link to pages on the
// same loopback server: /a/news is a newspaper page, /a/missing a 404.
type articleHost struct {
	*httptest.Server
	mu       sync.Mutex
	requests map[string]int
}

func newArticleHost(t *testing.T) *articleHost {
	t.Helper()
	page, err := os.ReadFile(filepath.Join("..", "testdata", "articles", "news.html"))
	if err != nil {
		t.Fatal(err)
	}
	ah := &articleHost{requests: map[string]int{}}
	ah.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ah.mu.Lock()
		ah.requests[r.URL.Path]++
		ah.mu.Unlock()
		switch r.URL.Path {
		case "/feed.xml":
			w.Header().Set("Content-Type", "application/rss+xml")
			s := `<?xml version="1.0"?><rss version="2.0"><channel><title>Summaries</title><link>` + ah.URL + `/</link>`
			for _, n := range []string{"news", "missing", "later"} {
				s += `<item><title>` + n + `</title><guid>` + n + `</guid><link>` + ah.URL + `/a/` + n +
					`</link><description>A sentence and a read more link.</description></item>`
			}
			w.Write([]byte(s + `</channel></rss>`))
		case "/a/news", "/a/later":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(page)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ah.Close)
	return ah
}

// count is how many times path was asked for.
func (ah *articleHost) count(path string) int {
	ah.mu.Lock()
	defer ah.mu.Unlock()
	return ah.requests[path]
}

// openArticleFeed subscribes to the host's feed and opens the reader on
// its items' list.
func openArticleFeed(t *testing.T) (*harness, *articleHost, *engine.Engine) {
	t.Helper()
	f := newFixture(t)
	ah := newArticleHost(t)
	eng := newEngine(f.st)
	addFeedFrom(t, eng, f.st, ah.URL+"/feed.xml")
	h := newHarness(t, f.st, 160, 45, withEngine(eng))
	h.selectNode("Summaries")
	h.keys("tab")
	return h, ah, eng
}

// rowOf is the list's row of the item titled title.
func rowOf(h *harness, title string) string {
	for _, l := range strings.Split(h.view(), "\n") {
		if _, list, ok := strings.Cut(l, "│"); ok && strings.Contains(list, " "+title+" ") {
			list, _, _ = strings.Cut(list, "│")
			return list
		}
	}
	return ""
}

// readerText is the reader pane's text, its white space runs one space
// (a wrapped line reads on).
func readerText(h *harness) string {
	return strings.Join(strings.Fields(ansi.Strip(h.m.reader.View())), " ")
}

// f fetches the whole article through the engine (progress, then the
// outcome, on the status line), shows it with its byline, toggles back to
// the feed's text and again to the article without another request; a
// page that fails says why in one line, and f tries it again.
func TestReaderTogglesTheWholeArticle(t *testing.T) {
	h, ah, _ := openArticleFeed(t)
	if row := rowOf(h, "news"); !strings.HasSuffix(strings.TrimRight(row, " "), " 1m") {
		t.Errorf("the list's row before the article: %q", row)
	}
	h.keys("enter")
	if !strings.Contains(readerText(h), "A sentence and a read more link.") || strings.Contains(readerText(h), "whole article") {
		t.Fatalf("the reader before f:\n%s", readerText(h))
	}
	_, cmd := h.m.Update(keyMsg("f")) // the fetch's Cmd, not yet run
	if h.m.status.message != "fetching the article…" || !strings.Contains(readerText(h), "fetching the whole article…") {
		t.Errorf("no progress while the page is fetched: %q\n%s", h.m.status.message, readerText(h))
	}
	h.run(cmd)
	if got := h.m.status.message; got != "whole article fetched: 2 min read" {
		t.Errorf("status after the fetch: %q", got)
	}
	v := readerText(h)
	for _, want := range []string{"whole article by Marta Lindqvist · 2 min read — f shows the feed's text",
		"eleven councillors"} {
		if !strings.Contains(v, want) {
			t.Errorf("the reader lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "A sentence and a read more link.") || strings.Contains(v, "Subscribe for 1 euro") {
		t.Errorf("the article shows the feed's text or the page's clutter:\n%s", v)
	}
	if row := rowOf(h, "news"); !strings.HasSuffix(strings.TrimRight(row, " "), " 2m") {
		t.Errorf("the list's row after the article: %q", row)
	}
	h.keys("f")
	if v := readerText(h); !strings.Contains(v, "A sentence and a read more link.") || strings.Contains(v, "eleven councillors") ||
		!strings.Contains(v, "whole article fetched by Marta Lindqvist · 2 min read — f shows it") {
		t.Errorf("f did not go back to the feed's text:\n%s", v)
	}
	h.keys("f")
	if !strings.Contains(readerText(h), "eleven councillors") || ah.count("/a/news") != 1 {
		t.Errorf("f again: %d requests of the page\n%s", ah.count("/a/news"), readerText(h))
	}

	h.keys("esc", "j", "enter") // the toggle stays on: missing has no article yet
	if !strings.Contains(readerText(h), "no whole article yet — f fetches it") {
		t.Errorf("the reader on an item without an article:\n%s", readerText(h))
	}
	h.keys("f")
	if msg := h.m.status.message; !h.m.status.isError || !strings.HasPrefix(msg, "whole article: ") ||
		!strings.Contains(msg, "404") {
		t.Errorf("a failed page: %q (error %v)", msg, h.m.status.isError)
	}
	if v := readerText(h); !strings.Contains(v, "whole article failed: ") || !strings.Contains(v, "— f tries again") ||
		!strings.Contains(v, "A sentence and a read more link.") {
		t.Errorf("the reader after a failed page:\n%s", v)
	}
	h.keys("f")
	if ah.count("/a/missing") != 2 {
		t.Errorf("f did not try the failed page again (%d requests)", ah.count("/a/missing"))
	}
}

// An article stored by the engine on its own (a full-text feed's sync,
// tidings article in a shell) for the open item is offered when the
// toggle is off, and shown when it is on.
func TestReaderOffersAnArticleThatArrives(t *testing.T) {
	h, _, eng := openArticleFeed(t)
	ctx := context.Background()
	news, later := itemByTitle(t, h.st, "news"), itemByTitle(t, h.st, "later")
	h.keys("enter")
	if _, err := eng.FetchArticles(ctx, []int64{news.ID}); err != nil {
		t.Fatal(err)
	}
	h.waitFor("the offer", func() bool { return h.m.status.message == "the whole article is here — f shows it" })
	if v := readerText(h); !strings.Contains(v, "whole article fetched by Marta Lindqvist · 2 min read — f shows it") ||
		strings.Contains(v, "eleven councillors") {
		t.Errorf("the offer:\n%s", v)
	}
	h.keys("f") // at once: the article is there
	if !strings.Contains(readerText(h), "eleven councillors") {
		t.Fatalf("f on an offered article:\n%s", readerText(h))
	}
	h.keys("esc", "G", "enter")
	if h.m.reader.item.ID != later.ID {
		t.Fatalf("the reader shows %q", h.m.reader.item.Title)
	}
	if _, err := eng.FetchArticles(ctx, []int64{later.ID}); err != nil {
		t.Fatal(err)
	}
	h.waitFor("the article shown", func() bool { return strings.Contains(readerText(h), "eleven councillors") })
	if !strings.Contains(readerText(h), "whole article by Marta Lindqvist") {
		t.Errorf("the header of an article that arrived:\n%s", readerText(h))
	}
}

// The reader's header with a whole article: its byline and reading time,
// at the three sizes.
func TestGoldenArticle(t *testing.T) {
	for _, sz := range [][2]int{{160, 45}, {100, 30}, {70, 24}} {
		name := fmt.Sprintf("article_%dx%d", sz[0], sz[1])
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			it := itemByTitle(t, f.st, "Why ETags matter")
			html := "<p>" + strings.Repeat("An entity tag names one version of a page. ", 60) + "</p><p>Send it back.</p>"
			if err := f.st.SaveArticle(context.Background(), it.ID, store.Article{Status: store.ArticleFetched,
				HTML: html, Byline: "Ann Example", Words: 543, URL: it.Link}); err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, f.st, sz[0], sz[1])
			h.selectNode("Gopher Notes")
			h.keys("tab", "enter", "f")
			h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
			golden(t, name, screen(h))
		})
	}
}

func TestMinutesLabel(t *testing.T) {
	for m, want := range map[int]string{0: "", 1: "1m", 42: "42m", 99: "99m", 100: "2h", 120: "2h", 121: "3h", 100000: "99h"} {
		if got := minutesLabel(m); got != want || len(got) > minutesWidth {
			t.Errorf("minutesLabel(%d) = %q, want %q", m, got, want)
		}
	}
}
