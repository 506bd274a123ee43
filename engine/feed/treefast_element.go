package feed

import "encoding/xml"

// xmlNamespace is the namespace encoding/xml gives the xml: prefix.
const xmlNamespace = "http://www.w3.org/XML/1998/namespace"

// maxFastBindings bounds the namespace bindings in scope the fast path
// searches one by one; a document with more is left to encoding/xml.
const maxFastBindings = 64

// Chunk sizes of the fast parse's allocations.
const (
	elementChunk = 32
	childChunk   = 128
	attrChunk    = 64
)

// startTag reads a start tag (p.pos just after its '<'), opens its element
// and returns it; a tag closed by "/>" is closed at once.
func (p *fastTree) startTag() (*element, bool) {
	if len(p.open) >= maxDepth {
		return nil, false
	}
	qname, ok := p.name()
	if !ok {
		return nil, false
	}
	name, ok := qualified(qname)
	if !ok {
		return nil, false
	}
	empty, ok := p.attributes()
	if !ok {
		return nil, false
	}
	scope := len(p.ns)
	if p.bind(); len(p.ns) > maxFastBindings {
		return nil, false
	}
	el := p.newElement()
	el.name = xml.Name{Space: p.translate(name, true), Local: name.Local}
	el.attrs = p.carveAttrs()
	parentBase := p.base
	if len(p.open) > 0 {
		parentBase = p.open[len(p.open)-1].el.base
		p.kids = append(p.kids, child{el: el})
	}
	el.base = xmlBase(parentBase, el.attrs)
	p.open = append(p.open, openElement{el: el, name: qname, kids: len(p.kids), ns: scope})
	if empty {
		p.close()
	}
	return el, true
}

// attributes reads the attributes of a start tag into p.attrs, names as
// written and values decoded, up to its '>' or "/>"; empty reports the
// latter.
func (p *fastTree) attributes() (empty, ok bool) {
	p.attrs = p.attrs[:0]
	for {
		p.space()
		if p.pos >= len(p.src) {
			return false, false
		}
		switch p.src[p.pos] {
		case '>':
			p.pos++
			return false, true
		case '/':
			if p.pos+1 >= len(p.src) || p.src[p.pos+1] != '>' {
				return false, false
			}
			p.pos += 2
			return true, true
		}
		if !p.attribute() {
			return false, false
		}
	}
}

// attribute reads one name="value" (or name='value') into p.attrs.
func (p *fastTree) attribute() bool {
	qname, ok := p.name()
	if !ok {
		return false
	}
	name, ok := qualified(qname)
	if !ok {
		return false
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '=' {
		return false // encoding/xml would give it its own name as value
	}
	p.pos++
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '"' && p.src[p.pos] != '\'' {
		return false
	}
	mode := modeAttrDouble
	if p.src[p.pos] == '\'' {
		mode = modeAttrSingle
	}
	p.pos++
	value, ok := p.chars(mode, len(p.src))
	if !ok {
		return false
	}
	p.pos++ // the closing quote
	p.attrs = append(p.attrs, xml.Attr{Name: name, Value: value})
	return true
}

// bind brings the namespace declarations of p.attrs into scope, in their
// order, with their values as written (before demoronize), as
// encoding/xml's Token does.
func (p *fastTree) bind() {
	for _, a := range p.attrs {
		switch {
		case a.Name.Space == "xmlns":
			p.ns = append(p.ns, nsBinding{prefix: a.Name.Local, space: a.Value})
		case a.Name.Space == "" && a.Name.Local == "xmlns":
			p.ns = append(p.ns, nsBinding{prefix: "", space: a.Value})
		}
	}
}

// translate returns the namespace of name (its prefix as written in
// Space) as encoding/xml's Token resolves it: the xml and xmlns prefixes
// apart, the default namespace for elements only, and an unbound prefix
// kept as it is.
func (p *fastTree) translate(name xml.Name, isElement bool) string {
	space := name.Space
	switch {
	case space == "xmlns":
		return space
	case space == "" && !isElement:
		return ""
	case space == "xml":
		space = xmlNamespace
	case space == "" && name.Local == "xmlns":
		return ""
	}
	for i := len(p.ns) - 1; i >= 0; i-- {
		if p.ns[i].prefix == space {
			return p.ns[i].space
		}
	}
	return space
}

// carveAttrs returns the attributes read, names resolved and values
// demoronized, in a slice of their own; empty but not nil when there are
// none, as encoding/xml gives them.
func (p *fastTree) carveAttrs() []xml.Attr {
	n := len(p.attrs)
	if n == 0 {
		return []xml.Attr{}
	}
	if n > len(p.attrSlab) {
		p.attrSlab = make([]xml.Attr, max(n, attrChunk))
	}
	out := p.attrSlab[:n:n]
	p.attrSlab = p.attrSlab[n:]
	for i, a := range p.attrs {
		out[i] = xml.Attr{
			Name:  xml.Name{Space: p.translate(a.Name, false), Local: a.Name.Local},
			Value: demoronize(a.Value),
		}
	}
	return out
}

// newElement returns a zero element from the current chunk.
func (p *fastTree) newElement() *element {
	if len(p.elems) == 0 {
		p.elems = make([]element, elementChunk)
	}
	el := &p.elems[0]
	p.elems = p.elems[1:]
	return el
}

// endTag reads an end tag (p.pos at its '/'), which must close the
// innermost open element by the very name it was opened with.
func (p *fastTree) endTag() bool {
	p.pos++
	name, ok := p.name()
	if !ok || len(p.open) == 0 || name != p.open[len(p.open)-1].name {
		return false
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '>' {
		return false
	}
	p.pos++
	p.close()
	return true
}

// close closes the innermost open element: its children get a slice of
// their own and its namespace declarations go out of scope.
func (p *fastTree) close() {
	o := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	if kids := p.kids[o.kids:]; len(kids) > 0 {
		if len(kids) > len(p.kidSlab) {
			p.kidSlab = make([]child, max(len(kids), childChunk))
		}
		o.el.children = p.kidSlab[:len(kids):len(kids)]
		p.kidSlab = p.kidSlab[len(kids):]
		copy(o.el.children, kids)
	}
	p.kids = p.kids[:o.kids]
	p.ns = p.ns[:o.ns]
}
