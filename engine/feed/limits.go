package feed

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ErrTooLarge is wrapped (with ErrInvalidFeed) by Parse's error when
// parsing the document would hold more memory than its bound: nesting
// deeper than MaxDepth, or more elements and attributes than
// ParseFactor times its size can hold.
var ErrTooLarge = errors.New("document too large to parse")

// The bounds of one document's parse. The parser holds the body, the text
// it decodes and, for each element and attribute, a node of its tree; the
// costs below are what it held per node when measured
// (TestParseMemoryMatchesTheEstimate re-measures them).
const (
	// MaxDepth is the deepest element nesting parsed: real feeds, XHTML
	// content included, stay far below; a million levels would take the
	// parser's stack to hundreds of megabytes.
	MaxDepth = 256
	// ParseFactor bounds what a parse may hold, as a multiple of the
	// document's size.
	ParseFactor = 10
	// parseFloor is an estimate under which any document passes: a small
	// document cannot hold much whatever its shape.
	parseFloor = 1 << 20
	// bodyCost is the estimate per byte of body: the body itself and the
	// text decoded from it.
	bodyCost = 2
	// elementCost, extensionCost and attrCost are the bytes the parser
	// holds per element, per element with a namespace prefix (an
	// extension, kept as a node with maps of attributes and children) and
	// per attribute.
	elementCost   = 128
	extensionCost = 448
	attrCost      = 96
)

// checkLimits scans body once, without allocating, and refuses it with
// ErrTooLarge when its parse would pass the bounds above.
func checkLimits(body []byte) error {
	s := shapeOf(body)
	if s.tooDeep {
		return fmt.Errorf("parse: %w: %w: elements nested deeper than %d levels", ErrInvalidFeed, ErrTooLarge, MaxDepth)
	}
	estimate := s.estimate(len(body))
	if limit := max(ParseFactor*int64(len(body)), parseFloor); estimate > limit {
		return fmt.Errorf("parse: %w: %w: %d elements and %d attributes in %d bytes would take about %d MB to parse",
			ErrInvalidFeed, ErrTooLarge, s.elements+s.extensions, s.attrs, len(body), estimate>>20)
	}
	return nil
}

// shape is what checkLimits learns of a document.
type shape struct {
	elements, extensions, attrs int64
	tooDeep                     bool
}

// estimate is what parsing a document of size bytes and this shape holds.
func (s shape) estimate(size int) int64 {
	return bodyCost*int64(size) + elementCost*s.elements + extensionCost*s.extensions + attrCost*s.attrs
}

// span is a tag name's place in the body.
type span struct{ from, to int }

// scanner walks the markup of a document the way a lenient XML decoder
// does: an end tag closes the innermost open element of its name and
// every element opened inside it, an end tag matching nothing is ignored.
type scanner struct {
	b     []byte
	i     int
	open  [MaxDepth]span
	depth int
	shape
}

// shapeOf counts the elements and attributes of body and reports whether
// its nesting passes MaxDepth.
func shapeOf(body []byte) shape {
	s := &scanner{b: body}
	for !s.tooDeep {
		lt := bytes.IndexByte(s.b[s.i:], '<')
		if lt < 0 {
			break
		}
		s.i += lt + 1
		s.markup()
	}
	return s.shape
}

// markup reads the construct after a '<'.
func (s *scanner) markup() {
	rest := s.b[s.i:]
	switch {
	case bytes.HasPrefix(rest, []byte("!--")):
		s.skipPast("-->")
	case bytes.HasPrefix(rest, []byte("![CDATA[")):
		s.skipPast("]]>")
	case bytes.HasPrefix(rest, []byte("?")):
		s.skipPast("?>")
	case bytes.HasPrefix(rest, []byte("!")):
		s.declaration()
	case bytes.HasPrefix(rest, []byte("/")):
		s.i++
		s.closeTag(s.name())
	default:
		s.startTag()
	}
}

// skipPast moves after the next end, or to the end of the body.
func (s *scanner) skipPast(end string) {
	if j := bytes.Index(s.b[s.i:], []byte(end)); j >= 0 {
		s.i += j + len(end)
		return
	}
	s.i = len(s.b)
}

// declaration skips <!DOCTYPE …> with its internal subset in brackets.
func (s *scanner) declaration() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '[':
			s.skipPast("]")
			continue
		case '>':
			s.i++
			return
		}
		s.i++
	}
}

// name reads a tag name at the cursor.
func (s *scanner) name() span {
	from := s.i
	for s.i < len(s.b) && !isNameEnd(s.b[s.i]) {
		s.i++
	}
	return span{from, s.i}
}

func isNameEnd(c byte) bool {
	return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// startTag reads an element's name and attributes up to its '>'.
func (s *scanner) startTag() {
	n := s.name()
	if bytes.IndexByte(s.b[n.from:n.to], ':') >= 0 {
		s.extensions++
	} else {
		s.elements++
	}
	var quote byte
	for ; s.i < len(s.b); s.i++ {
		c := s.b[s.i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '=':
			s.attrs++
		case c == '>':
			s.i++
			if s.b[s.i-2] != '/' {
				s.push(n)
			}
			return
		}
	}
}

func (s *scanner) push(n span) {
	if s.depth == MaxDepth {
		s.tooDeep = true
		return
	}
	s.open[s.depth] = n
	s.depth++
}

// closeTag closes the innermost open element named n and those inside it.
func (s *scanner) closeTag(n span) {
	name := s.b[n.from:n.to]
	for d := s.depth - 1; d >= 0; d-- {
		if o := s.open[d]; bytes.Equal(s.b[o.from:o.to], name) {
			s.depth = d
			return
		}
	}
}

// readAll reads r to its end. A reader that knows its length (a
// bytes.Reader over a downloaded body) is read into one slice of that size,
// so a large body is copied once instead of through a growing buffer.
func readAll(r io.Reader) ([]byte, error) {
	sized, ok := r.(interface{ Len() int })
	if !ok {
		return io.ReadAll(r)
	}
	body := make([]byte, sized.Len())
	n, err := io.ReadFull(r, body)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return body[:n], nil
	}
	if err != nil {
		return nil, err
	}
	rest, err := io.ReadAll(r) // empty unless the length was a promise it broke
	return append(body, rest...), err
}
