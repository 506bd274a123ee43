package opml

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

const fixtures = "testdata"

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustDecode(t *testing.T, src string) *Document {
	t.Helper()
	d, err := Decode(strings.NewReader(src))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return d
}

func wantDoc(t *testing.T, got, want *Document) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("document mismatch\n got: %#v\nwant: %#v", got, want)
	}
}

func TestDecodeFixtures(t *testing.T) {
	tests := []struct {
		file string
		want *Document
	}{
		{"nested.opml", &Document{
			Title: "Reading & Listening",
			Root: Folder{
				Feeds: []Feed{{URL: "https://top.example/feed.xml", Title: "Top Level", HTMLURL: "https://top.example/"}},
				Folders: []Folder{
					{
						Name:  "Tech",
						Feeds: []Feed{{URL: "https://go.dev/blog/feed.atom", Title: "The Go Blog", HTMLURL: "https://go.dev/blog"}},
						Folders: []Folder{
							{
								Name:  "Languages",
								Feeds: []Feed{{URL: "https://rust.example/atom.xml", Title: "Rust & Friends"}},
								Folders: []Folder{{
									Name: "Deep",
									Feeds: []Feed{{
										URL: "https://deep.example/rss", Title: "Deepest Feed",
										Sync: SyncInterval, IntervalMinutes: 90, MaxItems: 50, Enclosures: true,
									}},
								}},
							},
							{Name: "Empty Folder"},
						},
					},
					{
						Name:  "Podcasts",
						Feeds: []Feed{{URL: "https://talk.example/podcast.rss", Title: "Talk Show", Sync: SyncManual, Enclosures: true}},
					},
				},
			},
		}},
		{"flat.opml", &Document{
			Title: "mySubscriptions",
			Root: Folder{Feeds: []Feed{
				{URL: "http://scripting.com/rss.xml", Title: "Scripting News", HTMLURL: "http://scripting.com/"},
				{URL: "https://rss.nytimes.com/services/xml/rss/nyt/HomePage.xml", Title: "NYT > Home Page", HTMLURL: "https://www.nytimes.com"},
				{URL: "http://cafe.example/index.xml", Title: "Café Notes"},
				// The second "Scripting News" duplicates the first URL: dropped.
			}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := Decode(bytes.NewReader(readFixture(t, tt.file)))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			wantDoc(t, got, tt.want)
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // substring of the message
	}{
		{"broken fixture", string(readFixture(t, "broken.opml")), "unexpected EOF"},
		{"RSS fixture", string(readFixture(t, "notopml.xml")), "root element is <rss>, not <opml>"},
		{"empty", "", "no root element"},
		{"blank", " \n\t", "no root element"},
		{"not XML", "this is not XML\nat all", "no root element"},
		{"JSON", `{"feeds": []}`, "no root element"},
		{"HTML", "<!DOCTYPE html><html><body></body></html>", "root element is <html>"},
		{"truncated root", "<opml version=\"2.0\">", "unexpected EOF"},
		{"truncated tag", `<opml><body><outline text="a`, "unexpected EOF"},
		{"mismatched tags", "<opml><body></head></opml>", "closed by"},
		{"no body", "<opml><head><title>x</title></head></opml>", "<opml> has no <body>"},
		{"no children", "<opml/>", "has no <body>"},
		{"bad entity", "<opml><body><outline text=\"&nbsp;\"/></body></opml>", "entity"},
		{"external entity", `<!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]><opml><head><title>&x;</title></head><body/></opml>`, "entity"},
		{"bad char", "<opml><body><outline text=\"&#0;\"/></body></opml>", "illegal character"},
		{"unknown encoding", `<?xml version="1.0" encoding="EBCDIC"?><opml><body/></opml>`, "EBCDIC"},
		{"too deep", "<opml><body>" + strings.Repeat(`<outline text="x">`, maxDepth+1) +
			strings.Repeat("</outline>", maxDepth+1) + "</body></opml>", "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Decode(strings.NewReader(tt.src))
			if err == nil {
				t.Fatalf("Decode succeeded: %#v", d)
			}
			if d != nil {
				t.Errorf("Decode returned a document with error %v", err)
			}
			if !errors.Is(err, ErrInvalidOPML) {
				t.Errorf("error %q does not wrap ErrInvalidOPML", err)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\r\n") {
				t.Errorf("error is not one line: %q", msg)
			}
			if !strings.HasPrefix(msg, "invalid OPML: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q, want prefix %q and %q", msg, "invalid OPML: ", tt.want)
			}
		})
	}
}

func TestDecodeTruncatedIsUnexpectedEOF(t *testing.T) {
	src := readFixture(t, "nested.opml")
	for n := range len(src) - len("</opml>\n") {
		_, err := Decode(bytes.NewReader(src[:n]))
		if !errors.Is(err, ErrInvalidOPML) {
			t.Fatalf("prefix of %d bytes: err = %v, want ErrInvalidOPML", n, err)
		}
	}
}

type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

func TestDecodeReaderError(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, r := range []io.Reader{
		failingReader{boom},
		io.MultiReader(strings.NewReader("<opml><body>"), failingReader{boom}),
	} {
		_, err := Decode(r)
		if !errors.Is(err, boom) || errors.Is(err, ErrInvalidOPML) {
			t.Errorf("err = %v, want the reader's error and not ErrInvalidOPML", err)
		}
	}
}

func TestDecodeRules(t *testing.T) {
	const head = `<opml version="2.0"><body>`
	const tail = `</body></opml>`
	feed := func(url, title string) Feed { return Feed{URL: url, Title: title} }
	tests := []struct {
		name string
		body string
		want Folder
	}{
		{"empty body", ``, Folder{}},
		{
			"feed types",
			`<outline type="rss" text="a" xmlUrl="u1"/><outline type="atom" text="b" xmlUrl="u2"/>` +
				`<outline text="c" xmlUrl="u3"/><outline type="link" text="d" xmlUrl="u4"/>`,
			Folder{Feeds: []Feed{feed("u1", "a"), feed("u2", "b"), feed("u3", "c"), feed("u4", "d")}},
		},
		{
			"title before text, trimmed",
			`<outline text="text" title="  title  " xmlUrl=" u "/><outline text=" text " title=" " xmlUrl="v"/>`,
			Folder{Feeds: []Feed{feed("u", "title"), feed("v", "text")}},
		},
		{
			"untitled feed",
			`<outline xmlUrl="u"/>`,
			Folder{Feeds: []Feed{feed("u", "")}},
		},
		{
			"attribute names are case-insensitive",
			`<outline TEXT="a" xmlurl="u" HTMLURL="h"/>`,
			Folder{Feeds: []Feed{{URL: "u", Title: "a", HTMLURL: "h"}}},
		},
		{
			"blank xmlUrl is skipped",
			`<outline type="rss" text="a" xmlUrl="  "/><outline type="rss" text="b" xmlUrl="u"/>`,
			Folder{Feeds: []Feed{feed("u", "b")}},
		},
		{
			"blank xmlUrl with children is a folder",
			`<outline type="rss" text="F" xmlUrl=""><outline text="a" xmlUrl="u"/></outline>`,
			Folder{Folders: []Folder{{Name: "F", Feeds: []Feed{feed("u", "a")}}}},
		},
		{
			"childless non-folder outlines are dropped",
			`<outline type="link" text="L" url="https://x"/><outline type="include" text="I" url="x.opml"/>` +
				`<outline type="Folder" text="F"/>`,
			Folder{Folders: []Folder{{Name: "F"}}},
		},
		{
			"folder named by text, else title",
			`<outline text="T" title="X"/><outline text=" " title="Y"/>`,
			Folder{Folders: []Folder{{Name: "T"}, {Name: "Y"}}},
		},
		{
			"slash in folder names, trimmed",
			`<outline text="  News / World  "><outline text="a/b" xmlUrl="u"/></outline>`,
			Folder{Folders: []Folder{{Name: "News - World", Feeds: []Feed{feed("u", "a/b")}}}},
		},
		{
			"unnamed folder is flattened",
			`<outline text="a" xmlUrl="u1"/><outline><outline text="b" xmlUrl="u2"/><outline text="F"/></outline><outline/>`,
			Folder{Feeds: []Feed{feed("u1", "a"), feed("u2", "b")}, Folders: []Folder{{Name: "F"}}},
		},
		{
			"children of a feed go to its folder",
			`<outline text="F"><outline text="a" xmlUrl="u1"><outline text="b" xmlUrl="u2"/><outline text="G"/></outline>` +
				`<outline text="c" xmlUrl="u3"/></outline>`,
			Folder{Folders: []Folder{{
				Name:    "F",
				Feeds:   []Feed{feed("u1", "a"), feed("u2", "b"), feed("u3", "c")},
				Folders: []Folder{{Name: "G"}},
			}}},
		},
		{
			"duplicate URLs: first wins",
			`<outline text="F"><outline text="first" xmlUrl="u"/></outline><outline text="second" xmlUrl="u"/>` +
				`<outline text="G"><outline text="third" xmlUrl=" u "/></outline><outline text="other" xmlUrl="U"/>`,
			Folder{
				Feeds:   []Feed{feed("U", "other")},
				Folders: []Folder{{Name: "F", Feeds: []Feed{feed("u", "first")}}, {Name: "G"}},
			},
		},
		{
			"sibling folders with the same name merge",
			`<outline text="F"><outline text="a" xmlUrl="u1"/><outline text="S"/></outline><outline text="G"/>` +
				`<outline title="F"><outline text="b" xmlUrl="u2"/><outline text="S"><outline text="c" xmlUrl="u3"/></outline></outline>` +
				`<outline text="F/"/><outline text="F-"/>`,
			Folder{Folders: []Folder{
				{Name: "F", Feeds: []Feed{feed("u1", "a"), feed("u2", "b")}, Folders: []Folder{{Name: "S", Feeds: []Feed{feed("u3", "c")}}}},
				{Name: "G"},
				{Name: "F-"},
			}},
		},
		{
			"tidings attributes",
			`<outline text="a" xmlUrl="u1" xmlns:t="` + Namespace + `" t:sync="Interval" t:interval=" 15 " t:maxItems="7" t:enclosures="1"/>` +
				`<outline text="b" xmlUrl="u2" tidings:sync="manual" tidings:maxitems="3"/>` +
				`<outline text="c" xmlUrl="u3" tidings:sync="default" tidings:interval="-5" tidings:maxItems="many" tidings:enclosures="yes"/>` +
				`<outline text="d" xmlUrl="u4" tidings:sync="hourly" tidings:interval="99999999999999999999999"/>` +
				`<outline text="e" xmlUrl="u5" xmlns:other="https://example.com/ns" other:sync="manual" sync="manual" interval="5"/>`,
			Folder{Feeds: []Feed{
				{URL: "u1", Title: "a", Sync: SyncInterval, IntervalMinutes: 15, MaxItems: 7, Enclosures: true},
				{URL: "u2", Title: "b", Sync: SyncManual, MaxItems: 3},
				feed("u3", "c"),
				feed("u4", "d"),
				feed("u5", "e"),
			}},
		},
		{
			"non-outline elements are ignored",
			`<foo><outline text="hidden" xmlUrl="h"/></foo><outline text="a" xmlUrl="u">text<b>bold</b></outline>`,
			Folder{Feeds: []Feed{feed("u", "a")}},
		},
		{
			"escaped characters",
			`<outline text="a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;&#xA;f" xmlUrl="https://x/?a=1&amp;b=2"/>`,
			Folder{Feeds: []Feed{feed("https://x/?a=1&b=2", "a & b <c> \"d\" 'e'\nf")}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustDecode(t, head+tt.body+tail)
			wantDoc(t, got, &Document{Root: tt.want})
		})
	}
}

func TestDecodeDocumentLevel(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want *Document
	}{
		{"minimal", `<opml><body/></opml>`, &Document{}},
		{"empty head and body", `<opml version="2.0"><head/><body></body></opml>`, &Document{}},
		{"no version, upper-case names", `<OPML><HEAD><TITLE>T</TITLE></HEAD><BODY><OUTLINE TEXT="a" XMLURL="u"/></BODY></OPML>`,
			&Document{Title: "T", Root: Folder{Feeds: []Feed{{URL: "u", Title: "a"}}}}},
		{"BOM, doctype and comments", "\ufeff<?xml version=\"1.0\"?><!DOCTYPE opml><!-- hi --><opml version=\"1.1\"><head><title> T </title></head><body/></opml>",
			&Document{Title: "T"}},
		{"first title wins, text nested", `<opml><head><title>A <b>B</b></title><title>C</title></head><head><title>D</title></head><body/></opml>`,
			&Document{Title: "A B"}},
		{"bodies merge", `<opml><body><outline text="F"><outline text="a" xmlUrl="u1"/></outline></body><body><outline text="F"><outline text="b" xmlUrl="u2"/></outline></body></opml>`,
			&Document{Root: Folder{Folders: []Folder{{Name: "F", Feeds: []Feed{{URL: "u1", Title: "a"}, {URL: "u2", Title: "b"}}}}}}},
		{"namespaced document", `<opml xmlns="http://example.com/opml"><body><outline text="a" xmlUrl="u"/></body></opml>`,
			&Document{Root: Folder{Feeds: []Feed{{URL: "u", Title: "a"}}}}},
		{"trailing content ignored", `<opml><body/></opml><junk>`, &Document{}},
		{"windows-1252", "<?xml version=\"1.0\" encoding=\"windows-1252\"?><opml><head><title>\x93quoted\x94 \x80</title></head><body/></opml>",
			&Document{Title: "\u201cquoted\u201d €"}},
		{"latin1", "<?xml version=\"1.0\" encoding=\"latin1\"?><opml><head><title>na\xefve \x93</title></head><body/></opml>",
			&Document{Title: "naïve \u0093"}},
		{"us-ascii", "<?xml version=\"1.0\" encoding=\"US-ASCII\"?><opml><head><title>plain</title></head><body/></opml>",
			&Document{Title: "plain"}},
		{"max depth", "<opml><body>" + strings.Repeat(`<outline text="x">`, maxDepth) + strings.Repeat("</outline>", maxDepth) + "</body></opml>",
			&Document{Root: nestedFolders(maxDepth)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantDoc(t, mustDecode(t, tt.src), tt.want)
		})
	}
}

