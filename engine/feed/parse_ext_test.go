package feed

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

const rssNamespaces = `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
	`xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:xhtml="http://www.w3.org/1999/xhtml" ` +
	`xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/"`

// TestParseContentSources checks where an RSS item's content comes from:
// full content first, the description kept as the summary.
func TestParseContentSources(t *testing.T) {
	tests := []struct {
		name, item       string
		content, summary string
	}{
		{"xhtml:body", `<xhtml:body><p>Full <b>text</b></p></xhtml:body><description>short</description>`,
			"<p>Full <b>text</b></p>", "short"},
		{"body in the xhtml namespace", `<body xmlns="http://www.w3.org/1999/xhtml"><p>Full</p></body>`, "<p>Full</p>", ""},
		{"bare body", `<body><p>Full</p></body>`, "<p>Full</p>", ""},
		{"fullitem", `<fullitem>&lt;p&gt;Full&lt;/p&gt;</fullitem><description>short</description>`, "<p>Full</p>", "short"},
		{"content:encoded wins", `<content:encoded><![CDATA[<p>Full</p>]]></content:encoded><xhtml:body><p>B</p></xhtml:body>`,
			"<p>Full</p>", ""},
		{"media description as summary", `<media:group><media:description type="plain">a &lt; b</media:description></media:group>`,
			"a &lt; b", ""},
		{"itunes summary as summary", `<itunes:summary>Show notes</itunes:summary>`, "Show notes", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it := rssItemWith(t, tt.item)
			if it.Content != tt.content || it.Summary != tt.summary {
				t.Errorf("content, summary = %q, %q; want %q, %q", it.Content, it.Summary, tt.content, tt.summary)
			}
		})
	}
}

// rssItemWith parses one RSS 2.0 item with the usual namespaces declared.
func rssItemWith(t *testing.T, item string) document.Item {
	t.Helper()
	doc := mustParse(t, `<rss version="2.0" `+rssNamespaces+`><channel><title>T</title><item>`+item+`</item></channel></rss>`)
	if len(doc.Items) != 1 {
		t.Fatalf("%d items", len(doc.Items))
	}
	return doc.Items[0]
}

// TestParseAtomBase64 checks Atom 0.3 mode="base64" and Atom 1.0 binary
// types holding text.
func TestParseAtomBase64(t *testing.T) {
	const atom03 = `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry>`
	doc := mustParse(t, atom03+`<title mode="base64">PHA+SGlzdG9yeSBvZiB0aGUgJmx0O2JsaW5rJmd0OyB0YWc8L3A+</title>`+
		`<content type="text/html" mode="base64">PHA+RXhhbXBsZSA8Yj5BdG9tPC9iPjwvcD4=</content></entry></feed>`)
	it := doc.Items[0]
	if it.Title != "History of the <blink> tag" || it.Content != "<p>Example <b>Atom</b></p>" {
		t.Errorf("atom 0.3: title %q, content %q", it.Title, it.Content)
	}
	doc = mustParse(t, `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/octet-stream">`+
		"\n RXhhbXBsZSA8Yj5BdG9tPC9iPg==\n</content></entry></feed>")
	if got := doc.Items[0].Content; got != "Example <b>Atom</b>" {
		t.Errorf("atom 1.0 octet-stream: content %q", got)
	}
}

// TestParseExtensions checks the iTunes, Media RSS and Dublin Core terms
// elements an item may carry.
func TestParseExtensions(t *testing.T) {
	it := rssItemWith(t, `<title>Ep</title><itunes:category text="Society &amp; Culture">`+
		`<itunes:category text="Documentary"/></itunes:category><media:category>Maritime</media:category>`+
		`<category>News</category><itunes:duration>1:02:03</itunes:duration><itunes:image href="/ep.jpg"/>`+
		`<dcterms:created>2003-12-31T10:14:55Z</dcterms:created><dcterms:modified>2004-01-01T00:00:00Z</dcterms:modified>`+
		`<media:group><media:content url="http://cdn.example/e.mp3" type="audio/mpeg" fileSize="12"/>`+
		`<media:content url="http://cdn.example/e.ogg" medium="audio"/></media:group>`)
	want := document.Item{
		Title:           "Ep",
		Categories:      []string{"News", "Society & Culture", "Documentary", "Maritime"},
		DurationSeconds: 3723,
		Image:           "/ep.jpg",
		Published:       at("2003-12-31T10:14:55Z"),
		Updated:         at("2004-01-01T00:00:00Z"),
		Enclosures: []document.Enclosure{{URL: "http://cdn.example/e.mp3", Type: "audio/mpeg", Length: 12},
			{URL: "http://cdn.example/e.ogg", Type: "audio"}},
	}
	assertDoc(t, &document.Document{Items: []document.Item{want}}, &document.Document{Items: []document.Item{it}})

	it = rssItemWith(t, `<enclosure url="http://a.example/1.mp3" type="audio/mpeg" length="5"/>`+
		`<media:content url="http://cdn.example/other.mp3"/><media:title>Media title</media:title>`+
		`<dcterms:issued>2003-12-31T10:14:55Z</dcterms:issued>`)
	if len(it.Enclosures) != 1 || it.Enclosures[0].URL != "http://a.example/1.mp3" {
		t.Errorf("media:content added beside <enclosure>: %+v", it.Enclosures)
	}
	if it.Title != "Media title" || it.Published == nil || !it.Published.Equal(*at("2003-12-31T10:14:55Z")) {
		t.Errorf("media:title / dcterms:issued: %q %v", it.Title, it.Published)
	}
}

