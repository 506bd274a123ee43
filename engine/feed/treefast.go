package feed

import (
	"encoding/xml"
	"net/url"
	"strings"
)

// parseTreeFast builds the tree parseTreeDecoder builds for body once its
// control characters are dropped (see dropControlBytes), without
// encoding/xml, for the documents it can read with certainty: well-formed
// XML with no DOCTYPE, quoted attributes, known entities, valid UTF-8 and
// end tags that match. On anything else it gives up (ok false) and the
// caller parses the document again through encoding/xml, which keeps all
// the leniency, the entity budget and the errors.
//
// The body is copied into one string and every name, attribute value and
// text that needs no decoding is a slice of it, so a feed costs a few
// allocations for its elements rather than several per token.
func parseTreeFast(body []byte, base *url.URL) (root *element, ok bool) {
	p := fastTree{src: string(body), base: base}
	return p.document()
}

// fastTree is the state of one fast parse.
type fastTree struct {
	src   string // the document
	pos   int    // the next byte to read
	base  *url.URL
	open  []openElement // the elements not yet closed, innermost last
	ns    []nsBinding   // the namespace bindings in scope, innermost last
	kids  []child       // the children of the open elements, stacked
	attrs []xml.Attr    // the attributes of the start tag being read
	buf   []byte        // decoded character data

	elems    []element  // allocated in chunks
	kidSlab  []child    // children slices are carved from it
	attrSlab []xml.Attr // attribute slices are carved from it
}

// openElement is an element whose end tag is still to come.
type openElement struct {
	el   *element
	name string // its qualified name as written
	kids int    // where its children start in fastTree.kids
	ns   int    // how many bindings were in scope outside it
}

// nsBinding binds a prefix ("" for the default namespace) to a namespace.
type nsBinding struct {
	prefix, space string
}

// document reads the prolog and the root element, and returns the root
// once its end tag is read; what follows is not read, as parseTreeDecoder
// does not read it.
func (p *fastTree) document() (*element, bool) {
	var root *element
	for p.pos < len(p.src) {
		if p.src[p.pos] != '<' {
			if !p.textChild(p.charData()) {
				return nil, false
			}
			continue
		}
		p.pos++
		if p.pos >= len(p.src) {
			return nil, false
		}
		var ok bool
		switch p.src[p.pos] {
		case '/':
			if ok = p.endTag(); ok && len(p.open) == 0 {
				return root, true
			}
		case '?':
			ok = p.procInst()
		case '!':
			ok = p.textChild(p.bang())
		default:
			var el *element
			if el, ok = p.startTag(); ok && root == nil {
				root = el
			}
			if ok && len(p.open) == 0 { // <root/>
				return root, true
			}
		}
		if !ok {
			return nil, false
		}
	}
	return nil, false // the root element is not closed
}

// textChild adds text to the innermost open element, if any; it passes on
// ok, false when the text could not be read.
func (p *fastTree) textChild(text string, isText, ok bool) bool {
	if ok && isText && len(p.open) > 0 {
		p.kids = append(p.kids, child{text: demoronize(text)})
	}
	return ok
}

// charData reads the character data at p.pos, up to the next '<'.
func (p *fastTree) charData() (text string, isText, ok bool) {
	text, ok = p.chars(modeText, len(p.src))
	return text, true, ok
}

// bang reads what starts "<!" (p.pos at the '!'): a comment, or a CDATA
// section whose text it returns, or a DOCTYPE that declares nothing.
// Anything else is left to encoding/xml.
func (p *fastTree) bang() (text string, isText, ok bool) {
	rest := p.src[p.pos:]
	switch {
	case strings.HasPrefix(rest, "!--"):
		// encoding/xml ends a comment at its first "--", which must be
		// followed by '>'.
		end := strings.Index(rest[3:], "--")
		if end < 0 || 3+end+2 >= len(rest) || rest[3+end+2] != '>' || hasControl(rest[3:3+end]) {
			return "", false, false
		}
		p.pos += 3 + end + 3
		return "", false, true
	case strings.HasPrefix(rest, "![CDATA["):
		start := p.pos + len("![CDATA[")
		end := strings.Index(p.src[start:], "]]>")
		if end < 0 {
			return "", false, false
		}
		p.pos = start
		text, ok = p.chars(modeCDATA, start+end)
		p.pos = start + end + len("]]>")
		return text, true, ok
	case strings.HasPrefix(rest, "!DOCTYPE"):
		return "", false, p.plainDoctype()
	}
	return "", false, false
}

