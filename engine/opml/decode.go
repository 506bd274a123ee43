package opml

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxDepth bounds outline nesting, so hostile input cannot exhaust the stack.
const maxDepth = 100

// Decode reads an OPML document from r.
//
// See the package documentation for how outlines map to folders and feeds.
// Errors about the input wrap [ErrInvalidOPML]: input that is not XML or is
// truncated, a root element other than <opml>, a missing <body>, outlines
// nested more than 100 levels deep, or an unsupported character encoding
// (UTF-8, US-ASCII, ISO-8859-1 and Windows-1252 are supported). An error
// from r itself is returned wrapped, without [ErrInvalidOPML].
func Decode(r io.Reader) (*Document, error) {
	er := &errReader{r: r}
	dec := xml.NewDecoder(er)
	dec.CharsetReader = charsetReader
	p := &parser{dec: dec, src: er, seen: make(map[string]bool)}
	doc, err := p.document()
	if err != nil {
		return nil, err
	}
	return doc, nil
}

// decodeError is an input error: it reads "invalid OPML: <detail>" on one
// line and matches both ErrInvalidOPML and its cause, if any.
type decodeError struct {
	detail string
	cause  error
}

func (e *decodeError) Error() string {
	return ErrInvalidOPML.Error() + ": " + strings.Join(strings.Fields(e.detail), " ")
}

func (e *decodeError) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrInvalidOPML}
	}
	return []error{ErrInvalidOPML, e.cause}
}

func invalid(format string, args ...any) error {
	return &decodeError{detail: fmt.Sprintf(format, args...)}
}

// errReader remembers the first error of the underlying reader, so that a
// failing reader is not reported as malformed XML.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}

type parser struct {
	dec  *xml.Decoder
	src  *errReader
	seen map[string]bool // feed URLs already decoded
}

// token returns the next token. The end of input is an error: every caller
// is inside an element.
func (p *parser) token() (xml.Token, error) {
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.fail(err, "unexpected end of input")
	}
	return tok, nil
}

// skip skips the rest of the current element.
func (p *parser) skip() error {
	if err := p.dec.Skip(); err != nil {
		return p.fail(err, "unexpected end of input")
	}
	return nil
}

// fail turns an error of the XML decoder into the error Decode returns;
// atEOF is the detail reported if the input simply ended.
func (p *parser) fail(err error, atEOF string) error {
	if p.src.err != nil {
		return fmt.Errorf("opml: reading: %w", p.src.err)
	}
	if errors.Is(err, io.EOF) {
		return &decodeError{detail: atEOF, cause: io.ErrUnexpectedEOF}
	}
	return &decodeError{detail: err.Error(), cause: err}
}

func (p *parser) document() (*Document, error) {
	root, err := p.root()
	if err != nil {
		return nil, err
	}
	doc := &Document{}
	body := &node{}
	var hasBody, hasTitle bool
	for {
		tok, err := p.token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			if !hasBody {
				return nil, invalid("<%s> has no <body>", root.Name.Local)
			}
			doc.Root = body.folder()
			return doc, nil
		case xml.StartElement:
			switch {
			case is(t.Name, "head"):
				title, found, err := p.head(doc)
				if err != nil {
					return nil, err
				}
				if found && !hasTitle {
					doc.Title, hasTitle = title, true
				}
			case is(t.Name, "body"):
				// Several bodies are merged into one.
				hasBody = true
				if err := p.outlines(&target{n: body}, 0); err != nil {
					return nil, err
				}
			default:
				if err := p.skip(); err != nil {
					return nil, err
				}
			}
		}
	}
}

// root reads up to the root element and checks that it is <opml>.
func (p *parser) root() (xml.StartElement, error) {
	for {
		tok, err := p.dec.Token()
		if err != nil {
			return xml.StartElement{}, p.fail(err, "no root element (empty or not XML)")
		}
		if t, ok := tok.(xml.StartElement); ok {
			if !is(t.Name, "opml") {
				return t, invalid("root element is <%s>, not <opml>", t.Name.Local)
			}
			return t, nil
		}
	}
}

// head reads the children of <head>: it returns the text of its first
// <title>, if any, and adds tidings' searches and rules to doc.
func (p *parser) head(doc *Document) (title string, found bool, err error) {
	for {
		tok, err := p.token()
		if err != nil {
			return "", false, err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return title, found, nil
		case xml.StartElement:
			if is(t.Name, "title") && !found {
				title, err = p.text()
				if err != nil {
					return "", false, err
				}
				found = true
				continue
			}
			if t.Name.Space == Namespace || t.Name.Space == "tidings" {
				extension(doc, t)
			}
			if err := p.skip(); err != nil {
				return "", false, err
			}
		}
	}
}

// extension reads a <tidings:search name= query=> or <tidings:rule
// action= query= feed=> element of <head>; one without a query (or a
// search without a name) is ignored. The query is kept as written: the
// importer checks it.
func extension(doc *Document, t xml.StartElement) {
	get := func(name string) string {
		for _, a := range t.Attr {
			if a.Name.Space == "" && strings.EqualFold(a.Name.Local, name) {
				return strings.TrimSpace(a.Value)
			}
		}
		return ""
	}
	q := get("query")
	switch {
	case q == "":
	case is(t.Name, "search") && get("name") != "":
		doc.Searches = append(doc.Searches, Search{Name: get("name"), Query: q})
	case is(t.Name, "rule"):
		doc.Rules = append(doc.Rules, Rule{Query: q, Action: strings.ToLower(get("action")), FeedURL: get("feed")})
	}
}

