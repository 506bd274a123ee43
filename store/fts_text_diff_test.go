package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// indexTextInputs are the inputs indexText is compared with its reference
// on: hand-written edge cases, and every document of the sanitize and feed
// corpora (testdata/corpus, engine/feed/testdata), raw and sanitized as a
// download stores content.
func indexTextInputs(tb testing.TB) []string {
	in := []string{
		"", "<", "<<", "<>", "</>", "</ p>", "<!", "<!-", "<!--", "<!-->", "<?", "<?x?>", "a<", "&", "&&", "&amp",
		"&am<b></b>p;", "&am<p>p;", "x&#<i>38;", "<P>Up</P><DiV>case</dIv>", "<B>in</B>line", "<sCrIpT>no</ScRiPt>yes",
		"<script>never closed", "<style a='>'>p{}</style >after", "<a href=\"x>y\" title='q\"'>t</a>", "<a href=\"open",
		"<br/>x<hr / >y", "<p1>digits</p1>", "<x-y>dash</x-y>", "<ÿ>not a tag", "<1>not a tag", "<!DOCTYPE html><html>",
		"<![CDATA[ raw ]]>text", "un<b>believ</b>able &eacute;&#233;&#xE9;&notin;&notit;", "\x00<\xff>&\xfe;",
		strings.Repeat("<p>Some <em>reasonably</em> long paragraph with a <a href=\"http://example.com/x\">link</a> in it. </p>", 20),
	}
	in = append(in, ngramInputs...) // runs of unsegmented scripts become bigrams
	var files []string
	for _, glob := range []string{
		testenv.Corpus(tb, "feedparser", "wellformed", "sanitize", "*.xml"),
		testenv.Corpus(tb, "feedparser", "entities", "*.xml"),
		testenv.Corpus(tb, "feedvalidator", "testcases", "*", "*", "*.xml"),
		testenv.Corpus(tb, "html5lib-sanitizer", "feeds", "*.xml"),
		testenv.Corpus(tb, "lxml-html-clean", "feeds", "*.xml"),
		filepath.Join("..", "engine", "feed", "testdata", "*"),
	} {
		names, err := filepath.Glob(glob)
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, names...)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			continue // a folder
		}
		in = append(in, string(data), sanitize.HTML(string(data)))
	}
	return in
}

// TestIndexTextEqualsItsReference is the differential proof that
// indexTextFast and indexTextRef give the same text on every input of
// indexTextInputs.
func TestIndexTextEqualsItsReference(t *testing.T) {
	inputs := indexTextInputs(t)
	differ := 0
	for _, in := range inputs {
		if got, want := indexTextFast(in), indexTextRef(in); got != want {
			differ++
			if differ <= 5 {
				t.Errorf("indexTextFast(%.200q)\n = %.200q\nwant %.200q", in, got, want)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d inputs differ", differ, len(inputs))
	}
}

// FuzzIndexText checks that indexTextFast gives its reference's text for
// any input.
func FuzzIndexText(f *testing.F) {
	for _, in := range indexTextInputs(f) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := indexTextFast(in), indexTextRef(in); got != want {
			t.Fatalf("indexTextFast(%q)\n = %q\nwant %q", in, got, want)
		}
	})
}

// BenchmarkIndexText is indexTextFast, and its reference, on an item's
// content as the engine's benchmark serves it (dense inline and block
// markup, links, an entity).
func BenchmarkIndexText(b *testing.B) {
	content := strings.Repeat(`<p>Some <em>reasonably</em> long paragraph with a <a href="http://example.com/x">link</a> in it. </p>`, 20) +
		`<p>Tom &amp; Jerry</p>`
	for _, f := range []struct {
		name string
		fn   func(string) string
	}{{"current", indexTextFast}, {"reference", indexTextRef}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(content)))
			for b.Loop() {
				f.fn(content)
			}
		})
	}
}
