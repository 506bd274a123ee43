package feed

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/tidings-rss/tidings/engine/document"
)

const fixtureDir = "testdata"

// docJSON renders a Document for comparison: empty slices become null and
// times print with their offset, so a non-UTC time shows.
func docJSON(t *testing.T, d *document.Document) string {
	t.Helper()
	if d == nil {
		return "null"
	}
	c := *d
	if len(c.Items) == 0 {
		c.Items = nil
	}
	if len(c.Hints.SkipHours) == 0 {
		c.Hints.SkipHours = nil
	}
	if len(c.Hints.SkipDays) == 0 {
		c.Hints.SkipDays = nil
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// assertDoc fails unless got equals want in every field.
func assertDoc(t *testing.T, want, got *document.Document) {
	t.Helper()
	if w, g := docJSON(t, want), docJSON(t, got); w != g {
		t.Errorf("document mismatch\n--- want\n%s\n--- got\n%s", w, g)
	}
	assertUTC(t, got)
}

// assertUTC fails when a time in d is not in time.UTC.
func assertUTC(t *testing.T, d *document.Document) {
	t.Helper()
	check := func(what string, tm *time.Time) {
		if tm != nil && tm.Location() != time.UTC {
			t.Errorf("%s %v is not in UTC", what, tm)
		}
	}
	check("UpdateBase", d.Hints.UpdateBase)
	for i, it := range d.Items {
		check(fmt.Sprintf("item %d Published", i), it.Published)
		check(fmt.Sprintf("item %d Updated", i), it.Updated)
	}
}

// mustParse parses s and fails the test on error.
func mustParse(t *testing.T, s string) *document.Document {
	t.Helper()
	doc, err := Parse(strings.NewReader(s))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return doc
}

func TestParseFixtures(t *testing.T) {
	for name, want := range fixtureWant {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join(fixtureDir, name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := Parse(f)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			assertDoc(t, want, got)
		})
	}
}

func TestParseFixturesCovered(t *testing.T) {
	files, err := os.ReadDir(fixtureDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, ok := fixtureWant[f.Name()]; !ok && f.Name() != "notafeed.html" {
			t.Errorf("fixture %s has no expectation", f.Name())
		}
	}
}

// rss20With wraps channel children into an RSS 2.0 document whose root
// declares decl.
func rss20With(decl, channel string) string {
	return `<?xml version="1.0"?><rss version="2.0" ` + decl + `><channel><title>T</title>` +
		channel + `<item><title>I</title><guid>g1</guid></item></channel></rss>`
}

func TestParseSimpleListNamespace(t *testing.T) {
	const (
		httpNS  = `xmlns:cf="http://www.microsoft.com/schemas/rss/core/2005"`
		httpsNS = `xmlns:cf="https://www.microsoft.com/schemas/rss/core/2005"`
	)
	tests := []struct {
		name           string
		doc            string
		list, noUpdate bool
	}{
		{"http form", rss20With(httpNS, `<cf:treatAs>list</cf:treatAs>`), true, false},
		{"https form", rss20With(httpsNS, `<cf:treatAs>list</cf:treatAs>`), true, false},
		{"other prefix", rss20With(`xmlns:ms="http://www.microsoft.com/schemas/rss/core/2005"`,
			`<ms:treatAs>list</ms:treatAs><ms:noMoreUpdates/>`), true, true},
		{"default namespace on element", rss20With(``,
			`<treatAs xmlns="https://www.microsoft.com/schemas/rss/core/2005">list</treatAs>`), true, false},
		{"declared on channel", `<rss version="2.0"><channel xmlns:x="http://www.microsoft.com/schemas/rss/core/2005">` +
			`<title>T</title><x:treatAs>list</x:treatAs></channel></rss>`, true, false},
		{"value case and space", rss20With(httpNS, `<cf:treatAs> List </cf:treatAs>`), true, false},
		{"value not list", rss20With(httpNS, `<cf:treatAs>feed</cf:treatAs>`), false, false},
		{"after the items", `<rss version="2.0" ` + httpNS + `><channel><title>T</title><item><title>I</title></item>` +
			`<cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/></channel></rss>`, true, true},
		{"attribute on channel", `<rss version="2.0" ` + httpNS + `><channel cf:treatAs="list"><title>T</title></channel></rss>`, true, false},
		{"cf bound to another namespace", rss20With(`xmlns:cf="http://example.com/not-microsoft"`,
			`<cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/>`), false, false},
		{"cf rebound on the element", rss20With(httpNS,
			`<cf:treatAs xmlns:cf="urn:other">list</cf:treatAs><cf:noMoreUpdates xmlns:cf="urn:other"/>`), false, false},
		{"cf not declared", rss20With(``, `<cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/>`), false, false},
		{"internal namespace, http", rss20With(`xmlns:cfi="http://www.microsoft.com/schemas/rss/core/2005/internal"`,
			`<cfi:treatAs>list</cfi:treatAs><cfi:noMoreUpdates/>`), false, false},
		{"internal namespace bound to cf", rss20With(`xmlns:cf="https://www.microsoft.com/schemas/rss/core/2005/internal"`,
			`<cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/>`), false, false},
		{"inside an item", `<rss version="2.0" ` + httpNS + `><channel><title>T</title><item><title>I</title>` +
			`<cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/></item></channel></rss>`, false, false},
		{"outside the channel", `<rss version="2.0" ` + httpNS + `><cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/>` +
			`<channel><title>T</title></channel></rss>`, false, false},
		{"noMoreUpdates http", rss20With(httpNS, `<cf:noMoreUpdates/>`), false, true},
		{"noMoreUpdates https", rss20With(httpsNS, `<cf:noMoreUpdates></cf:noMoreUpdates>`), false, true},
		{"atom", `<feed xmlns="http://www.w3.org/2005/Atom" ` + httpNS + `><title>T</title>` +
			`<cf:treatAs>list</cf:treatAs><cf:noMoreUpdates/><entry><id>e</id><title>E</title></entry></feed>`, true, true},
		{"rss 1.0", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ` +
			httpsNS + `><channel rdf:about="x"><title>T</title><cf:treatAs>list</cf:treatAs></channel>` +
			`<item rdf:about="i"><title>I</title></item></rdf:RDF>`, true, false},
		{"illegal control byte", rss20With(httpNS, "<description>a\x01b</description><cf:treatAs>list</cf:treatAs>"), true, false},
		{"latin-1 document", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" +
			rss20With(httpNS, "<description>caf\xe9</description><cf:treatAs>list</cf:treatAs>"), true, false},
		{"byte order mark", "\xEF\xBB\xBF" + rss20With(httpNS, `<cf:treatAs>list</cf:treatAs>`), true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.doc)
			if doc.IsList != tt.list || doc.NoMoreUpdates != tt.noUpdate {
				t.Errorf("IsList, NoMoreUpdates = %v, %v; want %v, %v",
					doc.IsList, doc.NoMoreUpdates, tt.list, tt.noUpdate)
			}
		})
	}
}

// TestParseInternalNamespaceChangesNothing parses a feed with and without
// elements of the platform-internal namespace and wants the same result.
func TestParseInternalNamespaceChangesNothing(t *testing.T) {
	const ns = `xmlns:cfi="http://www.microsoft.com/schemas/rss/core/2005/internal"`
	clean := `<rss version="2.0"><channel><title>T</title><link>http://a.example/</link>` +
		`<item><title>I</title><link>http://a.example/1</link><guid>g1</guid>` +
		`<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><description>D</description></item></channel></rss>`
	dirty := `<rss version="2.0" ` + ns + `><channel><cfi:title>X</cfi:title><title>T</title>` +
		`<cfi:link>http://evil.example/</cfi:link><link>http://a.example/</link><cfi:treatAs>list</cfi:treatAs>` +
		`<cfi:noMoreUpdates/><cfi:ttl>1</cfi:ttl><item><cfi:id>9</cfi:id><cfi:read>true</cfi:read>` +
		`<title>I</title><cfi:title>X</cfi:title><link>http://a.example/1</link><cfi:link>http://evil.example/1</cfi:link>` +
		`<guid>g1</guid><cfi:guid>g2</cfi:guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>` +
		`<cfi:pubDate>Tue, 02 Jan 2024 00:00:00 GMT</cfi:pubDate><description>D</description>` +
		`<cfi:description>X</cfi:description><cfi:enclosure url="http://evil.example/x.exe"/>` +
		`<cfi:category>X</cfi:category><cfi:author>X</cfi:author></item></channel></rss>`
	assertDoc(t, mustParse(t, clean), mustParse(t, dirty))
	atomClean := `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>e</id><title>E</title>` +
		`<updated>2024-01-01T00:00:00Z</updated></entry></feed>`
	atomDirty := `<feed xmlns="http://www.w3.org/2005/Atom" ` + ns + `><cfi:treatAs>list</cfi:treatAs><title>T</title>` +
		`<entry><cfi:read>true</cfi:read><cfi:id>7</cfi:id><id>e</id><title>E</title>` +
		`<cfi:updated>2030-01-01T00:00:00Z</cfi:updated><updated>2024-01-01T00:00:00Z</updated></entry></feed>`
	assertDoc(t, mustParse(t, atomClean), mustParse(t, atomDirty))
}

func TestParseRedirect(t *testing.T) {
	tests := []struct{ name, doc, loc string }{
		{"plain", `<redirect><newLocation>http://example.com/new.xml</newLocation></redirect>`, "http://example.com/new.xml"},
		{"spaces trimmed", "<redirect>\n <newLocation>\n\thttps://example.com/a </newLocation></redirect>", "https://example.com/a"},
		{"empty element", `<?xml version="1.0"?><redirect><newLocation/></redirect>`, ""},
		{"no newLocation", `<redirect/>`, ""},
		{"seed sample, unclosed", "<?xml version=\"1.0\"?>\n<redirect>\n   <newLocation>http://feeds.feedburner.com/TheRssBlog<newLocation>\n</redirect>",
			"http://feeds.feedburner.com/TheRssBlog"},
		{"byte order mark and comment", "\xEF\xBB\xBF<!-- moved --><redirect><!-- c --><newLocation>http://x.example/f</newLocation></redirect>",
			"http://x.example/f"},
		{"other children first", `<redirect><note>see below</note><newLocation>http://x.example/g</newLocation></redirect>`,
			"http://x.example/g"},
		{"entity in URL", `<redirect><newLocation>http://x.example/?a=1&amp;b=2</newLocation></redirect>`,
			"http://x.example/?a=1&b=2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertDoc(t, &document.Document{IsRedirect: true, NewLocation: tt.loc}, mustParse(t, tt.doc))
		})
	}
}

func TestParseNotAFeed(t *testing.T) {
	html, err := os.ReadFile(filepath.Join(fixtureDir, "notafeed.html"))
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{
		"html page":         string(html),
		"xhtml page":        `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head></html>`,
		"json, not a feed":  `{"version": "1.0", "title": "J", "items": []}`,
		"empty":             ``,
		"whitespace":        " \n\t ",
		"plain text":        "Service temporarily unavailable",
		"garbage":           "\x00\xff\xfe<<<>>>&&&",
		"opml":              `<?xml version="1.0"?><opml version="2.0"><head/><body/></opml>`,
		"xml declaration":   `<?xml version="1.0"?>`,
		"comment only":      `<!-- nothing here -->`,
		"redirect inside":   `<html><redirect><newLocation>http://x</newLocation></redirect></html>`,
		"rss in a comment":  `<!-- <rss version="2.0"><channel/></rss> --><html/>`,
		"gzip magic":        "\x1f\x8b\x08\x00\x00\x00\x00\x00",
		"doctype html only": `<!DOCTYPE html>`,
		// The root cannot be read, so nothing says this is a feed.
		"unknown encoding": `<?xml version="1.0" encoding="x-no-such-charset"?><rss version="2.0"><channel/></rss>`,
	}
	for name, body := range tests {
		t.Run(name, func(t *testing.T) {
			doc, err := Parse(strings.NewReader(body))
			if !errors.Is(err, ErrNotAFeed) || errors.Is(err, ErrInvalidFeed) {
				t.Fatalf("Parse = %v, %v; want an error wrapping only ErrNotAFeed", doc, err)
			}
		})
	}
}

func TestParseInvalidFeed(t *testing.T) {
	tests := map[string]string{
		"truncated rss":  `<rss version="2.0"><channel><title>T</title><item><title>I`,
		"truncated atom": `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>`,
	}
	for name, body := range tests {
		t.Run(name, func(t *testing.T) {
			doc, err := Parse(strings.NewReader(body))
			if !errors.Is(err, ErrInvalidFeed) || errors.Is(err, ErrNotAFeed) {
				t.Fatalf("Parse = %v, %v; want an error wrapping only ErrInvalidFeed", doc, err)
			}
			if strings.Contains(err.Error(), "panicked") {
				t.Fatalf("parser panicked: %v", err)
			}
		})
	}
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

func TestParseReadError(t *testing.T) {
	if _, err := Parse(errReader{}); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Parse error = %v; want the reader's error", err)
	}
}

func TestParseHints(t *testing.T) {
	tests := []struct {
		name, channel string
		want          document.Hints
	}{
		{"ttl", `<ttl> 30 </ttl>`, document.Hints{TTLMinutes: 30}},
		{"ttl not a number", `<ttl>one hour</ttl>`, document.Hints{}},
		{"ttl negative", `<ttl>-5</ttl>`, document.Hints{}},
		{"skipHours", `<skipHours><hour>23</hour><hour>24</hour><hour>0</hour><hour>-1</hour><hour>5.5</hour>` +
			`<hour>99</hour><hour>23</hour><hour/><minute>4</minute></skipHours>`, document.Hints{SkipHours: []int{0, 23}}},
		{"skipDays", `<skipDays><day>Monday</day><day>tUESDAY</day><day> Friday </day><day>Mon</day>` +
			`<day>monday</day><day>Someday</day></skipDays>`,
			document.Hints{SkipDays: []time.Weekday{time.Monday, time.Tuesday, time.Friday}}},
		{"sy full", `<sy:updatePeriod>Weekly</sy:updatePeriod><sy:updateFrequency>3</sy:updateFrequency>` +
			`<sy:updateBase>2024-03-01T06:00:00+02:00</sy:updateBase>`,
			document.Hints{UpdatePeriod: "weekly", UpdateFrequency: 3, UpdateBase: at("2024-03-01T04:00:00Z")}},
		{"sy invalid", `<sy:updatePeriod>fortnightly</sy:updatePeriod><sy:updateFrequency>often</sy:updateFrequency>` +
			`<sy:updateBase>the dawn of time</sy:updateBase>`, document.Hints{}},
		{"sy non-RFC 3339 base", `<sy:updateBase>Fri, 01 Mar 2024 06:00:00 +0200</sy:updateBase>`,
			document.Hints{UpdateBase: at("2024-03-01T04:00:00Z")}},
		{"sy under another prefix", `<s:updatePeriod xmlns:s="http://purl.org/rss/1.0/modules/syndication/">monthly</s:updatePeriod>`,
			document.Hints{UpdatePeriod: "monthly"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, rss20With(`xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"`, tt.channel))
			want := &document.Document{Title: "T", Hints: tt.want, Items: []document.Item{{GUID: "g1", Title: "I"}}}
			assertDoc(t, want, doc)
		})
	}
}

// rssItemDoc parses one RSS 2.0 item and returns it.
func rssItemDoc(t *testing.T, item string) document.Item {
	t.Helper()
	doc := mustParse(t, `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" `+
		`xmlns:dcterms="http://purl.org/dc/terms/" xmlns:atom="http://www.w3.org/2005/Atom" `+
		`xmlns:content="http://purl.org/rss/1.0/modules/content/" `+
		`xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title><item>`+
		item+`</item></channel></rss>`)
	if len(doc.Items) != 1 {
		t.Fatalf("got %d items; want 1", len(doc.Items))
	}
	assertUTC(t, doc)
	return doc.Items[0]
}

func TestParseRSSItem(t *testing.T) {
	tests := []struct {
		name, item string
		want       document.Item
	}{
		{"guid permalink by default", `<guid>http://a.example/1</guid>`,
			document.Item{GUID: "http://a.example/1", Link: "http://a.example/1"}},
		{"guid isPermaLink FALSE", `<guid isPermaLink="FALSE">http://a.example/1</guid>`,
			document.Item{GUID: "http://a.example/1"}},
		{"guid not a URL", `<guid>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</guid>`,
			document.Item{GUID: "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a"}},
		{"guid javascript", `<guid>javascript:alert(1)</guid>`, document.Item{GUID: "javascript:alert(1)"}},
		{"guid relative", `<guid>/posts/1</guid>`, document.Item{GUID: "/posts/1"}},
		{"link wins over guid", `<guid>http://a.example/g</guid><link>http://a.example/l</link>`,
			document.Item{GUID: "http://a.example/g", Link: "http://a.example/l"}},
		{"first of two links", `<link>http://a.example/1</link><link>http://a.example/2</link>`,
			document.Item{Link: "http://a.example/1"}},
		{"atom link", `<atom:link rel="self" href="http://a.example/self"/><atom:link href="http://a.example/alt"/>`,
			document.Item{Link: "http://a.example/alt"}},
		{"author display name", `<author>lawyer@boyer.net (Lawyer Boyer)</author><dc:creator>X</dc:creator>`,
			document.Item{Author: "Lawyer Boyer"}},
		{"author name (email)", `<author>Lawyer Boyer (lawyer@boyer.net)</author>`, document.Item{Author: "Lawyer Boyer"}},
		{"author bare email", `<author>lawyer@boyer.net</author>`, document.Item{Author: "lawyer@boyer.net"}},
		{"several dc:creator", `<dc:creator>Ana</dc:creator><dc:creator>Bo</dc:creator>`, document.Item{Author: "Ana, Bo"}},
		{"dc:creator", `<dc:creator>Ana</dc:creator>`, document.Item{Author: "Ana"}},
		{"itunes:author", `<itunes:author>Pod Person</itunes:author>`, document.Item{Author: "Pod Person"}},
		{"pubDate wins over dc:date", `<pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate><dc:date>2001-01-01T00:00:00Z</dc:date>`,
			document.Item{Published: at("2002-09-07T00:00:01Z")}},
		{"named zone", `<pubDate>Sat, 07 Sep 2002 09:42:31 PDT</pubDate>`, document.Item{Published: at("2002-09-07T16:42:31Z")}},
		{"dc:date offset", `<dc:date>2002-09-07T09:42:31-07:00</dc:date>`, document.Item{Published: at("2002-09-07T16:42:31Z")}},
		{"dc:date date only", `<dc:date>2002-09-07</dc:date>`, document.Item{Published: at("2002-09-07T00:00:00Z")}},
		{"unparsable dates", `<pubDate>yesterday</pubDate><dcterms:modified>soon</dcterms:modified>`, document.Item{}},
		{"dcterms:modified", `<dcterms:modified>2003-12-13T18:30:02Z</dcterms:modified>`,
			document.Item{Updated: at("2003-12-13T18:30:02Z")}},
		{"atom:updated", `<atom:updated>2003-12-13T18:30:02+01:00</atom:updated>`,
			document.Item{Updated: at("2003-12-13T17:30:02Z")}},
		{"content and equal description", `<description>same</description><content:encoded>same</content:encoded>`,
			document.Item{Content: "same"}},
		{"content only", `<content:encoded><![CDATA[<p>x</p>]]></content:encoded>`, document.Item{Content: "<p>x</p>"}},
		{"dc:description", `<dc:description>dc text</dc:description>`, document.Item{Content: "dc text"}},
		{"categories", `<category>a</category><category domain="d"> b </category><category/><category>a</category>` +
			`<dc:subject>c</dc:subject><dc:subject>b</dc:subject>`, document.Item{Categories: []string{"a", "b", "c"}}},
		{"enclosures", `<enclosure url=" http://a.example/1.mp3 " type="audio/mpeg" length="12"/>` +
			`<enclosure type="audio/mpeg" length="12"/><enclosure url="http://a.example/2.ogg" length="-3"/>` +
			`<enclosure url="http://a.example/3.ogg" length="1e6"/><enclosure url="http://a.example/4.ogg" length="99999999999"/>`,
			document.Item{Enclosures: []document.Enclosure{
				{URL: "http://a.example/1.mp3", Type: "audio/mpeg", Length: 12},
				{URL: "http://a.example/2.ogg"}, {URL: "http://a.example/3.ogg"},
				{URL: "http://a.example/4.ogg", Length: 99999999999}}}},
		{"entities and cdata", `<title>Fish &amp; Chips &lt;3</title><description><![CDATA[a &amp; b]]></description>`,
			document.Item{Title: "Fish & Chips <3", Content: "a &amp; b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rssItemDoc(t, tt.item)
			assertDoc(t, &document.Document{Items: []document.Item{tt.want}}, &document.Document{Items: []document.Item{got}})
		})
	}
}

// atomEntryDoc parses one Atom 1.0 entry and returns it.
func atomEntryDoc(t *testing.T, feedChildren, entry string) document.Item {
	t.Helper()
	doc := mustParse(t, `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`+
		`<title>T</title>`+feedChildren+`<entry>`+entry+`</entry></feed>`)
	if len(doc.Items) != 1 {
		t.Fatalf("got %d items; want 1", len(doc.Items))
	}
	assertUTC(t, doc)
	return doc.Items[0]
}

func TestParseAtomEntry(t *testing.T) {
	tests := []struct {
		name, feed, entry string
		want              document.Item
	}{
		{"link without rel", ``, `<link rel="related" href="http://a.example/r"/><link href="http://a.example/1"/>`,
			document.Item{Link: "http://a.example/1"}},
		{"alternate any case", ``, `<link rel="ALTERNATE" href="http://a.example/1"/>`, document.Item{Link: "http://a.example/1"}},
		{"no alternate", ``, `<link rel="self" href="http://a.example/s"/>`, document.Item{}},
		{"category label or term", ``, `<category term="t1" label="Label 1"/><category term="t2"/><category label="L3"/>` +
			`<category/><dc:subject>s</dc:subject>`, document.Item{Categories: []string{"Label 1", "t2", "L3", "s"}}},
		{"author email only", ``, `<author><email>a@example.com</email></author>`, document.Item{Author: "a@example.com"}},
		{"author from source", `<author><name>Feed</name></author>`, `<source><author><name>Src</name></author></source>`,
			document.Item{Author: "Src"}},
		{"author from feed", `<author><name>Feed</name></author>`, ``, document.Item{Author: "Feed"}},
		{"published not from updated", ``, `<updated>2024-01-01T00:00:00Z</updated>`,
			document.Item{Updated: at("2024-01-01T00:00:00Z")}},
		{"content text escaped", ``, `<content type="text">1 &lt; 2 &amp;&amp; 3 &gt; 2</content>`,
			document.Item{Content: "1 &lt; 2 &amp;&amp; 3 &gt; 2"}},
		{"content html", ``, `<content type="html">&lt;b&gt;x&lt;/b&gt;</content>`, document.Item{Content: "<b>x</b>"}},
		{"content without type", ``, `<content>&lt;b&gt;x&lt;/b&gt;</content>`, document.Item{Content: "<b>x</b>"}},
		{"content by reference", ``, `<content src="http://a.example/c.html" type="text/html"/><summary>S</summary>`,
			document.Item{Content: "S"}},
		{"binary content", ``, `<content type="image/png">iVBORw0KGgo=</content><summary>S</summary>`,
			document.Item{Content: "S"}},
		{"summary differs", ``, `<summary>S</summary><content type="html">C</content>`,
			document.Item{Content: "C", Summary: "S"}},
		{"enclosures", ``, `<link rel="enclosure" href="http://a.example/e.mp3" type="audio/mpeg" length="10"/>` +
			`<link rel="enclosure" type="audio/mpeg"/><link rel="enclosure" href="http://a.example/f.mp3" length="x"/>`,
			document.Item{Enclosures: []document.Enclosure{{URL: "http://a.example/e.mp3", Type: "audio/mpeg", Length: 10},
				{URL: "http://a.example/f.mp3"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := atomEntryDoc(t, tt.feed, tt.entry)
			assertDoc(t, &document.Document{Items: []document.Item{tt.want}}, &document.Document{Items: []document.Item{got}})
		})
	}
}

// TestParseNoExternalEntities makes sure neither a file nor a URL named by
// an external entity or DTD is ever read.
func TestParseNoExternalEntities(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "PWNED")
	}))
	defer srv.Close()
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("TOPSECRET"), 0o600); err != nil {
		t.Fatal(err)
	}
	docs := []string{
		`<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://` + secret + `">]>` +
			`<rss version="2.0"><channel><title>&xxe;</title><item><title>&xxe;</title></item></channel></rss>`,
		`<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "` + srv.URL + `/e">]>` +
			`<rss version="2.0"><channel><title>&xxe;</title></channel></rss>`,
		`<?xml version="1.0"?><!DOCTYPE rss SYSTEM "` + srv.URL + `/rss.dtd"><rss version="2.0"><channel><title>T</title></channel></rss>`,
		`<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY % p SYSTEM "` + srv.URL + `/p.dtd"> %p;]>` +
			`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title></feed>`,
		`<?xml version="1.0"?><!DOCTYPE redirect [<!ENTITY xxe SYSTEM "file://` + secret + `">]>` +
			`<redirect><newLocation>&xxe;</newLocation></redirect>`,
	}
	for i, d := range docs {
		doc, err := Parse(strings.NewReader(d))
		if err == nil && strings.Contains(docJSON(t, doc), "TOPSECRET") {
			t.Errorf("doc %d: external file was read: %s", i, docJSON(t, doc))
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d requests were made for external entities", n)
	}
}

