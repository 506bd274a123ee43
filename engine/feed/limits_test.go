package feed

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// corpusRoot is the third-party corpus, testdata/corpus.
func corpusRoot(tb testing.TB) string {
	tb.Helper()
	return testenv.CorpusDir(tb)
}

func item(inner string) string {
	return rss20With("", `<item><title>t</title>`+inner+`</item>`)
}

func TestCheckLimits(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		tooBig  bool
		message string
	}{
		{name: "ordinary feed", body: string(benchmarkFeed(20))},
		{name: "2000 items of 2 KB", body: string(benchmarkFeed(2000))},
		{name: "headlines only", body: rss20With("", strings.Repeat(`<item><title>A headline of some length</title>`+
			`<link>https://news.example.com/2024/01/a-headline</link><pubDate>Mon, 01 Jan 2024 00:00:00 +0000</pubDate>`+
			`<category>news</category></item>`, 20000))},
		{name: "nesting at the limit", body: item(strings.Repeat("<a>", MaxDepth-4) + strings.Repeat("</a>", MaxDepth-4))},
		{name: "unclosed HTML closed by its parent", body: rss20With("", strings.Repeat(`<item><description>`+
			strings.Repeat("<br>a line of show notes, as long as lines of prose usually are", 200)+`</description></item>`, 20))},
		{name: "podcast", body: podcastFeed(2000)},
		{name: "markup in CDATA, comments and attributes", body: item(`<description><![CDATA[` + strings.Repeat("<a>", 5000) +
			`]]></description><!--` + strings.Repeat("<b>", 5000) + `--><x a="` + strings.Repeat("&lt;c&gt;", 500) + `"/>`)},
		{name: "internal DTD subset", body: `<!DOCTYPE rss [<!ENTITY a "<b>x</b>">]>` + item("")},
		{name: "nested a million deep", body: item(strings.Repeat("<a>", 1<<20) + strings.Repeat("</a>", 1<<20)),
			tooBig: true, message: "deeper than 256"},
		{name: "four million empty elements", body: item(strings.Repeat("<a/>", 4<<20)), tooBig: true, message: "elements"},
		{name: "attribute flood", body: item(`<x ` + strings.Repeat(`a="" `, 1<<20) + `/>`), tooBig: true, message: "attributes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkLimits([]byte(tt.body))
			if !tt.tooBig {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrTooLarge) || !errors.Is(err, ErrInvalidFeed) {
				t.Fatalf("error %v, want ErrTooLarge and ErrInvalidFeed", err)
			}
			if !strings.Contains(err.Error(), tt.message) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q, want one line saying %q", err, tt.message)
			}
			if doc, perr := Parse(strings.NewReader(tt.body)); doc != nil || !errors.Is(perr, ErrTooLarge) {
				t.Fatalf("Parse = %v, %v; want the limit's error", doc, perr)
			}
		})
	}
}

// TestEveryWellFormedCorpusFeedPassesTheLimits checks that no real feed of
// the corpus (and none of the fixtures) is refused as too large.
func TestEveryWellFormedCorpusFeedPassesTheLimits(t *testing.T) {
	dirs := []string{fixtureDir}
	for _, d := range []string{"feedparser/wellformed", "feedvalidator", "html5lib-sanitizer", "lxml-html-clean"} {
		dirs = append(dirs, filepath.Join(corpusRoot(t), d))
	}
	n := 0
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			body, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			n++
			utf8Body, err := toUTF8(body, "")
			if err != nil {
				return nil // an encoding tidings refuses anyway
			}
			if err := checkLimits(dropControlBytes(utf8Body)); err != nil {
				t.Errorf("%s: %v", path, err)
			}
			return nil
		})
	}
	t.Logf("%d documents within the limits", n)
}

// TestParseMemoryMatchesTheEstimate measures what the parser's tree holds
// once it has parsed documents of several shapes and checks that the estimate of
// checkLimits is never below it, so a document within the bound really
// parses within ParseFactor times its size.
func TestParseMemoryMatchesTheEstimate(t *testing.T) {
	shapes := map[string]string{
		"ordinary items":   string(benchmarkFeed(500)),
		"small elements":   rss20With("", strings.Repeat("<item><title>a</title><category>b</category></item>", 50000)),
		"attributes":       item(strings.Repeat(`<x:y xmlns:x="urn:x" a="1" b="2" c="3" d="4"/>`, 20000)),
		"extension values": item(strings.Repeat(`<dc:subject xmlns:dc="http://purl.org/dc/elements/1.1/">s</dc:subject>`, 50000)),
		"podcast":          podcastFeed(2000),
		"character refs":   item(`<description>` + strings.Repeat("&#x41;&amp;&lt;", 200000) + `</description>`),
	}
	for name, body := range shapes {
		t.Run(name, func(t *testing.T) {
			b := []byte(body)
			s := shapeOf(b)
			estimate := s.estimate(len(b))
			held := heldBy(func() any {
				root, err := parseTree(b, nil)
				if err != nil {
					t.Fatal(err)
				}
				return root
			})
			t.Logf("%d bytes, %d elements, %d prefixed, %d attributes: parse holds %d KB, estimate %d KB",
				len(b), s.elements, s.extensions, s.attrs, held>>10, estimate>>10)
			if int64(len(b))+held > estimate {
				t.Errorf("body and parse hold %d bytes, more than the estimate %d", int64(len(b))+held, estimate)
			}
		})
	}
}

// heldBy returns the heap bytes still held by what fn returns.
func heldBy(fn func() any) int64 {
	base := liveHeap()
	v := fn()
	held := liveHeap() - base
	runtime.KeepAlive(v)
	return held
}

func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// podcastFeed is a podcast of n episodes with iTunes tags and short show
// notes: many small extension elements, the densest shape of real feeds.
func podcastFeed(n int) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">` +
		`<channel><title>Pod</title><link>https://pod.example.com/</link><itunes:author>Host</itunes:author>`)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>Episode %d: a conversation</title><link>https://pod.example.com/e/%d</link>`+
			`<guid isPermaLink="false">pod-%d</guid><pubDate>Mon, 01 Jan 2024 00:00:00 +0000</pubDate>`+
			`<enclosure url="https://cdn.example.com/e%d.mp3" length="45678901" type="audio/mpeg"/>`+
			`<itunes:author>Host</itunes:author><itunes:duration>01:02:03</itunes:duration><itunes:explicit>no</itunes:explicit>`+
			`<itunes:episode>%d</itunes:episode><itunes:image href="https://pod.example.com/e%d.jpg"/>`+
			`<description>We talk about the week, the news and a listener question about feeds.</description></item>`, i, i, i, i, i, i)
	}
	b.WriteString(`</channel></rss>`)
	return b.String()
}
