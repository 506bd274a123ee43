package feed

import (
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// treeBase is the document URL the tree tests parse against, so that
// xml:base is resolved too.
var treeBase = func() *url.URL {
	u, _ := url.Parse("http://example.com/feeds/one.xml")
	return u
}

// treeCases are hand-written documents, each with whether the fast path
// must take it.
var treeCases = []struct {
	name string
	doc  string
	fast bool
}{
	{"plain rss", `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>T</title></channel></rss>`, true},
	{"declaration in single quotes", `<?xml version='1.0' encoding='UTF-8' standalone='yes'?><a/>`, true},
	{"no declaration, self-closing root", `<feed xmlns="http://www.w3.org/2005/Atom"/>`, true},
	{"content after root", `<a>x</a><b>not read</b><<<`, true},
	{"predefined and html entities", `<a t="&lt;&amp;&quot;&apos;&gt;">&eacute;&nbsp;&hellip;&amp;amp;</a>`, true},
	{"numeric references", `<a>&#65;&#x42;&#X43;</a>`, false},
	{"numeric references lower and upper hex", `<a>&#65;&#x42;&#x4a;&#x4A;&#0000065;</a>`, true},
	{"surrogate reference", `<a>&#xD800;</a>`, true},
	{"nul reference", `<a>&#0;</a>`, false},
	{"reference beyond unicode", `<a>&#x110000;</a>`, false},
	{"empty reference", `<a>&#;</a>`, false},
	{"unknown entity", `<a>&bogus;</a>`, false},
	{"bare ampersand", `<a>AT&T</a>`, false},
	{"line ends", "<a x=\"1\r\n2\r3\">a\r\nb\rc\r\r\nd\n</a>", true},
	{"cr before reference", "<a>a\r&#10;b&#13;\nc</a>", true},
	{"cdata", "<a>before<![CDATA[<b>&amp;]] ]>\r\n</b>]]>after</a>", true},
	{"empty cdata", `<a><![CDATA[]]></a>`, true},
	{"comments split text", `<!-- c --><a>one<!-- two -->three<!---->four</a>`, true},
	{"double hyphen in comment", `<a><!-- a -- b --></a>`, false},
	{"processing instruction", `<?xml-stylesheet href="s.xsl" type="text/xsl"?><a><?pi data?>x</a>`, true},
	{"xml declaration version 1.1", `<?xml version="1.1"?><a/>`, false},
	{"xml declaration latin1", `<?xml version="1.0" encoding="ISO-8859-1"?><a/>`, false},
	{"doctype with internal subset", `<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`, false},
	{"doctype with an entity in quotes", `<!DOCTYPE a SYSTEM "<!ENTITY e 'x'>"><a>&e;</a>`, false},
	{"external doctype", `<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" 'http://x/>y.dtd'><rss>&eacute;</rss>`, true},
	{"unterminated doctype", `<!DOCTYPE rss "x>`, false},
	{"other directive", `<!ELEMENT a ANY><a/>`, false},
	{"mismatched end", `<a><b></a>`, false},
	{"end of document inside root", `<a><b></b>`, false},
	{"invalid utf-8", "<a>\xff</a>", false},
	{"control character", "<a>\x01</a>", false},
	{"control character in a comment", "<a><!-- -\x01-> --></a>", false},
	{"control character in a processing instruction", "<a><?pi \x02?></a>", false},
	{"control character in a doctype", "<!DOCTYPE a \x03><a/>", false},
	{"control character in a tag", "<a\x04/>", false},
	{"control character after the root", "<a/>\x05", true},
	{"noncharacter", "<a>\uFFFE</a>", false},
	{"brackets in text", `<a>]]&gt; ] ]]</a>`, true},
	{"cdata end in text", `<a>x]]>y</a>`, false},
	{"cdata end in attribute", `<a x="]]>"/>`, true},
	{"less-than in attribute", `<a x="<"/>`, false},
	{"attribute without value", `<a x/>`, false},
	{"unquoted attribute", `<a x=1/>`, false},
	{"attributes without space", `<a x="1"y='2' z = "3" />`, true},
	{"namespaces", `<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns="urn:default"><dc:creator dc:x="1" y="2">A</dc:creator>` +
		`<c xmlns:dc="urn:other"><dc:creator/></c><dc:date/><un:bound un:a="1"/><xmlns/></rss>`, true},
	{"many namespaces", "<a" + strings.Repeat(` xmlns:p="urn:p"`, maxFastBindings) + "><b/></a>", true},
	{"too many namespaces", "<a" + strings.Repeat(` xmlns:p="urn:p"`, maxFastBindings+1) + "><b/></a>", false},
	{"default namespace undeclared", `<a xmlns="urn:x"><b xmlns=""><c/></b><d/></a>`, true},
	{"xml base", `<feed xml:base="http://example.org/dir/"><entry xml:base="sub/"><link href="x"/></entry><e xml:base="%zz"/></feed>`, true},
	{"xml prefix bound", `<a xmlns:xml="urn:nope" xml:lang="en"/>`, true},
	{"colon names", `<a:b:c/>`, false},
	{"colon at end", `<a: />`, false},
	{"non-ascii name", `<café/>`, false},
	{"non-ascii text", `<a t="naïve">日本語 🙂 �</a>`, true},
	{"c1 controls demoronized", "<a xmlns:x=\"urn:\u0093q\" x:t=\"\u0093q\u0094\">\u0085\u0093hi\u0094</a>", true},
	{"end tag with space", "<a><b></b\n></a >", true},
	{"text before root", "\ufeff \n<a/>", true},
	{"leading-digit entity", `<a>&1x;</a>`, false},
	{"deep", strings.Repeat("<x>", maxDepth) + strings.Repeat("</x>", maxDepth), true},
	{"too deep", strings.Repeat("<x>", maxDepth+1) + strings.Repeat("</x>", maxDepth+1), false},
}

// TestTreeFastCases checks the fast path on hand-written documents: it
// takes those it must and gives exactly parseTreeDecoder's tree for them.
func TestTreeFastCases(t *testing.T) {
	for _, tc := range treeCases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseTreeFast([]byte(tc.doc), treeBase())
			if ok != tc.fast {
				t.Fatalf("fast path taken = %v, want %v", ok, tc.fast)
			}
			if ok {
				requireSameTree(t, []byte(tc.doc), got)
			}
		})
	}
}

