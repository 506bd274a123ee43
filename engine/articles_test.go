package engine

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// articleFeed is an RSS document whose items have a one-line summary and
// a link to /a/<name> on base.
func articleFeed(base string, names ...string) string {
	s := `<?xml version="1.0"?><rss version="2.0"><channel><title>Summaries</title><link>` + base + `/</link>`
	for _, n := range names {
		s += `<item><title>` + n + `</title><guid>` + n + `</guid><link>` + base + `/a/` + n +
			`</link><description>A sentence and a read more link.</description></item>`
	}
	return s + `</channel></rss>`
}

// realPage is one of testdata/articles.
func realPage(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "articles", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fullText turns the setting on for f.
func (h *harness) fullText(f store.Feed) {
	h.t.Helper()
	on := true
	if _, err := h.eng.ChangeSettings(context.Background(), f.ID, store.FeedSettings{FullText: &on}); err != nil {
		h.t.Fatal(err)
	}
}

// pageRequests counts the requests for article pages.
func (r *recorder) pageRequests() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, q := range r.reqs {
		if strings.HasPrefix(q.URL.Path, "/a/") {
			n++
		}
	}
	return n
}

// A sync of a feed with full text stores the article of each new item,
// after asking for HTML, and fetches each page once: a later sync, with
// the same items, asks for none again. A feed without the setting never
// has a page fetched.
func TestFullTextFeedStoresArticlesOfNewItemsOnce(t *testing.T) {
	h := newHarness(t)
	news := realPage(t, "news.html")
	h.srv.serveDoc("/feed", articleFeed(h.srv.URL, "one", "two", "three"))
	h.srv.serveDoc("/plain", articleFeed(h.srv.URL, "four", "five"))
	for _, n := range []string{"one", "two", "three", "four", "five"} {
		h.srv.serveDoc("/a/"+n, news, "Content-Type", "text/html; charset=utf-8")
	}
	f, plain := h.add("/feed"), h.add("/plain")
	h.fullText(f)
	results := h.eng.SyncFeeds(context.Background(), []store.Feed{h.feed(f.ID), h.feed(plain.ID)}, true, nil)
	if len(results[0].Articles) != 3 || len(results[1].Articles) != 0 {
		t.Fatalf("article results: %d and %d, want 3 and 0", len(results[0].Articles), len(results[1].Articles))
	}
	for _, it := range h.items(f) {
		a := it.Article
		if a.Status != store.ArticleFetched || !strings.Contains(a.HTML, "eleven councillors were in favour") ||
			strings.Contains(a.HTML, "Related stories") || a.Byline != "Marta Lindqvist" {
			t.Fatalf("item %q: article %s %q", it.Title, a.Status, a.HTML)
		}
		if got := ReadingMinutes(it); got != 2 { // 368 words
			t.Errorf("reading minutes %d, want 2", got)
		}
	}
	for _, it := range h.items(plain) {
		if it.Article.Status != store.ArticleNone {
			t.Fatalf("a feed without full text has an article: %+v", it.Article)
		}
	}
	for _, n := range []string{"one", "two", "three"} {
		reqs := h.srv.requests("/a/" + n)
		if len(reqs) != 1 {
			t.Fatalf("/a/%s asked %d times, want once", n, len(reqs))
		}
		if !strings.HasPrefix(reqs[0].Header.Get("Accept"), "text/html") {
			t.Errorf("a page was asked for %q", reqs[0].Header.Get("Accept"))
		}
	}
	for _, n := range []string{"four", "five"} {
		if len(h.srv.requests("/a/"+n)) != 0 {
			t.Fatalf("the page of a feed without full text was fetched")
		}
	}
	h.clock.Advance(time.Hour)
	h.srv.serveDoc("/feed", articleFeed(h.srv.URL, "one", "two", "three")+" ") // a new body, the same items
	h.mustSync(f)
	if n := h.srv.pageRequests(); n != 3 {
		t.Fatalf("%d page requests after a second sync, want the first 3 only", n)
	}
}

