package feed

import (
	"testing"

	"github.com/tidings-rss/tidings/sanitize"
)

// TestLooksLikeHTML checks feedparser's rule on values as they are after
// the XML's own decoding.
func TestLooksLikeHTML(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"History of the <blink> tag", false}, // no end tag, no reference
		{"if a<b and c>d", false},
		{"Option<T>", false},
		{"Vec<T> and </T>", false},                 // T is no HTML element
		{"<script>alert(1)</script>", false},       // script is not harmless HTML
		{"Fish & Chips", false},                    // no reference
		{"AT&T;", false},                           // not an HTML entity
		{"Bold <b>tags</b> here", true},            // a known end tag
		{"Using the &lt;dialog&gt; element", true}, // references
		{"caf&eacute;", true},                      // named entity
		{"&#8217;", true},                          // numeric reference
		{"<p>one</p><p>two</p>", true},             // block markup
		{"<b>x</b> <blink>y</blink>", false},       // one unknown element
		{"Tom &amp; Jerry", true},                  // double-escaped ampersand
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := looksLikeHTML(tt.in); got != tt.want {
				t.Errorf("looksLikeHTML(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestTitlesStayText checks tricky titles through Parse and Clean's
// text path: text that only looks like markup keeps it, HTML becomes its
// text.
func TestTitlesStayText(t *testing.T) {
	rss := func(title string) string {
		return `<rss version="2.0"><channel><title>C</title><item><title>` + title + `</title></item></channel></rss>`
	}
	atom := func(title string) string {
		return `<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry>` + title + `</entry></feed>`
	}
	tests := []struct{ name, body, want string }{
		{"atom text brackets", atom(`<title type="text">History of the &lt;blink&gt; tag</title>`), "History of the <blink> tag"},
		{"atom untyped brackets", atom(`<title>if a&lt;b and c&gt;d</title>`), "if a<b and c>d"},
		{"atom html", atom(`<title type="html">Option&amp;lt;T&amp;gt;</title>`), "Option<T>"},
		{"atom xhtml escaped brackets", atom(`<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">` +
			`History of the &lt;blink&gt; <b>tag</b></div></title>`), "History of the <blink> tag"},
		{"rss comparison", rss(`if a&lt;b and c&gt;d`), "if a<b and c>d"},
		{"rss generics", rss(`Option&lt;T&gt;`), "Option<T>"},
		{"rss wordpress double escape", rss(`Using the &#38;lt;dialog&#38;gt; element`), "Using the <dialog> element"},
		{"rss real html", rss(`Bold &lt;b&gt;tags&lt;/b&gt; here`), "Bold tags here"},
		{"rss inline elements", rss(`Bold <b>tags</b> here`), "Bold tags here"},
		{"rss cdata text", rss(`<![CDATA[Fish & Chips <3]]>`), "Fish & Chips <3"},
		{"rss script-looking text", rss(`&lt;script&gt;alert(1)&lt;/script&gt; explained`), "<script>alert(1)</script> explained"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.body)
			Clean(doc, "http://example.com/feed")
			if len(doc.Items) != 1 {
				t.Fatalf("%d items", len(doc.Items))
			}
			if got := doc.Items[0].Title; got != tt.want {
				t.Errorf("title = %q, want %q", got, tt.want)
			}
			if sanitize.Terminal(doc.Items[0].Title) != doc.Items[0].Title {
				t.Errorf("title keeps a control: %q", doc.Items[0].Title)
			}
		})
	}
}