// TestTreeFastMatchesDecoder parses every feed of the corpus, the
// fixtures and the fuzz seeds with both paths, raw and as Parse prepares
// them, and requires identical trees wherever the fast path answers; it
// must answer for nearly every document encoding/xml reads without error.
func TestTreeFastMatchesDecoder(t *testing.T) {
	taken, readable, total := 0, 0, 0
	for name, body := range treeInputs(t) {
		prepared, err := toUTF8(body, "")
		if err != nil {
			prepared = body
		}
		for _, in := range [][]byte{body, prepared} {
			total++
			want, err := parseTreeDecoder(decoderBody(in), treeBase())
			got, ok := parseTreeFast(in, treeBase())
			if err == nil {
				readable++
			}
			if !ok {
				continue
			}
			taken++
			if err != nil {
				t.Errorf("%s: fast path took a document encoding/xml refuses: %v", name, err)
			} else if diff := elementDiff("/", got, want); diff != "" {
				t.Errorf("%s: %s", name, diff)
			}
		}
	}
	t.Logf("%d of %d documents took the fast path; encoding/xml read %d without error", taken, total, readable)
	if taken*100 < readable*95 {
		t.Errorf("only %d of the %d documents encoding/xml reads took the fast path", taken, readable)
	}
}

// TestTreeFastTakesFeeds checks that the fast path answers for the
// ordinary feeds of the fixtures and the benchmark, or it would save
// nothing.
func TestTreeFastTakesFeeds(t *testing.T) {
	docs := map[string][]byte{"benchmark": benchmarkFeed(20)}
	for _, name := range []string{"rss091.xml", "rss092.xml", "atom03.xml", "atom10.xml", "cfi.xml", "list.xml", "redirect.xml"} {
		b, err := os.ReadFile(filepath.Join(fixtureDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = toUTF8(b, ""); err != nil {
			t.Fatal(err)
		}
		docs[name] = b
	}
	for name, body := range docs {
		t.Run(name, func(t *testing.T) {
			got, ok := parseTreeFast(body, treeBase())
			if !ok {
				t.Fatal("fast path refused it")
			}
			requireSameTree(t, body, got)
		})
	}
}

// TestHTMLEntitiesAreCharacters checks what entityValue relies on: every
// HTML entity's text is valid UTF-8 of characters XML allows, so the fast
// path may copy it without checking it as encoding/xml does.
func TestHTMLEntitiesAreCharacters(t *testing.T) {
	for name, v := range xml.HTMLEntity {
		if !utf8.ValidString(v) {
			t.Errorf("&%s; is not UTF-8", name)
		}
		for _, r := range v {
			if !isInCharacterRange(r) {
				t.Errorf("&%s; holds %U", name, r)
			}
		}
	}
}

// FuzzTreeFast checks that wherever the fast path answers, on any input,
// its tree is exactly parseTreeDecoder's.
func FuzzTreeFast(f *testing.F) {
	for _, tc := range treeCases {
		f.Add([]byte(tc.doc))
	}
	for _, body := range treeInputs(f) {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, ok := parseTreeFast(body, treeBase())
		if ok {
			requireSameTree(t, body, got)
		}
	})
}

// treeInputs returns the documents of the corpus, the fixtures and the
// benchmark, by name.
func treeInputs(tb testing.TB) map[string][]byte {
	docs := map[string][]byte{"benchmark": benchmarkFeed(20)}
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			docs[name] = b
		}
	}
	filepath.WalkDir(corpusRoot(tb), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		if b, err := os.ReadFile(path); err == nil {
			docs[path] = b
		}
		return nil
	})
	return docs
}

