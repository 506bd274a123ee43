package feed

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"maps"
	"net/url"
	"regexp"
	"strings"
)

// maxDepth bounds how deeply elements may nest; no feed needs more, and a
// document that does is refused rather than walked recursively.
const maxDepth = 512

// element is one XML element of a parsed document: its namespace-resolved
// name, its attributes, its children in order and the xml:base in effect
// inside it.
type element struct {
	name     xml.Name
	attrs    []xml.Attr
	children []child
	base     *url.URL // nil when neither the document nor an xml:base gave one
}

// child is an element's child: an element, or character data (text and
// CDATA, entities decoded) when el is nil.
type child struct {
	el   *element
	text string
}

// errTooDeep is returned for documents nested beyond maxDepth.
var errTooDeep = errors.New("elements nested too deeply")

// internalEntity matches a general entity declared with a literal value in
// a DOCTYPE's internal subset; parameter and external entities (SYSTEM,
// PUBLIC) never match, so nothing is ever fetched or read.
var internalEntity = regexp.MustCompile(`<!ENTITY\s+([A-Za-z_:][-A-Za-z0-9._:]{0,127})\s+(?:"([^"%&]*)"|'([^'%&]*)')\s*>`)

// parseTree reads a UTF-8 XML document into a tree of elements: through
// parseTreeFast when it can, else through parseTreeDecoder once the
// control characters XML forbids, and the character references to them,
// are dropped (decoderBody). Both give the same tree for every document
// the first accepts; the first refuses any such character or reference.
// Without fastPaths, parseTreeDecoder reads every document.
func parseTree(body []byte, base *url.URL) (*element, error) {
	if fastPaths {
		if root, ok := parseTreeFast(body, base); ok {
			return root, nil
		}
	}
	return parseTreeDecoder(decoderBody(body), base)
}

// parseTreeDecoder reads a UTF-8 XML document into a tree of elements with
// encoding/xml. It is as
// lenient as feed readers must be: HTML's named entities are known,
// mismatched end tags close what is open, and internal entities declared
// in the DOCTYPE are expanded (once: their values are not parsed again).
// base is the document's URL, against which xml:base values resolve.
func parseTreeDecoder(body []byte, base *url.URL) (*element, error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = false
	d.Entity = xml.HTMLEntity // shared, read only: declared copies it before adding
	entities := declared{body: body, budget: max(int64(entityBudgetShare*len(body)), entityBudgetFloor)}
	var root *element
	var stack []*element
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if root == nil || len(stack) > 0 {
				return root, io.ErrUnexpectedEOF
			}
			return root, nil
		}
		if err != nil {
			return root, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return root, errTooDeep
			}
			parentBase := base
			if len(stack) > 0 {
				parentBase = stack[len(stack)-1].base
			}
			for i := range t.Attr {
				t.Attr[i].Value = demoronize(t.Attr[i].Value)
			}
			el := &element{name: t.Name, attrs: t.Attr, base: xmlBase(parentBase, t.Attr)}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, child{el: el})
			} else if root == nil {
				root = el
			} else {
				return root, nil // content after the root element is ignored
			}
			stack = append(stack, el)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 && root != nil {
				return root, nil
			}
		case xml.CharData:
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, child{text: demoronize(string(t))})
			}
		case xml.Directive:
			d.Entity = entities.declare(d.Entity, t)
		}
	}
}

// entityBudget bounds what the internal entities of a document may add to
// it when expanded, as a share of the document's size (with a floor for
// small documents): a value repeated by many references (the "quadratic
// blowup") would otherwise turn a few megabytes into gigabytes. One budget
// serves the whole document, however many DOCTYPEs it holds; past
// maxEntities declarations the rest are not read.
const (
	entityBudgetShare = 1
	entityBudgetFloor = 64 << 10
	maxEntities       = 1024
)

// declared are the internal entities one document declares, within its
// budget. Most documents declare nothing, so most parses share
// xml.HTMLEntity instead of copying its 250 entries.
type declared struct {
	body   []byte
	budget int64          // what expansions may still add
	n      int            // declarations read
	owned  bool           // whether the map is this parse's own copy
	refs   map[string]int // references per name in body, counted once
}

