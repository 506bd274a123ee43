package feed

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bodies to Parse: it must never panic (guard
// turns a third-party panic into an error naming it, which fails here too),
// and every error must wrap one of the two sentinels.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	addCorpusSeeds(f)
	f.Add([]byte(`<redirect><newLocation>http://x</newLocation></redirect>`))
	f.Add([]byte(rss20With(`xmlns:cf="http://www.microsoft.com/schemas/rss/core/2005"`, `<cf:treatAs>list</cf:treatAs>`)))
	f.Add([]byte("\xFF\xFE<\x00r\x00s\x00s\x00>\x00"))
	f.Fuzz(func(t *testing.T, body []byte) {
		doc, err := parseBody(body, Options{})
		if err != nil {
			if strings.Contains(err.Error(), "panicked") {
				t.Fatal(err)
			}
			if doc != nil {
				t.Fatalf("error %v with a document", err)
			}
			return
		}
		if doc == nil {
			t.Fatal("nil document without error")
		}
		assertUTC(t, doc)
	})
}

// benchmarkFeed builds an RSS 2.0 feed of n items with about 2 KB of
// content each.
func benchmarkFeed(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ` +
		`xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" ` +
		`xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>Bench</title>` +
		`<link>https://bench.example.com/</link><description>Benchmark feed</description><ttl>60</ttl>` +
		`<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>1</sy:updateFrequency>`)
	para := "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor " +
		"incididunt ut labore et dolore magna aliqua. <a href=\"https://bench.example.com/x\">Ut enim</a> " +
		"ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.</p>\n"
	content := strings.Repeat(para, 2048/len(para)+1)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>Post number %d</title><link>https://bench.example.com/posts/%d</link>`+
			`<guid isPermaLink="false">bench-%d</guid><pubDate>Mon, 01 Jan 2024 %02d:00:00 +0000</pubDate>`+
			`<dc:creator>Author %d</dc:creator><category>bench</category><category>go</category>`+
			`<description>Summary of post %d.</description><content:encoded><![CDATA[%s]]></content:encoded>`+
			`<enclosure url="https://bench.example.com/%d.mp3" type="audio/mpeg" length="123456"/></item>`,
			i, i, i, i%24, i, i, content, i)
	}
	b.WriteString(`</channel></rss>`)
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	body := benchmarkFeed(20)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := parseBody(body, Options{})
		if err != nil || len(doc.Items) != 20 {
			b.Fatalf("parse: %v", err)
		}
	}
}
