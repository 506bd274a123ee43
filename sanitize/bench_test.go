package sanitize

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readArticle returns testdata/article.html, a ~20 KB blog post as a
// WordPress feed carries it: figures with srcset, a table, code, embeds,
// share buttons with onclick, a tracking pixel and a tweet's script.
func readArticle(tb testing.TB) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "article.html"))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// titles are typical text-field values, clean and dirty.
var titles = []string{
	"What we learned moving CI to containers",
	"Tom &amp; Jerry &#8211; the &lt;em&gt;complete&lt;/em&gt; guide",
	"<b>Breaking:</b> release 2.0\u202e is out\x1b[2J",
	"  Multi-line\n\ttitle  with   spaces ",
}

// TestArticle checks the benchmark article: structure kept, hostile parts
// gone.
func TestArticle(t *testing.T) {
	in := readArticle(t)
	out := HTML(in)
	assertSafeHTML(t, in[:64], out)
	for _, keep := range []string{"<h2>", "<table>", "<pre><code>", "<figcaption>", `<a href="mailto:infra@example.org" rel="nofollow">`, `src="data:image/gif;base64,`} {
		if !strings.Contains(out, keep) {
			t.Errorf("HTML dropped %q", keep)
		}
	}
	for _, gone := range []string{"<iframe", "<script", "onclick", "style=", "class=", "srcset", "target="} {
		if strings.Contains(out, gone) {
			t.Errorf("HTML kept %q", gone)
		}
	}
}

// BenchmarkHTML sanitizes the ~20 KB article.
func BenchmarkHTML(b *testing.B) {
	in := readArticle(b)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		HTML(in)
	}
}

// BenchmarkText sanitizes a mix of clean and dirty titles.
func BenchmarkText(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range titles {
			Text(s)
		}
	}
}

// BenchmarkLink sanitizes a typical item link.
func BenchmarkLink(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Link(" https://example.org/blog/2024/05/containers/?utm_source=rss&utm_medium=rss ")
	}
}

// BenchmarkTerminal filters the article's text, as the reader view would.
func BenchmarkTerminal(b *testing.B) {
	in := Text(readArticle(b))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		Terminal(in)
	}
}

// BenchmarkHTMLSummary sanitizes a plain-text RSS description, as most
// feeds give beside their content.
func BenchmarkHTMLSummary(b *testing.B) {
	const in = "A short summary of the post, with “quotes”, an em dash — and café."
	b.ReportAllocs()
	for b.Loop() {
		HTML(in)
	}
}

// BenchmarkTextUnicode sanitizes a clean title outside ASCII, as most
// feeds not in English give.
func BenchmarkTextUnicode(b *testing.B) {
	const in = "Déjà vu: “quoted” café — 東京の数据库 Straße"
	b.ReportAllocs()
	for b.Loop() {
		Text(in)
	}
}

// farmContent is an item's content as the end-to-end benchmark's feeds
// carry it (ui/cli's farmHTML): headings, paragraphs with links and
// emphasis, lists, quotes, code and an image with a style and a handler.
const farmContent = `<h2>Release notes for the quiet week</h2>
<p>The team shipped a small but welcome set of changes to the sync engine and the reader <a href="https://example.com/48213?utm_source=feed&amp;id=90871" title="read more">the full story</a>, <em>with tests</em> and <strong>no regressions</strong>. Nothing else changed in the store or in the way feeds are fetched over the wire.</p>
<ul><li>Faster cold sync for large lists</li><li>Fewer allocations while parsing dates and links</li><li><a href="https://example.org/771204">release page</a></li></ul>
<blockquote><p>It is the little things that make a reader pleasant to use every day, and this release is full of them.</p></blockquote>
<pre><code>func f(x int) int {
	return x * 42 // double it twice
}</code></pre>
<p><img src="https://cdn.example.net/img/5531.jpg" alt="a quiet harbour" width="640" height="360" style="border:0" onload="track(17)"></p>
<p>Readers asked why the sync took so long <a href="https://example.com/99120?utm_source=feed&amp;id=1203" title="the thread">on the forum</a>, <em>and it's fair</em> and <strong>we listened</strong>. The answer was the sanitizer, which read every byte twice &amp; more.</p>
`

// paragraphContent is the content of the engine's sync benchmark: twenty
// paragraphs with emphasis and the same link.
var paragraphContent = strings.Repeat(`<p>Some <em>reasonably</em> long paragraph with a <a href="http://example.com/x">link</a> in it. </p>`, 20)

// BenchmarkHTMLFarm sanitizes farmContent.
func BenchmarkHTMLFarm(b *testing.B) {
	b.SetBytes(int64(len(farmContent)))
	b.ReportAllocs()
	for b.Loop() {
		HTML(farmContent)
	}
}

// BenchmarkHTMLParagraphs sanitizes paragraphContent.
func BenchmarkHTMLParagraphs(b *testing.B) {
	b.SetBytes(int64(len(paragraphContent)))
	b.ReportAllocs()
	for b.Loop() {
		HTML(paragraphContent)
	}
}

// feedsJSON is what 'tidings feeds --json' prints for 2,000 feeds, some
// titles not in ASCII and one of them hostile.
func feedsJSON() []byte {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range 2000 {
		title := "Gopher Notes"
		switch {
		case i%10 == 0:
			title = "Ünïcode 世界 🌍 Feed"
		case i == 1000:
			title = "Evil \u009b31m \u202e feed"
		}
		fmt.Fprintf(&b, "  {\n    \"id\": %d,\n    \"url\": \"https://blog.example.com/feeds/%d.xml\",\n    \"title\": %q,\n"+
			"    \"folder\": \"Tech/Go\",\n    \"sync\": \"default\",\n    \"interval_minutes\": 1440,\n"+
			"    \"last_download_at\": \"2026-11-26T23:50:29Z\",\n    \"item_count\": 40,\n    \"unread_count\": 3\n  },\n", i, i, title)
	}
	b.WriteString("]\n")
	return []byte(b.String())
}

// BenchmarkTerminalWriterFeedsJSON writes 2,000 feeds' JSON through the
// door out in one write, as the JSON encoder hands it over.
func BenchmarkTerminalWriterFeedsJSON(b *testing.B) {
	in := feedsJSON()
	w := NewTerminalWriter(io.Discard)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		w.Write(in)
	}
}

// BenchmarkTerminalWriterChunks writes the same JSON in the 4 KB pieces a
// buffered writer would, cutting characters between writes.
func BenchmarkTerminalWriterChunks(b *testing.B) {
	in := feedsJSON()
	w := NewTerminalWriter(io.Discard)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		for p := in; len(p) > 0; {
			n := min(len(p), 4093)
			w.Write(p[:n])
			p = p[n:]
		}
	}
}
