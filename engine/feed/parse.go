package feed

import (
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/tidings-rss/tidings/engine/document"
)

// Options tell Parse what the transport knows about a document.
type Options struct {
	// ContentType is the HTTP Content-Type of the response; its charset
	// wins over the document's XML declaration (RFC 7303).
	ContentType string
	// URL is where the document came from: the base against which
	// relative links (and xml:base) resolve. Empty: links stay as they are.
	URL string
}

// Parse reads a whole feed document from r, with nothing known about its
// transport; see ParseWith.
func Parse(r io.Reader) (*document.Document, error) {
	return ParseWith(r, Options{})
}

// ParseWith reads a whole feed document from r and extracts it into
// tidings' native model. The caller bounds the body's size (it is read
// into memory, once).
//
// Text fields (titles, authors, categories, the channel description) come
// out as plain text: what a feed marks or shows as HTML is reduced to its
// text, and what it gives as text keeps its '<', '>' and '&'. HTML fields
// (content, summary) come out as HTML with their relative URLs resolved;
// Clean sanitizes both kinds before anything is stored. Identity (guid,
// atom:id, rdf:about) is kept as the feed gave it. Dates are in UTC.
//
// A JSON Feed (1.0, 1.1) is read with gofeed's JSON Feed types the same
// way. A document that would take more memory to parse than its bound is
// refused with ErrTooLarge (see checkLimits, checkJSONLimits).
// An XML redirect document yields a Document with IsRedirect set and no
// items. Errors wrap ErrNotAFeed (the body is not RSS or Atom),
// ErrInvalidFeed (it is, but cannot be parsed) or the reader's own error.
// The encoding is chosen as RFC 7303 says (see toUTF8). Parse never
// fetches anything: external entities and DTDs are not resolved.
func ParseWith(r io.Reader, opts Options) (*document.Document, error) {
	body, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("parse: read body: %w", err)
	}
	return parseBody(body, opts)
}

// parseBody is ParseWith on a body already in memory.
func parseBody(body []byte, opts Options) (*document.Document, error) {
	body, err := toUTF8(body, opts.ContentType)
	if err != nil {
		return nil, err
	}
	var base *url.URL
	if opts.URL != "" {
		base, _ = url.Parse(opts.URL)
	}
	if startsLikeJSON(body) {
		if err := checkJSONLimits(body); err != nil {
			return nil, err
		}
		if isJSONFeed(body) {
			return parseJSONFeed(body, base)
		}
	}
	if err := checkRoot(body); err != nil {
		return nil, err
	}
	if err := checkLimits(body); err != nil {
		return nil, err
	}
	root, err := parseTree(body, base)
	if loc, ok := xmlRedirect(root); ok {
		return &document.Document{IsRedirect: true, NewLocation: loc}, nil
	}
	read := readerFor(root)
	if read == nil {
		if err != nil {
			return nil, fmt.Errorf("parse: %w: %w", ErrNotAFeed, err)
		}
		return nil, fmt.Errorf("parse: %w", ErrNotAFeed)
	}
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w: %w", root.name.Local, ErrInvalidFeed, err)
	}
	var doc *document.Document
	err = guard(root.name.Local, func() { doc = read(root) })
	return doc, err
}

// guard runs fn and turns a panic into an error wrapping ErrInvalidFeed,
// so that no feed can crash the engine. The message names the panic so
// tests can tell it from an ordinary parse error.
func guard(format string, fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("parse %s: %w: parser panicked: %v", format, ErrInvalidFeed, r)
		}
	}()
	fn()
	return nil
}

// readerFor returns the function that reads a document whose root element
// is root: RSS 0.9x/2.0, RSS 1.0/0.90 (rdf:RDF) or Atom (feed); nil for
// anything else.
func readerFor(root *element) func(*element) *document.Document {
	if root == nil {
		return nil
	}
	switch local := strings.ToLower(root.name.Local); {
	case local == "rss" && (root.name.Space == "" || root.ns() == nsRSS20),
		local == "rdf" && (root.ns() == nsRDF || root.ns() == nsRSS10):
		return withSimpleList(rssDocument, func(r *element) *element { return rssChild(r, "channel") }, rssItems)
	case local == "feed" && isAtom(root):
		return withSimpleList(atomDocument, func(r *element) *element { return r },
			func(r *element) []*element { return atomChildren(r, "entry") })
	}
	return nil
}

// withSimpleList wraps a document reader so that the Simple List
// Extensions of the channel (found by channel) are read too: the flags,
// cf:listinfo, and each item's (found by items) values for it.
func withSimpleList(read func(*element) *document.Document, channel func(*element) *element,
	items func(*element) []*element) func(*element) *document.Document {
	return func(root *element) *document.Document {
		doc := read(root)
		if ch := channel(root); ch != nil {
			doc.IsList, doc.NoMoreUpdates = simpleListFlags(ch)
			if doc.ListInfo = listInfo(ch); doc.ListInfo != nil {
				addListValues(doc, items(root))
			}
		}
		return doc
	}
}

// dropControlBytes removes the C0 control bytes XML forbids (all below 0x20
// but tab, LF and CR), so that a stray one does not make a feed unreadable.
// It returns body itself, without copying, when there is nothing to drop.
func dropControlBytes(body []byte) []byte {
	for i, c := range body {
		if isIllegalControl(c) {
			return filterControlBytes(body, i)
		}
	}
	return body
}

// filterControlBytes copies body without its illegal control bytes; from is
// the index of the first one.
func filterControlBytes(body []byte, from int) []byte {
	out := make([]byte, from, len(body))
	copy(out, body[:from])
	for _, c := range body[from:] {
		if !isIllegalControl(c) {
			out = append(out, c)
		}
	}
	return out
}

// isIllegalControl reports whether c is a C0 control byte XML 1.0 forbids.
func isIllegalControl(c byte) bool {
	return c < 0x20 && c != '\t' && c != '\n' && c != '\r'
}