// declare adds the internal entities the directive dir declares, if it is
// a DOCTYPE, to entities and returns the map to use: copied before the
// first addition. An entity is declared only while expanding every
// reference to it stays within the budget; past it, or past maxEntities,
// its references stay as written.
func (e *declared) declare(entities map[string]string, dir xml.Directive) map[string]string {
	if !bytes.HasPrefix(dir, []byte("DOCTYPE")) {
		return entities
	}
	for _, m := range internalEntity.FindAllSubmatch(dir, maxEntities-e.n+1) {
		if e.n >= maxEntities {
			break
		}
		e.n++
		name := string(m[1])
		if _, known := entities[name]; known {
			continue
		}
		if e.refs == nil {
			e.refs = countReferences(e.body)
		}
		value := string(m[2]) + string(m[3])
		cost := int64(e.refs[name]) * int64(len(value))
		if cost > e.budget {
			continue
		}
		e.budget -= cost
		if !e.owned {
			entities, e.owned = maps.Clone(entities), true
		}
		entities[name] = value
	}
	return entities
}

// countReferences counts the entity references (&name;) of body by name,
// in one pass.
func countReferences(body []byte) map[string]int {
	refs := map[string]int{}
	for rest := body; ; {
		i := bytes.IndexByte(rest, '&')
		if i < 0 {
			return refs
		}
		rest = rest[i+1:]
		end := bytes.IndexByte(rest, ';')
		if end <= 0 || end > maxEntityName || !isName(rest[:end]) {
			continue
		}
		refs[string(rest[:end])]++
		rest = rest[end+1:]
	}
}

// maxEntityName is the longest entity name countReferences counts; a
// longer one is not declared either (see internalEntity).
const maxEntityName = 128

// isName reports whether b can be an entity's name: no white space or
// markup between its '&' and ';'.
func isName(b []byte) bool {
	return bytes.IndexAny(b, " \t\r\n<>&\"'") < 0
}

// xmlBase returns the base URL inside an element with attributes attrs,
// whose parent's base is parent.
func xmlBase(parent *url.URL, attrs []xml.Attr) *url.URL {
	for _, a := range attrs {
		if a.Name.Local != "base" || namespaceOf(a.Name.Space) != nsXML {
			continue
		}
		ref, err := url.Parse(strings.TrimSpace(a.Value))
		if err != nil {
			return parent
		}
		if parent == nil {
			return ref
		}
		return parent.ResolveReference(ref)
	}
	return parent
}

// attr returns the value of the attribute local (in no namespace or any),
// "" when absent.
func (e *element) attr(local string) string {
	for _, a := range e.attrs {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// attrNS returns the value of the attribute local in namespace ns.
func (e *element) attrNS(ns, local string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Local == local && namespaceOf(a.Name.Space) == ns {
			return a.Value, true
		}
	}
	return "", false
}

// ns returns the element's namespace, canonicalised (see namespaceOf).
func (e *element) ns() string {
	return namespaceOf(e.name.Space)
}

// is reports whether the element is local in namespace ns.
func (e *element) is(ns, local string) bool {
	return e.name.Local == local && e.ns() == ns
}

// text returns the element's character data, its descendants' included,
// as it is: entities decoded, CDATA unwrapped.
func (e *element) text() string {
	if len(e.children) == 1 && e.children[0].el == nil {
		return e.children[0].text
	}
	var b strings.Builder
	e.writeText(&b)
	return b.String()
}

func (e *element) writeText(b *strings.Builder) {
	for _, c := range e.children {
		if c.el != nil {
			c.el.writeText(b)
		} else {
			b.WriteString(c.text)
		}
	}
}

// hasElements reports whether the element has child elements.
func (e *element) hasElements() bool {
	for _, c := range e.children {
		if c.el != nil {
			return true
		}
	}
	return false
}

// each calls fn with every child element, in document order.
func (e *element) each(fn func(*element)) {
	for _, c := range e.children {
		if c.el != nil {
			fn(c.el)
		}
	}
}

// first returns the first child element local in namespace ns, else nil.
func (e *element) first(ns, local string) *element {
	for _, c := range e.children {
		if c.el != nil && c.el.is(ns, local) {
			return c.el
		}
	}
	return nil
}

// all returns the child elements local in namespace ns.
func (e *element) all(ns, local string) []*element {
	var out []*element
	e.each(func(c *element) {
		if c.is(ns, local) {
			out = append(out, c)
		}
	})
	return out
}

// firstText returns the trimmed text of the first child local in ns whose
// text is not blank.
func (e *element) firstText(ns, local string) string {
	for _, c := range e.children {
		if c.el != nil && c.el.is(ns, local) {
			if s := strings.TrimSpace(c.el.text()); s != "" {
				return s
			}
		}
	}
	return ""
}

// resolve makes ref absolute against the element's base; it returns ref
// unchanged when there is no base or ref is not a URL reference.
func (e *element) resolve(ref string) string {
	ref = strings.TrimSpace(ref)
	if e.base == nil || ref == "" {
		return ref
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return e.base.ResolveReference(u).String()
}
