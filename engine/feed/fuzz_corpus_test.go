package feed

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

// addCorpusSeeds adds every document of the corpus (testdata/corpus, see
// its README.md: feedparser's 2,000 feeds, the W3C validator's security
// cases, the html5lib and lxml vectors as feeds) to f's seed corpus.
func addCorpusSeeds(f *testing.F) {
	filepath.WalkDir(corpusRoot(f), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		if b, err := os.ReadFile(path); err == nil {
			f.Add(b)
		}
		return nil
	})
}

// FuzzParseAndClean takes bodies through what a download does before the
// store (Parse, then Clean) and checks what would be stored: no text or
// HTML field holds a control character a terminal would act on (HTML keeps
// tab and line breaks), no link is other than http(s), and an error is one
// line.
func FuzzParseAndClean(f *testing.F) {
	addCorpusSeeds(f)
	f.Add([]byte(rss20With("", `<item><title>&#x1b;]52;c;x&#7;t&#x202e;</title><link>javascript:alert(1)</link>`+
		`<description>&lt;script&gt;x&lt;/script&gt;&lt;img src=x onerror=y&gt;</description></item>`)))
	f.Add([]byte(rss20With("", strings.Repeat("<x>", MaxDepth+1))))
	f.Fuzz(func(t *testing.T, body []byte) {
		doc, err := Parse(strings.NewReader(string(body)))
		if err != nil {
			if strings.Contains(err.Error(), "panicked") || strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error %q", err)
			}
			return
		}
		Clean(doc, "http://fuzz.example/feed")
		assertStorable(t, doc)
	})
}

// assertStorable checks a cleaned document's text fields and links.
func assertStorable(t *testing.T, doc *document.Document) {
	t.Helper()
	texts := []string{doc.Title, doc.Description}
	links := []string{doc.Link}
	for _, it := range doc.Items {
		texts = append(texts, it.Title, it.Author)
		texts = append(texts, it.Categories...)
		links = append(links, it.Link)
	}
	var html []string
	for _, it := range doc.Items {
		html = append(html, it.Content, it.Summary)
	}
	for i, s := range append(texts, html...) {
		for _, r := range s {
			if i >= len(texts) && (r == '\t' || r == '\n' || r == '\r') {
				continue // HTML keeps its line breaks
			}
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r == 0x202e || r == 0x2066 || r == 0xfeff {
				t.Fatalf("stored value %q keeps %U", s, r)
			}
		}
	}
	for _, l := range links {
		lower := strings.ToLower(l)
		if l != "" && !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
			t.Fatalf("stored link %q is not http(s)", l)
		}
	}
}