// A page that fails is recorded as failed and not fetched again by later
// syncs; FetchArticles fetches it again on request, and stores the
// article once the page is there.
func TestFailedArticleIsRetriedOnlyOnRequest(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/feed", articleFeed(h.srv.URL, "one"))
	h.srv.handle("/a/one", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "nope", http.StatusNotFound) })
	f := h.add("/feed")
	h.fullText(f)
	h.mustSync(f)
	it := h.items(f)[0]
	if it.Article.Status != store.ArticleFailed || !strings.Contains(it.Article.Error, "404") {
		t.Fatalf("article %+v, want failed with 404", it.Article)
	}
	for range 3 {
		h.clock.Advance(time.Hour)
		h.mustSync(f)
	}
	if n := h.srv.pageRequests(); n != 1 {
		t.Fatalf("a failed page was asked %d times by syncs, want once", n)
	}
	h.srv.serveDoc("/a/one", realPage(t, "blog-code.html"), "Content-Type", "text/html")
	res, err := h.eng.FetchArticles(context.Background(), []int64{it.ID})
	if err != nil || len(res) != 1 || res[0].Status != store.ArticleFetched || res[0].Err != nil {
		t.Fatalf("FetchArticles = %+v, %v", res, err)
	}
	if got := h.items(f)[0].Article; got.Status != store.ArticleFetched || !strings.Contains(got.HTML, "Bounding") && !strings.Contains(got.HTML, "tokenizer") {
		t.Fatalf("article after the retry: %+v", got)
	}
	if n := h.srv.pageRequests(); n != 2 {
		t.Fatalf("%d page requests, want 2", n)
	}
	if _, err := h.eng.FetchArticles(context.Background(), []int64{it.ID, 9999}); err == nil {
		t.Fatal("an unknown item was not refused")
	}
	if n := h.srv.pageRequests(); n != 2 {
		t.Fatal("a refused request fetched pages")
	}
}

// Where the page has no more text than the feed, the feed's text is kept
// and the article says why.
func TestFeedTextIsKeptWhenThePageHasLess(t *testing.T) {
	h := newHarness(t)
	long := strings.Repeat("The feed already carries the whole story in many words. ", 100)
	h.srv.serveDoc("/feed", `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><item><title>x</title><guid>x</guid><link>`+
		h.srv.URL+`/a/x</link><description>`+long+`</description></item></channel></rss>`)
	h.srv.serveDoc("/a/x", realPage(t, "latin1.html"), "Content-Type", "text/html")
	f := h.add("/feed")
	h.fullText(f)
	h.mustSync(f)
	a := h.items(f)[0].Article
	if a.Status != store.ArticleKept || a.HTML != "" || !strings.Contains(a.Error, "the feed's text is kept") {
		t.Fatalf("article %+v, want kept with a note", a)
	}
}

// A full-text feed's pages wait until every feed of the round has been
// downloaded: the first page request comes after the last feed request.
func TestArticlesWaitForTheRoundsFeeds(t *testing.T) {
	h := newHarness(t)
	var names []string
	for i := range 40 {
		names = append(names, fmt.Sprint("p", i))
	}
	h.srv.serveDoc("/full", articleFeed(h.srv.URL, names...))
	for _, n := range names {
		h.srv.serveDoc("/a/"+n, realPage(t, "news.html"), "Content-Type", "text/html")
	}
	feeds := []store.Feed{h.add("/full")}
	h.fullText(feeds[0])
	for i := range 6 {
		p := fmt.Sprint("/other", i)
		h.srv.serveDoc(p, rssDoc("", "x"))
		feeds = append(feeds, h.add(p))
	}
	for i := range feeds {
		feeds[i] = h.feed(feeds[i].ID)
	}
	h.eng.SyncFeeds(context.Background(), feeds, true, nil)
	h.srv.mu.Lock()
	defer h.srv.mu.Unlock()
	lastFeed, firstPage := -1, len(h.srv.reqs)
	for i, q := range h.srv.reqs {
		if strings.HasPrefix(q.URL.Path, "/a/") {
			firstPage = min(firstPage, i)
		} else {
			lastFeed = i
		}
	}
	if lastFeed > firstPage {
		t.Fatalf("a feed was asked (request %d) after a page (request %d)", lastFeed, firstPage)
	}
	if firstPage == len(h.srv.reqs) || len(h.srv.reqs)-firstPage != 40 {
		t.Fatalf("%d pages fetched, want 40", len(h.srv.reqs)-firstPage)
	}
}