// TestParseDurations checks itunes:duration's forms.
func TestParseDurations(t *testing.T) {
	for in, want := range map[string]int{"3723": 3723, "62:03": 3723, "1:02:03": 3723, "01:02:03.5": 3723,
		"": 0, "an hour": 0, "-5": 0, "1:2:3:4": 0} {
		if got := parseDuration(in); got != want {
			t.Errorf("parseDuration(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestParseAtom03Dates checks Atom 0.3's issued, modified and created.
func TestParseAtom03Dates(t *testing.T) {
	doc := mustParse(t, `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><id>e</id>`+
		`<created>2003-12-30T00:00:00Z</created><issued>2003-12-31T10:14:55Z</issued>`+
		`<modified>2004-01-01T19:48:21Z</modified></entry></feed>`)
	it := doc.Items[0]
	if !it.Published.Equal(*at("2003-12-31T10:14:55Z")) || !it.Updated.Equal(*at("2004-01-01T19:48:21Z")) {
		t.Errorf("published %v, updated %v", it.Published, it.Updated)
	}
}

// TestParseResolvesAgainstBase checks relative links against the document
// URL and xml:base, in links and in content.
func TestParseResolvesAgainstBase(t *testing.T) {
	body := `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://a.example/blog/"><title>T</title>` +
		`<link href="/"/><entry xml:base="posts/"><id>/relative/id</id><link href="1.html"/>` +
		`<content type="html">&lt;a href="2.html"&gt;two&lt;/a&gt; &lt;img src="//cdn.example/i.png"&gt;</content>` +
		`</entry></feed>`
	doc, err := ParseWith(bytes.NewReader([]byte(body)), Options{URL: "http://other.example/feed.xml"})
	if err != nil {
		t.Fatal(err)
	}
	it := doc.Items[0]
	checks := []struct{ name, got, want string }{
		{"feed link", doc.Link, "http://a.example/"},
		{"entry link", it.Link, "http://a.example/blog/posts/1.html"},
		{"content href", it.Content, `<a href="http://a.example/blog/posts/2.html">two</a> <img src="http://cdn.example/i.png">`},
		{"id stays relative", it.GUID, "/relative/id"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
}

// TestParseNewFeedURL checks itunes:new-feed-url on the channel.
func TestParseNewFeedURL(t *testing.T) {
	body := `<rss version="2.0" ` + rssNamespaces + `><channel><title>P</title>` +
		`<itunes:new-feed-url> /moved.xml </itunes:new-feed-url></channel></rss>`
	doc, err := ParseWith(bytes.NewReader([]byte(body)), Options{URL: "https://pod.example/old.xml"})
	if err != nil || doc.NewFeedURL != "https://pod.example/moved.xml" {
		t.Fatalf("NewFeedURL = %q, %v", doc.NewFeedURL, err)
	}
}

// TestParseRefusesDeepNesting checks the depth guard: a document nested
// deeper than any feed is refused as invalid, not walked.
func TestParseRefusesDeepNesting(t *testing.T) {
	body := `<rss version="2.0"><channel><title>T</title><item><description>` +
		strings.Repeat("<b>", maxDepth) + `x` + strings.Repeat("</b>", maxDepth) + `</description></item></channel></rss>`
	if _, err := Parse(strings.NewReader(body)); !errors.Is(err, ErrInvalidFeed) {
		t.Fatalf("err = %v, want ErrInvalidFeed", err)
	}
}
