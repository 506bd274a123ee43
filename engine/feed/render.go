package feed

import (
	"html"
	"net/url"
	"strings"

	xhtml "golang.org/x/net/html"
)

// voidElements are the HTML elements that have no end tag.
var voidElements = setOf("area", "base", "br", "col", "embed", "hr", "img", "input",
	"link", "meta", "param", "source", "track", "wbr")

// renderChildren serialises an element's content (inline XHTML or any
// other markup a feed puts inside an element) as an HTML fragment: element
// names lose their prefixes, namespace declarations go, text and attribute
// values are escaped. The sanitizer decides later what of it may stay.
func renderChildren(e *element) string {
	var b strings.Builder
	for _, c := range e.children {
		renderChild(&b, c)
	}
	return b.String()
}

func renderChild(b *strings.Builder, c child) {
	if c.el == nil {
		b.WriteString(html.EscapeString(c.text))
		return
	}
	name := strings.ToLower(c.el.name.Local)
	b.WriteByte('<')
	b.WriteString(name)
	for _, a := range c.el.attrs {
		if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" && a.Name.Space == "" {
			continue
		}
		b.WriteByte(' ')
		b.WriteString(a.Name.Local)
		b.WriteString(`="`)
		b.WriteString(html.EscapeString(a.Value))
		b.WriteByte('"')
	}
	b.WriteByte('>')
	if voidElements[name] && len(c.el.children) == 0 {
		return
	}
	for _, cc := range c.el.children {
		renderChild(b, cc)
	}
	b.WriteString("</")
	b.WriteString(name)
	b.WriteByte('>')
}

// urlAttributes are the attributes whose relative URLs absolutize resolves.
var urlAttributes = setOf("href", "src", "cite", "poster", "longdesc", "background")

// absolutize resolves the relative URLs of an HTML fragment's href, src
// and similar attributes against base, as feedparser does, so that links
// in content still lead somewhere once stored. Tags without one are
// copied byte for byte; the fragment itself is returned when nothing
// changes.
func absolutize(fragment string, base *url.URL) string {
	if base == nil || !hasRelativeURL(fragment) {
		return fragment
	}
	var b strings.Builder
	changed := false
	z := xhtml.NewTokenizer(strings.NewReader(fragment))
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			break
		}
		raw := z.Raw()
		if tt != xhtml.StartTagToken && tt != xhtml.SelfClosingTagToken {
			b.Write(raw)
			continue
		}
		tok := z.Token()
		if !resolveAttrs(tok.Attr, base) {
			b.Write(raw)
			continue
		}
		changed = true
		b.WriteString(tok.String())
	}
	if !changed {
		return fragment
	}
	return b.String()
}

// resolveAttrs resolves the relative URL attributes among attrs in place
// and reports whether any changed.
func resolveAttrs(attrs []xhtml.Attribute, base *url.URL) bool {
	changed := false
	for i, a := range attrs {
		if !urlAttributes[a.Key] || a.Namespace != "" {
			continue
		}
		ref, err := url.Parse(strings.TrimSpace(a.Val))
		if err != nil || ref.IsAbs() {
			continue
		}
		if abs := base.ResolveReference(ref).String(); abs != a.Val {
			attrs[i].Val, changed = abs, true
		}
	}
	return changed
}

// hasRelativeURL reports whether fragment may hold a URL attribute whose
// value has no scheme: a quick scan, so that content whose links are all
// absolute (most of it) is not tokenized. It may say yes wrongly (text
// that reads like an attribute), never no wrongly.
func hasRelativeURL(fragment string) bool {
	for i := strings.IndexByte(fragment, '='); i >= 0; {
		if urlAttributes[attrNameBefore(fragment, i)] && !hasScheme(valueAfter(fragment, i+1)) {
			return true
		}
		j := strings.IndexByte(fragment[i+1:], '=')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// attrNameBefore returns the lower-cased name that ends just before the
// '=' at i, spaces allowed between.
func attrNameBefore(s string, i int) string {
	end := i
	for end > 0 && s[end-1] == ' ' {
		end--
	}
	start := end
	for start > 0 && isNameByte(s[start-1]) {
		start--
	}
	if end-start > 10 {
		return ""
	}
	return strings.ToLower(s[start:end])
}

// isNameByte reports whether c may be part of an attribute name.
func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// valueAfter returns the attribute value text that starts at i, past
// spaces and an opening quote.
func valueAfter(s string, i int) string {
	for i < len(s) && (s[i] == ' ' || s[i] == '"' || s[i] == '\'') {
		i++
	}
	return s[i:min(len(s), i+40)]
}

// hasScheme reports whether v starts with a URL scheme and ':'.
func hasScheme(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case isNameByte(c):
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}