// requireSameTree fails t unless parseTreeDecoder reads body without error
// into the tree got.
func requireSameTree(t *testing.T, body []byte, got *element) {
	t.Helper()
	if diff := treeDiff(body, got); diff != "" {
		t.Fatalf("%s\ninput %q", diff, body)
	}
}

// treeDiff describes where got differs from the tree parseTreeDecoder
// reads from body without its control characters, "" when it does not.
func treeDiff(body []byte, got *element) string {
	want, err := parseTreeDecoder(decoderBody(body), treeBase())
	if err != nil {
		return fmt.Sprintf("fast path took a document encoding/xml refuses: %v", err)
	}
	return elementDiff("/", got, want)
}

// elementDiff describes the first difference between got and want, at
// path.
func elementDiff(path string, got, want *element) string {
	path += want.name.Local
	switch {
	case got.name != want.name:
		return fmt.Sprintf("%s: name %+v, want %+v", path, got.name, want.name)
	case !reflect.DeepEqual(got.attrs, want.attrs):
		return fmt.Sprintf("%s: attrs %#v, want %#v", path, got.attrs, want.attrs)
	case !reflect.DeepEqual(got.base, want.base):
		return fmt.Sprintf("%s: base %v, want %v", path, got.base, want.base)
	case len(got.children) != len(want.children) || (got.children == nil) != (want.children == nil):
		return fmt.Sprintf("%s: %d children %#v, want %d %#v", path, len(got.children), got.children, len(want.children), want.children)
	}
	for i, w := range want.children {
		g := got.children[i]
		switch {
		case (g.el == nil) != (w.el == nil):
			return fmt.Sprintf("%s: child %d is %#v, want %#v", path, i, g, w)
		case w.el == nil && g.text != w.text:
			return fmt.Sprintf("%s: text %d %q, want %q", path, i, g.text, w.text)
		case w.el != nil:
			if d := elementDiff(fmt.Sprintf("%s/%d:", path, i), g.el, w.el); d != "" {
				return d
			}
		}
	}
	return ""
}