// plainDoctype skips a DOCTYPE (p.pos at its '!') that has no internal
// subset: no '[' nor '<' anywhere in it (nor a control character), so that it can declare no entity
// and encoding/xml ends it at its first '>' outside quotes, as here.
func (p *fastTree) plainDoctype() bool {
	var quote byte
	for i := p.pos; i < len(p.src); i++ {
		switch c := p.src[i]; {
		case c == '[' || c == '<' || charClass[c] == classBad:
			return false
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			p.pos = i + 1
			return true
		}
	}
	return false
}

// procInst reads a processing instruction (p.pos at the '?'). An XML
// declaration must declare version 1.0 and UTF-8 or no encoding in the
// plainest form, so that encoding/xml would accept it too.
func (p *fastTree) procInst() bool {
	p.pos++
	target, ok := p.name()
	if !ok {
		return false
	}
	p.space()
	end := strings.Index(p.src[p.pos:], "?>")
	if end < 0 {
		return false
	}
	content := p.src[p.pos : p.pos+end]
	p.pos += end + len("?>")
	return !hasControl(content) && (target != "xml" || plainXMLDecl(content))
}

// hasControl reports whether s holds a C0 control XML forbids. The fast
// path refuses them wherever it reads, so that it reads a body exactly as
// parseTreeDecoder reads the body without them (see dropControlBytes).
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if charClass[s[i]] == classBad {
			return true
		}
	}
	return false
}

// plainXMLDecl reports whether the content of an XML declaration is
// pseudo-attributes written name="value" (or with '), apart by white
// space, among version="1.0", encoding="UTF-8" (any case) and standalone
// yes or no.
func plainXMLDecl(s string) bool {
	var seen [3]bool
	for s = trimXMLSpace(s); s != ""; s = trimXMLSpace(s) {
		name, rest, found := strings.Cut(s, "=")
		if !found || len(rest) < 2 || rest[0] != '"' && rest[0] != '\'' {
			return false
		}
		value, after, found := strings.Cut(rest[1:], rest[:1])
		i := plainDeclValue(name, value)
		if !found || i < 0 || seen[i] || after != "" && !isXMLSpace(after[0]) {
			return false
		}
		seen[i] = true
		s = after
	}
	return true
}

// plainDeclValue returns the index of the pseudo-attribute name (version,
// encoding, standalone) when value is one plainXMLDecl accepts for it, else
// -1.
func plainDeclValue(name, value string) int {
	switch {
	case name == "version" && value == "1.0":
		return 0
	case name == "encoding" && strings.EqualFold(value, "utf-8"):
		return 1
	case name == "standalone" && (value == "yes" || value == "no"):
		return 2
	}
	return -1
}

// trimXMLSpace trims XML white space from the start of s.
func trimXMLSpace(s string) string {
	for s != "" && isXMLSpace(s[0]) {
		s = s[1:]
	}
	return s
}

// isXMLSpace reports whether c is white space to XML.
func isXMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// space skips white space.
func (p *fastTree) space() {
	for p.pos < len(p.src) && isXMLSpace(p.src[p.pos]) {
		p.pos++
	}
}

// name reads an ASCII XML name. It fails on a name encoding/xml would
// refuse or read further (a non-ASCII byte right after it).
func (p *fastTree) name() (string, bool) {
	start := p.pos
	if start >= len(p.src) || !isXMLNameStart(p.src[start]) {
		return "", false
	}
	p.pos++
	for p.pos < len(p.src) && isXMLNameByte(p.src[p.pos]) {
		p.pos++
	}
	if p.pos >= len(p.src) || p.src[p.pos] >= 0x80 {
		return "", false
	}
	return p.src[start:p.pos], true
}

// isXMLNameStart reports whether c may start an ASCII XML name.
func isXMLNameStart(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' || c == ':'
}

// isXMLNameByte reports whether c may continue an ASCII XML name.
func isXMLNameByte(c byte) bool {
	return isXMLNameStart(c) || '0' <= c && c <= '9' || c == '.' || c == '-'
}

// qualified splits a name into its prefix and local part, as encoding/xml
// does when both are there; it fails on the names it treats apart (more
// than one colon, or a colon at either end).
func qualified(name string) (xml.Name, bool) {
	prefix, local, found := strings.Cut(name, ":")
	if !found {
		return xml.Name{Local: name}, true
	}
	if prefix == "" || local == "" || strings.IndexByte(local, ':') >= 0 {
		return xml.Name{}, false
	}
	return xml.Name{Space: prefix, Local: local}, true
}
