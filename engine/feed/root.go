package feed

import (
	"bytes"
	"fmt"
	"strconv"
)

// feedRoots are the local names (matched case-insensitively) of the root
// elements readerFor and xmlRedirect read.
var feedRoots = [][]byte{[]byte("rss"), []byte("rdf"), []byte("feed"), []byte("redirect")}

// checkRoot refuses with ErrNotAFeed a document whose first element
// cannot be the root of a feed (an HTML page's <html>), before it is
// measured or parsed as XML: a web page is not bound by XML's limits,
// which its unclosed <p> and <br> would pass, but read as HTML by
// Discover. A document without an element is left to the parser.
func checkRoot(body []byte) error {
	name, ok := firstElement(body)
	if !ok {
		return nil
	}
	local := name
	if i := bytes.LastIndexByte(name, ':'); i >= 0 {
		local = name[i+1:]
	}
	for _, r := range feedRoots {
		if bytes.EqualFold(local, r) {
			return nil
		}
	}
	const show = 32
	if len(name) > show {
		name = name[:show]
	}
	return fmt.Errorf("parse: %w: its root element is %s", ErrNotAFeed, strconv.QuoteToASCII(string(name)))
}

// firstElement returns the name of body's first start tag, past the
// prolog, comments, CDATA and declarations, the way the limits' scanner
// reads markup.
func firstElement(body []byte) ([]byte, bool) {
	s := &scanner{b: body}
	for {
		lt := bytes.IndexByte(s.b[s.i:], '<')
		if lt < 0 {
			return nil, false
		}
		s.i += lt + 1
		if rest := s.b[s.i:]; len(rest) == 0 || rest[0] == '!' || rest[0] == '?' || rest[0] == '/' {
			s.markup()
			continue
		}
		n := s.name()
		return s.b[n.from:n.to], true
	}
}
