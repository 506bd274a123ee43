package feed

import (
	"encoding/base64"
	"html"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/sanitize"
)

// A construct is what an element says, and whether it says it in HTML:
// the value of a title, summary or content before it becomes a text field
// (plain text) or an HTML field.
type construct struct {
	value  string
	isHTML bool
}

// asText returns the construct as plain text: HTML is reduced to its text
// (tags dropped, entities decoded once); text is kept as it is, '<', '>'
// and '&' included.
func (c construct) asText() string {
	if c.isHTML {
		return sanitize.TextFromHTML(c.value)
	}
	return c.value
}

// asHTML returns the construct as HTML: text is escaped.
func (c construct) asHTML() string {
	if c.isHTML {
		return c.value
	}
	return html.EscapeString(c.value)
}

// rssConstruct reads an RSS element. RSS does not say whether a value is
// HTML; description and content are (htmlField), and so is any element
// with child elements. For the rest, a title or author, feedparser's rule
// decides: the value, after the XML's own entity decoding, is HTML only if
// it looks like HTML (see looksLikeHTML).
func rssConstruct(e *element, htmlField bool) construct {
	if e == nil {
		return construct{}
	}
	if e.hasElements() {
		return construct{value: renderChildren(e), isHTML: true}
	}
	s := e.text()
	return construct{value: s, isHTML: htmlField || looksLikeHTML(s)}
}

// atomConstruct reads an Atom (1.0 or 0.3) text or content construct by
// its type (and Atom 0.3's mode): text is text; html is HTML escaped into
// the element; xhtml and other XML types are inline markup; base64
// (Atom 0.3 mode="base64", Atom 1.0 binary types) is decoded and then
// read by its type, or, without one that says, by looksLikeHTML. Content
// out of line (src) or binary content that is not UTF-8 text is empty.
func atomConstruct(e *element) construct {
	if e == nil || e.attr("src") != "" {
		return construct{}
	}
	typ := strings.ToLower(strings.TrimSpace(e.attr("type")))
	mode := strings.ToLower(strings.TrimSpace(e.attr("mode")))
	if mode == "base64" || isBinaryType(typ) {
		s, ok := decodeBase64Text(e.text())
		if !ok {
			return construct{}
		}
		return typedString(s, typ)
	}
	switch {
	case isXMLType(typ) || mode == "xml" && e.hasElements():
		return construct{value: renderChildren(unwrapDiv(e)), isHTML: true}
	case e.hasElements():
		return construct{value: renderChildren(e), isHTML: true}
	case isHTMLType(typ):
		return construct{value: e.text(), isHTML: true}
	case mode == "escaped" && typ == "":
		return construct{value: e.text(), isHTML: looksLikeHTML(e.text())}
	}
	return construct{value: e.text()}
}

// typedString is a decoded base64 value read by its type.
func typedString(s, typ string) construct {
	switch {
	case isHTMLType(typ) || isXMLType(typ):
		return construct{value: s, isHTML: true}
	case typ == "text" || strings.HasPrefix(typ, "text/"):
		return construct{value: s}
	}
	return construct{value: s, isHTML: looksLikeHTML(s)}
}

// isHTMLType reports whether an Atom type says HTML.
func isHTMLType(typ string) bool {
	return typ == "html" || typ == "text/html"
}

// isXMLType reports whether an Atom type says inline markup: xhtml, or an
// XML media type.
func isXMLType(typ string) bool {
	return typ == "xhtml" || strings.HasSuffix(typ, "+xml") || strings.HasSuffix(typ, "/xml")
}

// isBinaryType reports whether an Atom type is a media type that RFC 4287
// says is base64-encoded: neither text, html, xhtml nor XML.
func isBinaryType(typ string) bool {
	return strings.Contains(typ, "/") && !strings.HasPrefix(typ, "text/") && !isXMLType(typ)
}

// decodeBase64Text decodes s, ignoring white space, and accepts the result
// only if it is UTF-8 text.
func decodeBase64Text(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	}
	if err != nil || !utf8.Valid(b) || strings.ContainsRune(string(b), 0) {
		return "", false
	}
	return string(b), true
}

// unwrapDiv returns the single xhtml div an Atom xhtml construct wraps its
// content in (RFC 4287 §3.1.1.3), else e itself.
func unwrapDiv(e *element) *element {
	var div *element
	for _, c := range e.children {
		switch {
		case c.el == nil && strings.TrimSpace(c.text) != "":
			return e
		case c.el == nil:
		case div != nil || c.el.name.Local != "div":
			return e
		default:
			div = c.el
		}
	}
	if div == nil {
		return e
	}
	return div
}

// Patterns of feedparser's "looks like HTML" rule.
var (
	endTag    = regexp.MustCompile(`</(\w+)>`)
	anyTag    = regexp.MustCompile(`</?(\w+)`)
	reference = regexp.MustCompile(`&#?\w+;`)
	named     = regexp.MustCompile(`&(\w+);`)
)

// looksLikeHTML is the Universal Feed Parser's rule for values whose
// format does not say: s is HTML only if it has an end tag or a character
// reference, every tag in it is a known, harmless HTML element, and every
// named reference is an HTML entity. "History of the <blink> tag",
// "if a<b and c>d" and "Option<T>" are text; "Bold <b>tags</b> here" and
// "Using the &lt;dialog&gt; element" (after the XML's own decoding) are
// HTML.
func looksLikeHTML(s string) bool {
	if !strings.ContainsAny(s, "<&") {
		return false
	}
	if !endTag.MatchString(s) && !reference.MatchString(s) {
		return false
	}
	for _, m := range anyTag.FindAllStringSubmatch(s, -1) {
		if !acceptableElements[strings.ToLower(m[1])] {
			return false
		}
	}
	for _, m := range named.FindAllStringSubmatch(s, -1) {
		if html.UnescapeString(m[0]) == m[0] {
			return false
		}
	}
	return true
}

// acceptableElements are the elements feedparser's rule accepts as HTML.
var acceptableElements = setOf(
	"a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big",
	"blockquote", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
	"colgroup", "command", "datagrid", "datalist", "dd", "del", "details", "dfn", "dialog",
	"dir", "div", "dl", "dt", "em", "event-source", "fieldset", "figcaption", "figure",
	"font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i",
	"img", "input", "ins", "kbd", "keygen", "label", "legend", "li", "m", "map", "menu",
	"meter", "multicol", "nav", "nextid", "noscript", "ol", "optgroup", "option",
	"output", "p", "pre", "progress", "q", "s", "samp", "section", "select", "small",
	"sound", "source", "spacer", "span", "strike", "strong", "sub", "sup", "table",
	"tbody", "td", "textarea", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul",
	"var", "video",
)

// setOf builds a set of strings.
func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
