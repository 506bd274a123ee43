package article

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzExtract: whatever the page and its Content-Type, Extract ends (no
// panic, within the bounds), and an article it returns is what the store
// may keep — sanitize.HTML's fixed point, no live markup by an
// independent tokenizer, no terminal control — with words.
//
//	go test -run XXX -fuzz '^FuzzExtract$' -fuzztime 10m ./engine/article
func FuzzExtract(f *testing.F) {
	names, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "articles", "*.html"))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "text/html")
	}
	para := "<p>" + strings.Repeat("Enough words to count as an article here. ", 15) + "</p>"
	for _, s := range []string{
		page(`<script>x()</script>`, `<article>`+para+`<a href="javascript:x()">x</a><img src=x onerror=x()></article>`),
		page(`<base href="javascript:alert(1)//">`, para+`<a href="rel">r</a>`),
		page(`<meta charset="utf-16">`, para+"\x1b[2J\u202e\u0085"),
		page("", strings.Repeat("<div>", 300)+para),
		`<?xml version="1.0"?><rss><channel>` + para + `</channel></rss>`,
		page("", "<table><tr><td>"+para+"<td><pre>code\n\tindented</pre></table>"),
	} {
		f.Add([]byte(s), "text/html")
	}
	f.Add([]byte(page("", para)), "application/xhtml+xml; charset=windows-1252")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		a, err := Extract(body, contentType, "https://example.com/dir/page.html")
		if err != nil {
			if s := err.Error(); strings.ContainsAny(s, "\r\n") {
				t.Fatalf("the error is not one line: %q", s)
			}
			return
		}
		checkStorable(t, a.HTML)
		if a.Words == 0 {
			t.Fatal("an article without words")
		}
	})
}
