package remotetest

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// FeedServer serves RSS feeds on loopback for the servers to fetch. Every
// URL in its feeds (links included) stays on loopback.
type FeedServer struct {
	*httptest.Server
	mu    sync.Mutex
	feeds map[string]Feed
}

// Feed is one served feed.
type Feed struct {
	Title string
	Items []FeedItem
}

// FeedItem is one item of a served feed.
type FeedItem struct {
	GUID, Title, Content string
	Published            time.Time
	// Enclosure, when not "", is the path of an enclosure on this server.
	Enclosure string
}

// NewFeedServer starts a feed server that ends with the test.
func NewFeedServer(t testing.TB) *FeedServer {
	t.Helper()
	fs := &FeedServer{feeds: map[string]Feed{}}
	fs.Server = httptest.NewServer(http.HandlerFunc(fs.serve))
	t.Cleanup(fs.Close)
	return fs
}

// Set serves f at path ("/a.xml").
func (fs *FeedServer) Set(path string, f Feed) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.feeds[path] = f
}

// URLOf is the address of a path on this server.
func (fs *FeedServer) URLOf(path string) string { return fs.URL + path }

func (fs *FeedServer) serve(w http.ResponseWriter, r *http.Request) {
	fs.mu.Lock()
	f, ok := fs.feeds[r.URL.Path]
	fs.mu.Unlock()
	if !ok {
		if r.URL.Path == "/" || r.URL.Path == "/favicon.ico" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "audio/mpeg")
		w.Write([]byte("enclosure " + r.URL.Path))
		return
	}
	w.Header().Set("Content-Type", "application/rss+xml")
	w.Write(fs.render(f))
}

// render writes f as RSS 2.0.
func (fs *FeedServer) render(f Feed) []byte {
	var b bytes.Buffer
	esc := func(s string) string {
		var e bytes.Buffer
		xml.EscapeText(&e, []byte(s))
		return e.String()
	}
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>%s</title><link>%s/</link><description>test feed</description>\n",
		esc(f.Title), fs.URL)
	for _, it := range f.Items {
		fmt.Fprintf(&b, "<item><title>%s</title><link>%s/items/%s</link><guid isPermaLink=\"false\">%s</guid><description>%s</description>",
			esc(it.Title), fs.URL, esc(it.GUID), esc(it.GUID), esc(it.Content))
		if !it.Published.IsZero() {
			fmt.Fprintf(&b, "<pubDate>%s</pubDate>", it.Published.UTC().Format(time.RFC1123Z))
		}
		if it.Enclosure != "" {
			fmt.Fprintf(&b, "<enclosure url=\"%s%s\" type=\"audio/mpeg\" length=\"20\"/>", fs.URL, esc(it.Enclosure))
		}
		b.WriteString("</item>\n")
	}
	b.WriteString("</channel></rss>\n")
	return b.Bytes()
}

// Items makes n items "<prefix> 1" … "<prefix> n", one hour apart before
// base, the first the newest.
func Items(prefix string, n int, base time.Time) []FeedItem {
	items := make([]FeedItem, n)
	for i := range items {
		items[i] = FeedItem{
			GUID:      fmt.Sprintf("%s-%d", prefix, i+1),
			Title:     fmt.Sprintf("%s %d", prefix, i+1),
			Content:   fmt.Sprintf("<p>Body of %s %d.</p>", prefix, i+1),
			Published: base.Add(-time.Duration(i) * time.Hour),
		}
	}
	return items
}