// nestedFolders returns a root holding a chain of n folders named "x".
func nestedFolders(n int) Folder {
	f := Folder{Name: "x"}
	for range n - 1 {
		f = Folder{Name: "x", Folders: []Folder{f}}
	}
	return Folder{Folders: []Folder{f}}
}

func roundTrip(t testing.TB, d *Document) (*Document, []byte) {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, d); err != nil {
		t.Fatalf("Encode: %v", err)
	}
	got, err := Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("Decode of encoded document: %v\n%s", err, b.Bytes())
	}
	return got, b.Bytes()
}

func TestRoundTrip(t *testing.T) {
	nested, err := Decode(bytes.NewReader(readFixture(t, "nested.opml")))
	if err != nil {
		t.Fatal(err)
	}
	tricky := "a & b <c> \"d\" 'e' ]]> \t tab\nnew line\r\nCRLF – ünïcödé 🚀 &amp;"
	tests := []struct {
		name string
		doc  *Document
	}{
		{"empty", &Document{}},
		{"title only", &Document{Title: "Only a title"}},
		{"nested fixture", nested},
		{"deep", &Document{Root: nestedFolders(maxDepth)}},
		{"empty folders", &Document{Root: Folder{Folders: []Folder{
			{Name: "A"}, {Name: "B", Folders: []Folder{{Name: "C"}}},
		}}}},
		{"escaping", &Document{
			Title: tricky,
			Root: Folder{
				Feeds:   []Feed{{URL: "https://x.example/feed?a=1&b=<2>&c=\"3\"", Title: tricky, HTMLURL: "https://x.example/?q='&'"}},
				Folders: []Folder{{Name: tricky, Feeds: []Feed{{URL: "https://y.example/", Title: "<![CDATA[not]]>"}}}},
			},
		}},
		{"tidings attributes", &Document{Root: Folder{Feeds: []Feed{
			{URL: "u1", Title: "interval", Sync: SyncInterval, IntervalMinutes: 30},
			{URL: "u2", Title: "manual", Sync: SyncManual, MaxItems: 200, Enclosures: true},
			{URL: "u3", Title: "defaults"},
			{URL: "u4", Title: "all", HTMLURL: "h", Sync: SyncInterval, IntervalMinutes: 1, MaxItems: 1, Enclosures: true},
			{URL: "u5"},
			{URL: "u6", Title: "the publisher's", TitleFromFeed: true},
			{URL: "u7", Title: "whole articles", FullText: true},
		}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, out := roundTrip(t, tt.doc)
			if !reflect.DeepEqual(got, tt.doc) {
				t.Errorf("round trip changed the document\n got: %#v\nwant: %#v\nXML:\n%s", got, tt.doc, out)
			}
		})
	}
}

func TestRoundTripNormalises(t *testing.T) {
	// What Decode would not produce comes back normalised.
	in := &Document{Root: Folder{
		Feeds: []Feed{
			{URL: "u", Title: "first", Sync: SyncDefault, IntervalMinutes: -1, MaxItems: -1},
			{URL: "u", Title: "duplicate"},
		},
		Folders: []Folder{{Name: "a/b"}, {Name: "", Feeds: []Feed{{URL: "v", Title: "unnamed folder"}}}},
	}}
	want := &Document{Root: Folder{
		Feeds:   []Feed{{URL: "u", Title: "first"}, {URL: "v", Title: "unnamed folder"}},
		Folders: []Folder{{Name: "a-b"}},
	}}
	got, out := roundTrip(t, in)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v\nXML:\n%s", got, want, out)
	}
}

