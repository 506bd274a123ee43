package cli

// End-to-end tests of what tidings makes of a feed: titles that
// stay text, the HTTP charset, the sort date, podcasts' media elements and
// itunes:new-feed-url, through the real binary.

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// setFeedFile serves a file of testdata/feeds at path with a content type.
func (fs *feedServer) setFeedFile(t *testing.T, path, name, contentType string) {
	t.Helper()
	body, err := os.ReadFile(repoFile(t, "testdata", "feeds", name))
	if err != nil {
		t.Fatal(err)
	}
	fs.setDoc(path, doc{body: body, contentType: contentType})
}

// itemTitles returns the titles of items, in order.
func itemTitles(items []map[string]any) []string {
	var out []string
	for _, it := range items {
		out = append(out, fmt.Sprint(it["title"]))
	}
	return out
}

// hasEscape reports whether s holds ESC, a C1 control or a bidi override.
func hasEscape(s string) bool {
	return strings.ContainsAny(s, "\x1b\u009b\u202e\u2066")
}

// TestTitlesThatLookLikeTagsStayText: the list (items, items --json and
// the reader in tmux) shows titles that merely look like markup as they
// are, while a title whose HTML is real reads as its text.
func TestTitlesThatLookLikeTagsStayText(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFeedFile(t, "/wp.xml", "wordpress.xml", "application/rss+xml; charset=UTF-8")
	srv.setFeedFile(t, "/lang.xml", "rustlike.xml", "application/atom+xml")
	u := newUser(t)
	u.add(srv.URL + "/wp.xml")
	u.add(srv.URL + "/lang.xml")
	u.ok("sync")

	want := []string{"Using the <dialog> element", "Bold tags here", "if a<b and c>d",
		"Option<T> and you", "History of the <blink> tag"}
	got := itemTitles(u.items())
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("items --json titles %q lack %q", got, w)
		}
	}
	table := u.ok("items")
	for _, w := range want {
		if !strings.Contains(table, w) {
			t.Errorf("items lacks %q:\n%s", w, table)
		}
	}
	if hasEscape(table) {
		t.Errorf("items printed an escape sequence: %q", table)
	}

	tt := startTUI(t, u, 160, 40)
	tt.waitFor("Front-End Notes")
	tt.keys("Tab")
	for _, w := range want {
		tt.waitFor(w)
	}
	tt.keys("q")
}

// TestHTTPCharsetWins: a Windows-1252 feed without an encoding in its XML
// declaration, served as text/xml; charset=windows-1252, is stored with its
// accents and its Windows-1252 punctuation right.
func TestHTTPCharsetWins(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFeedFile(t, "/cafe.xml", "cp1252.xml", "text/xml; charset=windows-1252")
	u := newUser(t)
	u.add(srv.URL + "/cafe.xml")
	u.ok("sync")
	feeds := u.feeds()
	if feeds[0]["title"] != "Café du Coin" || feeds[0]["last_error"] != "" {
		t.Fatalf("feed = %v", feeds[0])
	}
	items := u.items()
	if len(items) != 1 {
		t.Fatalf("items = %v", items)
	}
	expectFields(t, "item", items[0], map[string]any{
		"title":   "Déjà vu — l’été arrive",
		"content": "Crème brûlée € 3,50 – don’t miss it.",
	})
}