// A feed's pages are fetched no faster than the door's limit per host: a
// server that holds each request until a second one is in flight sees
// two at once, never three.
func TestArticlesKeepTheLimitPerHost(t *testing.T) {
	h := newHarness(t, func(c *config.Config) { c.Sync.PerHostConnections = 2; c.Sync.DownloadThreads = 8 })
	var names []string
	for i := range 12 {
		names = append(names, fmt.Sprint("p", i))
	}
	h.srv.serveDoc("/feed", articleFeed(h.srv.URL, names...))
	page := realPage(t, "news.html")
	var mu sync.Mutex
	inFlight, most := 0, 0
	pair := make(chan struct{})
	for _, n := range names {
		h.srv.handle("/a/"+n, func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			inFlight++
			most = max(most, inFlight)
			mu.Unlock()
			defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
			select { // a barrier of two: each request waits for another one in flight
			case pair <- struct{}{}:
			case <-pair:
			case <-r.Context().Done():
				return
			}
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(page))
		})
	}
	f := h.add("/feed")
	h.fullText(f)
	h.mustSync(f)
	if most != 2 {
		t.Fatalf("at most %d page requests at once to one host, want the limit, 2", most)
	}
	for _, it := range h.items(f) {
		if it.Article.Status != store.ArticleFetched {
			t.Fatalf("item %s: %+v", it.Title, it.Article)
		}
	}
}

// Hostile pages end as one failed article each, with one line of plain
// text, and nothing else changes: the feed is fine, the other items keep
// their articles.
func TestHostileArticlePagesEndInOneLine(t *testing.T) {
	h := newHarness(t, func(c *config.Config) { c.Sync.MaxBodyBytes = 1 << 20; c.Sync.ResponseTimeout = 2 * time.Second })
	para := "<p>" + strings.Repeat("Words enough to make an article of this. ", 40) + "</p>"
	hostile := map[string]http.HandlerFunc{
		"huge": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			chunk := []byte(strings.Repeat("<p>padding</p>", 1000))
			for range 200 { // 2.8 MB, past the 1 MiB cap
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		},
		"deep": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><body>" + strings.Repeat("<div>", 100000) + para))
		},
		"scripts": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><body><script>" + strings.Repeat("document.write('x');", 1000) + "</script></body></html>"))
		},
		"loop": func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, r.URL.Path, http.StatusFound) },
		"feed": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/rss+xml")
			w.Write([]byte(rssDoc("", "a", "b")))
		},
		"stall": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><body>"))
			w.(http.Flusher).Flush()
			<-r.Context().Done() // never more: the door's response timeout ends it
		},
	}
	names := []string{"good"}
	for n, hf := range hostile {
		names = append(names, n)
		h.srv.handle("/a/"+n, hf)
	}
	h.srv.serveDoc("/a/good", realPage(t, "news.html"), "Content-Type", "text/html")
	h.srv.serveDoc("/feed", articleFeed(h.srv.URL, names...))
	f := h.add("/feed")
	h.fullText(f)
	r := h.mustSync(f)
	if len(r.Articles) != len(names) {
		t.Fatalf("%d article results, want %d", len(r.Articles), len(names))
	}
	for _, it := range h.items(f) {
		a := it.Article
		if it.Title == "good" {
			if a.Status != store.ArticleFetched {
				t.Fatalf("the good page: %+v", a)
			}
			continue
		}
		if a.Status != store.ArticleFailed || a.Error == "" || a.HTML != "" {
			t.Errorf("%s: %s %q", it.Title, a.Status, a.Error)
		}
		if strings.ContainsAny(a.Error, "\r\n") || sanitize.Terminal(a.Error) != a.Error {
			t.Errorf("%s: the error is not one clean line: %q", it.Title, a.Error)
		}
		t.Logf("%s: %s", it.Title, a.Error)
	}
	if got := h.feed(f.ID); got.State.LastError != "" || got.State.Failures != 0 {
		t.Fatalf("the feed took the pages' failures: %q", got.State.LastError)
	}
	if n := len(h.srv.requests("/a/loop")); n > 11 {
		t.Fatalf("the redirect loop was followed %d times", n)
	}
}

// The setting goes out with an OPML export and comes back with its import.
func TestFullTextTravelsThroughOPML(t *testing.T) {
	h := newHarness(t)
	f, plain := h.add("/full"), h.add("/plain")
	h.fullText(f)
	doc, err := h.eng.ExportOPML(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := opml.Encode(&b, doc); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `tidings:fullText="true"`); n != 1 {
		t.Fatalf("%d fullText attributes in the export, want 1:\n%s", n, b.String())
	}
	back, err := opml.Decode(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	h2 := newHarness(t)
	if _, err := h2.eng.ImportOPML(context.Background(), back); err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		url  string
		full bool
	}{{f.URL, true}, {plain.URL, false}} {
		got, err := h2.store.ResolveFeed(context.Background(), want.url)
		if err != nil || got.FullText != want.full {
			t.Fatalf("%s imported with full text %v (%v), want %v", want.url, got.FullText, err, want.full)
		}
	}
}