func TestEncodeGolden(t *testing.T) {
	defer func(old func() time.Time) { now = old }(now)
	now = func() time.Time { return time.Date(2025, 11, 22, 5, 15, 0, 0, time.FixedZone("CET", 3600)) }

	d := &Document{
		Title: `Tom & Jerry's "feeds"`,
		Root: Folder{
			Feeds: []Feed{{URL: "https://a.example/rss?x=1&y=2", Title: "A <1>", HTMLURL: "https://a.example/"}},
			Folders: []Folder{{
				Name: "Tech",
				Feeds: []Feed{
					{URL: "https://b.example/atom", Title: "Line\nbreak", Sync: SyncInterval, IntervalMinutes: 60, MaxItems: 100, Enclosures: true},
					{URL: "https://c.example/feed", Sync: SyncDefault},
				},
				Folders: []Folder{{Name: "Empty"}},
			}},
		},
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0" xmlns:tidings="https://github.com/tidings-rss/tidings/opml">
  <head>
    <title>Tom &amp; Jerry&#39;s &#34;feeds&#34;</title>
    <dateCreated>Sat, 22 Nov 2025 04:15:00 +0000</dateCreated>
  </head>
  <body>
    <outline type="rss" text="A &lt;1&gt;" title="A &lt;1&gt;" xmlUrl="https://a.example/rss?x=1&amp;y=2" htmlUrl="https://a.example/"/>
    <outline text="Tech" title="Tech">
      <outline type="rss" text="Line&#xA;break" title="Line&#xA;break" xmlUrl="https://b.example/atom" tidings:sync="interval" tidings:interval="60" tidings:maxItems="100" tidings:enclosures="true"/>
      <outline type="rss" text="" xmlUrl="https://c.example/feed"/>
      <outline text="Empty" title="Empty"/>
    </outline>
  </body>
</opml>
`
	var b strings.Builder
	if err := Encode(&b, d); err != nil {
		t.Fatal(err)
	}
	if b.String() != want {
		t.Errorf("Encode output:\n%s\nwant:\n%s", b.String(), want)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func TestEncodeErrors(t *testing.T) {
	boom := errors.New("disk full")
	if err := Encode(failingWriter{boom}, &Document{}); !errors.Is(err, boom) {
		t.Errorf("Encode to failing writer: err = %v, want %v", err, boom)
	}
	if err := Encode(io.Discard, nil); err == nil {
		t.Error("Encode(nil) succeeded")
	}
}

func TestWalk(t *testing.T) {
	d, err := Decode(bytes.NewReader(readFixture(t, "nested.opml")))
	if err != nil {
		t.Fatal(err)
	}
	type pair struct{ path, url string }
	tests := []struct {
		name      string
		folder    Folder
		wantFeeds []pair
		wantPaths []string
	}{
		{"empty", Folder{}, nil, nil},
		{
			"nested fixture", d.Root,
			[]pair{
				{"", "https://top.example/feed.xml"},
				{"Tech", "https://go.dev/blog/feed.atom"},
				{"Tech/Languages", "https://rust.example/atom.xml"},
				{"Tech/Languages/Deep", "https://deep.example/rss"},
				{"Podcasts", "https://talk.example/podcast.rss"},
			},
			[]string{"Tech", "Tech/Languages", "Tech/Languages/Deep", "Tech/Empty Folder", "Podcasts"},
		},
		{
			"named receiver", d.Root.Folders[0].Folders[0],
			[]pair{{"Languages", "https://rust.example/atom.xml"}, {"Languages/Deep", "https://deep.example/rss"}},
			[]string{"Languages", "Languages/Deep"},
		},
		{
			"hand-built names are normalised",
			Folder{Folders: []Folder{
				{Name: " a/b ", Feeds: []Feed{{URL: "1"}}, Folders: []Folder{{Name: "", Feeds: []Feed{{URL: "2"}}}}},
				{Name: "a-b", Folders: []Folder{{Name: "c"}}},
			}},
			[]pair{{"a-b", "1"}, {"a-b", "2"}},
			[]string{"a-b", "a-b/c"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var feeds []pair
			tt.folder.Walk(func(path string, f Feed) { feeds = append(feeds, pair{path, f.URL}) })
			if !reflect.DeepEqual(feeds, tt.wantFeeds) {
				t.Errorf("Walk: got %q, want %q", feeds, tt.wantFeeds)
			}
			if got := tt.folder.FolderPaths(); !reflect.DeepEqual(got, tt.wantPaths) {
				t.Errorf("FolderPaths: got %q, want %q", got, tt.wantPaths)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	for _, name := range []string{"nested.opml", "flat.opml", "broken.opml", "notopml.xml"} {
		f.Add(readFixture(f, name))
	}
	addCorpusSeeds(f)
	f.Add([]byte(`<opml><body><outline text="a/b"><outline xmlUrl="u"><outline text="c"/></outline></outline><outline/></body></opml>`))
	f.Add([]byte(`<opml><head><title>&amp;&#xA;</title></head><body><outline text=" x " tidings:sync="manual" tidings:interval="3"/></body></opml>`))
	f.Add([]byte("<?xml version=\"1.0\" encoding=\"windows-1252\"?><opml><body><outline text=\"\x93\" xmlUrl=\"\x80\"/></body></opml>"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d1, err := Decode(bytes.NewReader(src))
		if err != nil {
			if d1 != nil {
				t.Fatalf("document returned with error %v", err)
			}
			if !errors.Is(err, ErrInvalidOPML) {
				t.Fatalf("error does not wrap ErrInvalidOPML: %v", err)
			}
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		d2, out := roundTrip(t, d1)
		if !reflect.DeepEqual(d1, d2) {
			t.Fatalf("encode→decode not stable\nfirst:  %#v\nsecond: %#v\nXML:\n%s", d1, d2, out)
		}
		d1.Root.Walk(func(string, Feed) {})
		d1.Root.FolderPaths()
	})
}

// Saved searches and rules travel in <head> as tidings elements and come
// back unchanged; other readers' head elements are ignored.
func TestRoundTripSearchesAndRules(t *testing.T) {
	d := &Document{
		Title: "with extensions",
		Root:  Folder{Feeds: []Feed{{URL: "https://a.example/feed", Title: "A"}}},
		Searches: []Search{
			{Name: "Security <this week>", Query: `category = "security" and age < 7`},
		},
		Rules: []Rule{
			{Query: `title ~ "sponsored"`, Action: "delete"},
			{Query: `link ~ "/shorts/"`, Action: "hide", FeedURL: "https://a.example/feed"},
		},
	}
	got, raw := roundTrip(t, d)
	wantDoc(t, got, d)
	if !strings.Contains(string(raw), `<tidings:search name="Security &lt;this week&gt;"`) {
		t.Fatalf("encoded head:\n%s", raw)
	}
	doc := mustDecode(t, `<opml xmlns:t="`+Namespace+`"><head><t:rule action="READ" query="unread"/>
		<tidings:search name="" query="x"/><other:search name="n" query="q"/><t:rule action="hide"/></head><body/></opml>`)
	if len(doc.Searches) != 0 || len(doc.Rules) != 1 || doc.Rules[0] != (Rule{Query: "unread", Action: "read"}) {
		t.Fatalf("decoded extensions: %+v %+v", doc.Searches, doc.Rules)
	}
}

// TestTitleFromFeed: tidings:titleFromFeed="true" marks a title as the
// publisher's; it is written only for a feed with a title, and read
// case-blind like the other tidings attributes.
func TestTitleFromFeed(t *testing.T) {
	var b bytes.Buffer
	doc := &Document{Root: Folder{Feeds: []Feed{{URL: "u1", Title: "T", TitleFromFeed: true}, {URL: "u2", TitleFromFeed: true}}}}
	if err := Encode(&b, doc); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `tidings:titleFromFeed="true"`); n != 1 {
		t.Errorf("tidings:titleFromFeed written %d times, want once (the feed with a title):\n%s", n, b.String())
	}
	got := mustDecode(t, `<opml xmlns:t="`+Namespace+`"><body><outline text="A" xmlUrl="a" t:TITLEFROMFEED=" TRUE "/><outline text="B" xmlUrl="b" t:titleFromFeed="maybe"/></body></opml>`)
	want := &Document{Root: Folder{Feeds: []Feed{{URL: "a", Title: "A", TitleFromFeed: true}, {URL: "b", Title: "B"}}}}
	wantDoc(t, got, want)
}