// text returns the trimmed character data of the current element, including
// that of any nested elements.
func (p *parser) text() (string, error) {
	var b strings.Builder
	for depth := 0; ; {
		tok, err := p.token()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth == 0 {
				return strings.TrimSpace(b.String()), nil
			}
			depth--
		}
	}
}

// outlines reads the children of the current element (<body> or <outline>)
// into dst, up to the current element's end tag.
func (p *parser) outlines(dst *target, depth int) error {
	for {
		tok, err := p.token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			if !is(t.Name, "outline") {
				if err := p.skip(); err != nil {
					return err
				}
				continue
			}
			if depth >= maxDepth {
				return invalid("outlines nested more than %d levels deep", maxDepth)
			}
			if err := p.outline(t, dst, depth+1); err != nil {
				return err
			}
		}
	}
}

// outline reads one <outline> element, whose start tag is start, into dst.
func (p *parser) outline(start xml.StartElement, dst *target, depth int) error {
	a := readAttrs(start.Attr)
	if url := strings.TrimSpace(a.xmlURL); url != "" {
		if !p.seen[url] {
			p.seen[url] = true
			dst.get().feeds = append(dst.get().feeds, a.feed(url))
		}
		// Children of a feed are read into the feed's own folder.
		return p.outlines(dst, depth)
	}
	if command := strings.TrimSpace(a.exec); command != "" {
		n := dst.get()
		n.commands = append(n.commands, Command{Title: firstNonBlank(a.title, a.text), Command: command})
		return p.outlines(dst, depth)
	}

	name := folderName(firstNonBlank(a.text, a.title))
	if name == "" {
		// Not a real folder: its contents go to the enclosing folder.
		return p.outlines(dst, depth)
	}
	sub := &target{parent: dst, name: name}
	if t := strings.TrimSpace(a.typ); t == "" || strings.EqualFold(t, "folder") {
		sub.get() // a folder even when empty
	}
	// Otherwise (a link, an include, a feed without xmlUrl) it only becomes
	// a folder if something is put into it.
	return p.outlines(sub, depth)
}

// attrs are the outline attributes Decode looks at.
type attrs struct {
	text, title, xmlURL, htmlURL, typ    string
	sync, interval, maxItems, enclosures string
	titleFromFeed, fullText              string
	exec, filter                         string
}

func readAttrs(list []xml.Attr) attrs {
	var a attrs
	set := func(dst *string, v string) {
		if *dst == "" {
			*dst = v
		}
	}
	for _, at := range list {
		switch at.Name.Space {
		case "":
			switch strings.ToLower(at.Name.Local) {
			case "text":
				set(&a.text, at.Value)
			case "title":
				set(&a.title, at.Value)
			case "xmlurl":
				set(&a.xmlURL, at.Value)
			case "htmlurl":
				set(&a.htmlURL, at.Value)
			case "type":
				set(&a.typ, at.Value)
			}
		case Namespace, "tidings":
			switch strings.ToLower(at.Name.Local) {
			case "sync":
				set(&a.sync, at.Value)
			case "interval":
				set(&a.interval, at.Value)
			case "maxitems":
				set(&a.maxItems, at.Value)
			case "enclosures":
				set(&a.enclosures, at.Value)
			case "titlefromfeed":
				set(&a.titleFromFeed, at.Value)
			case "fulltext":
				set(&a.fullText, at.Value)
			case "exec":
				set(&a.exec, at.Value)
			case "filter":
				set(&a.filter, at.Value)
			}
		}
	}
	return a
}

func (a attrs) feed(url string) Feed {
	f := Feed{
		URL:             url,
		Title:           firstNonBlank(a.title, a.text),
		HTMLURL:         strings.TrimSpace(a.htmlURL),
		IntervalMinutes: positive(a.interval),
		MaxItems:        positive(a.maxItems),
	}
	switch s := strings.ToLower(strings.TrimSpace(a.sync)); s {
	case SyncInterval, SyncManual:
		f.Sync = s
	}
	f.Enclosures, _ = strconv.ParseBool(strings.TrimSpace(a.enclosures))
	f.TitleFromFeed, _ = strconv.ParseBool(strings.TrimSpace(a.titleFromFeed))
	f.FullText, _ = strconv.ParseBool(strings.TrimSpace(a.fullText))
	f.Filter = strings.TrimSpace(a.filter)
	return f
}

func positive(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func firstNonBlank(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// folderName normalises a folder name: trimmed, with "/" replaced by "-".
func folderName(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "/", "-"))
}

// is reports whether n has the given local name, ignoring case and namespace.
func is(n xml.Name, local string) bool {
	return strings.EqualFold(n.Local, local)
}

// node is a folder under construction; sibling folders are merged by name.
type node struct {
	name     string
	feeds    []Feed
	commands []Command
	kids     []*node
	byName   map[string]*node
}

func (n *node) child(name string) *node {
	if c, ok := n.byName[name]; ok {
		return c
	}
	if n.byName == nil {
		n.byName = make(map[string]*node)
	}
	c := &node{name: name}
	n.byName[name] = c
	n.kids = append(n.kids, c)
	return c
}

func (n *node) folder() Folder {
	f := Folder{Name: n.name, Feeds: n.feeds, Commands: n.commands}
	for _, c := range n.kids {
		f.Folders = append(f.Folders, c.folder())
	}
	return f
}

// target is where outlines go: a folder that is only created when first
// needed, so that a childless non-folder outline leaves no trace.
type target struct {
	n      *node
	parent *target
	name   string
}

func (t *target) get() *node {
	if t.n == nil {
		t.n = t.parent.get().child(t.name)
	}
	return t.n
}