// corpusDir is one folder of the third-party corpus.
func corpusDir(t testing.TB, sub string) string {
	t.Helper()
	return filepath.Join(corpusRoot(t), sub)
}

// corpusFiles lists the regular files under dir.
func corpusFiles(t testing.TB, dir string) []string {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// TestParseCorpus runs Parse over every feedparser test feed: it must never
// panic (guard would report "panicked"), and most must parse.
func TestParseCorpus(t *testing.T) {
	files := corpusFiles(t, corpusDir(t, "feedparser"))
	parsed, notFeed, invalid := 0, 0, 0
	for _, path := range files {
		body, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := parseBody(body, Options{})
		switch {
		case err == nil:
			parsed++
			assertUTC(t, doc)
		case strings.Contains(err.Error(), "panicked"):
			t.Errorf("%s: %v", path, err)
		case errors.Is(err, ErrNotAFeed):
			notFeed++
		case errors.Is(err, ErrInvalidFeed):
			invalid++
		default:
			t.Errorf("%s: error wraps neither sentinel: %v", path, err)
		}
	}
	t.Logf("feedparser corpus: %d files, %d parsed, %d not a feed, %d invalid",
		len(files), parsed, notFeed, invalid)
	if parsed < len(files)*3/4 {
		t.Errorf("only %d of %d corpus files parsed", parsed, len(files))
	}
}

// TestParseOtherCorpora runs Parse over the security corpora: no panics.
func TestParseOtherCorpora(t *testing.T) {
	for _, sub := range []string{"feedvalidator", "html5lib-sanitizer", "lxml-html-clean"} {
		for _, path := range corpusFiles(t, corpusDir(t, sub)) {
			body, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := parseBody(body, Options{}); err != nil && strings.Contains(err.Error(), "panicked") {
				t.Errorf("%s: %v", path, err)
			}
		}
	}
}

func TestParseWideEncodings(t *testing.T) {
	feed := "<?xml version=\"1.0\" encoding=\"%s\"?><rss version=\"2.0\"><channel><title>Caf\u00e9 \u65e5\u672c</title>" +
		"<item><title>\U0001F600 item</title><guid>g</guid></item></channel></rss>"
	want := &document.Document{Title: "Caf\u00e9 \u65e5\u672c", Items: []document.Item{{GUID: "g", Title: "\U0001F600 item"}}}
	tests := []struct {
		name, label string
		enc         func(string) []byte
	}{
		{"utf-16le bom", "utf-16", func(s string) []byte { return append([]byte{0xFF, 0xFE}, utf16Bytes(s, false)...) }},
		{"utf-16be bom", "UTF-16", func(s string) []byte { return append([]byte{0xFE, 0xFF}, utf16Bytes(s, true)...) }},
		{"utf-16le no bom", "utf-16le", func(s string) []byte { return utf16Bytes(s, false) }},
		{"utf-16be no bom", "utf-16be", func(s string) []byte { return utf16Bytes(s, true) }},
		{"utf-32be no bom", "utf-32", func(s string) []byte { return utf32Bytes(s, true) }},
		{"utf-32le bom", "utf-32", func(s string) []byte { return append([]byte{0xFF, 0xFE, 0, 0}, utf32Bytes(s, false)...) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(bytes.NewReader(tt.enc(fmt.Sprintf(feed, tt.label))))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			assertDoc(t, want, doc)
		})
	}
}

// utf16Bytes encodes s as UTF-16 without a byte order mark.
func utf16Bytes(s string, bigEndian bool) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// utf32Bytes encodes s as UTF-32 without a byte order mark.
func utf32Bytes(s string, bigEndian bool) []byte {
	var out []byte
	for _, r := range s {
		b := binary.BigEndian.AppendUint32(nil, uint32(r))
		if !bigEndian {
			b = binary.LittleEndian.AppendUint32(nil, uint32(r))
		}
		out = append(out, b...)
	}
	return out
}
