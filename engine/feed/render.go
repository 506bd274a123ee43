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
	if base == nil || !strings.Contains(fragment, "=") {
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