// TestRiverOrdersBySortDate: an Atom entry with only <updated> sorts by
// that date among RSS items with pubDate, and items --json gives each
// item's sort date as date.
func TestRiverOrdersBySortDate(t *testing.T) {
	now := time.Now().UTC().Truncate(time.Second)
	twoHoursAgo, yesterday := now.Add(-2*time.Hour), now.Add(-26*time.Hour)
	may := time.Date(2025, 5, 1, 9, 0, 0, 0, time.UTC)
	srv := newFeedServer(t)
	srv.set("/atom.xml", []byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom side</title>`+
		`<entry><id>urn:a:1</id><title>Atom from May</title><updated>`+may.Format(time.RFC3339)+`</updated></entry>`+
		`<entry><id>urn:a:2</id><title>Atom from yesterday</title><updated>`+yesterday.Format(time.RFC3339)+`</updated></entry>`+
		`</feed>`))
	srv.set("/rss.xml", []byte(`<rss version="2.0"><channel><title>RSS side</title>`+
		`<item><guid>r1</guid><title>RSS two hours ago</title><pubDate>`+twoHoursAgo.Format(time.RFC1123Z)+`</pubDate></item>`+
		`</channel></rss>`))
	u := newUser(t)
	u.add(srv.URL+"/atom.xml", "--folder", "River")
	u.add(srv.URL+"/rss.xml", "--folder", "River")
	u.ok("sync")

	items := u.items()
	want := []string{"RSS two hours ago", "Atom from yesterday", "Atom from May"}
	if got := itemTitles(items); !slices.Equal(got, want) {
		t.Fatalf("river = %q, want %q", got, want)
	}
	wantDates := []time.Time{twoHoursAgo, yesterday, may}
	for i, it := range items {
		if it["date"] != wantDates[i].Format(time.RFC3339) {
			t.Errorf("%v: date = %v, want %s", it["title"], it["date"], wantDates[i].Format(time.RFC3339))
		}
	}
	if items[1]["published_at"] != nil || items[1]["updated_at"] != yesterday.Format(time.RFC3339) {
		t.Errorf("dates not kept as the feed gave them: %v", items[1])
	}
	table := u.ok("items")
	if !strings.Contains(table, may.Format("2006-01-02 15:04")) {
		t.Errorf("items does not print the Atom entry's date:\n%s", table)
	}
}

// TestPodcastWithOnlyMediaContent: a podcast that lists its audio as
// media:content in a media:group, with iTunes and Media categories, gets
// enclosures, categories, a duration and an image.
func TestPodcastWithOnlyMediaContent(t *testing.T) {
	srv := newFeedServer(t)
	srv.setFeedFile(t, "/pod.xml", "podcast-media.xml", "application/rss+xml")
	u := newUser(t)
	u.add(srv.URL + "/pod.xml")
	u.ok("sync")
	items := u.items()
	if len(items) != 1 {
		t.Fatalf("items = %v", items)
	}
	it := items[0]
	encs, _ := it["enclosures"].([]any)
	var urls []string
	for _, e := range encs {
		urls = append(urls, fmt.Sprint(e.(map[string]any)["url"]))
	}
	if !slices.Equal(urls, []string{"https://cdn.example.net/nsr/42.mp3", "https://cdn.example.net/nsr/42.ogg"}) {
		t.Errorf("enclosures = %v", encs)
	}
	cats := fmt.Sprint(it["categories"])
	if cats != "[History Maritime]" {
		t.Errorf("categories = %s, want [History Maritime]", cats)
	}
	expectFields(t, "episode", it, map[string]any{
		"duration_seconds": float64(3723),
		"image":            "https://radio.example.net/42.jpg",
		"summary":          "",
		"content":          "Two keepers, one light, forty winters.",
	})
}

// TestITunesNewFeedURLMovesTheSubscription: itunes:new-feed-url moves the
// subscription once the new URL returns a feed, and not before.
func TestITunesNewFeedURLMovesTheSubscription(t *testing.T) {
	srv := newFeedServer(t)
	old := func(to string) []byte {
		return []byte(`<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>` +
			`<title>Old home</title><itunes:new-feed-url>` + to + `</itunes:new-feed-url>` +
			`<item><guid>e1</guid><title>Episode 1</title></item></channel></rss>`)
	}
	srv.set("/old.xml", old(srv.URL+"/new.xml"))
	srv.setDoc("/new.xml", doc{status: http.StatusNotFound, body: []byte("not yet")})
	u := newUser(t)
	u.add(srv.URL + "/old.xml")
	u.ok("sync")
	if f := u.feeds()[0]; f["url"] != srv.URL+"/old.xml" || f["item_count"] != float64(1) {
		t.Fatalf("moved before the new URL was a feed: %v", f)
	}

	srv.set("/new.xml", []byte(`<rss version="2.0"><channel><title>New home</title>`+
		`<item><guid>e1</guid><title>Episode 1</title></item><item><guid>e2</guid><title>Episode 2</title></item>`+
		`</channel></rss>`))
	u.ok("sync", "--force")
	f := u.feeds()[0]
	if f["url"] != srv.URL+"/new.xml" || f["title"] != "New home" || f["item_count"] != float64(2) {
		t.Fatalf("after the new URL parsed: %v", f)
	}
	before := srv.requestCount("/old.xml")
	u.ok("sync", "--force")
	if srv.requestCount("/old.xml") != before {
		t.Errorf("the old URL is still fetched after the move")
	}
}
