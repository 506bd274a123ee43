package feed

import (
	"bytes"
	"fmt"
)

// The bounds of a JSON Feed's parse, of the same kind as an XML
// document's (limits.go): values nested deeper than MaxDepth are refused,
// and so is a document whose estimate passes ParseFactor times its size
// (or parseFloor). encoding/json checks that a whole document is valid
// before it decodes any of it, so what a document costs is decided by its
// values; the costs below are the bytes that the feed decoded by gofeed
// and the native model read from it held per value when measured
// (TestJSONParseMemoryMatchesTheEstimate re-measures them, and checks
// that the garbage made on the way stays within jsonGarbageFactor times
// the estimate).
const (
	// jsonBodyCost is the estimate per byte of body: the body itself, the
	// strings decoded from it and those the native model makes of them.
	jsonBodyCost = 3
	// jsonItemCost is the estimate per item: an object that is an element
	// of an array that is a member of the root object, as the items are.
	// Each becomes gofeed's Item and a document.Item.
	jsonItemCost = 512
	// jsonObjectCost is the estimate per other object: an author, an
	// attachment and its enclosure.
	jsonObjectCost = 256
	// jsonValueCost is the estimate per element of an array that is not
	// an object: a tag is a string in gofeed's list and another in the
	// item's categories. A member's value costs its bytes, counted with
	// the body: it is a field of the object's type, or skipped.
	jsonValueCost = 64
	// jsonGarbageFactor bounds everything a parse allocates, what it
	// keeps and what it drops on the way, as a multiple of the estimate:
	// gofeed's decoders decode each item and attachment twice.
	jsonGarbageFactor = 16
)

// checkJSONLimits scans a JSON body once, without allocating, and refuses
// it with ErrTooLarge when its parse would pass the bounds above.
func checkJSONLimits(body []byte) error {
	s := jsonShapeOf(body)
	if s.tooDeep {
		return fmt.Errorf("parse json: %w: %w: values nested deeper than %d levels", ErrInvalidFeed, ErrTooLarge, MaxDepth)
	}
	estimate := s.estimate(len(body))
	if limit := max(ParseFactor*int64(len(body)), parseFloor); estimate > limit {
		return fmt.Errorf("parse json: %w: %w: %d items and %d other values in %d bytes would take about %d MB to parse",
			ErrInvalidFeed, ErrTooLarge, s.items, s.objects+s.values, len(body), estimate>>20)
	}
	return nil
}

// jsonShape is what checkJSONLimits learns of a document.
type jsonShape struct {
	items, objects, values int64
	tooDeep                bool
}

// estimate is what parsing a JSON document of size bytes and this shape
// allocates.
func (s jsonShape) estimate(size int) int64 {
	return jsonBodyCost*int64(size) + jsonItemCost*s.items + jsonObjectCost*s.objects + jsonValueCost*s.values
}

// jsonScanner walks the structure of a JSON document without decoding
// it. It reads invalid JSON too, counting what it finds: encoding/json
// refuses such a document before it allocates anything for its values.
type jsonScanner struct {
	b []byte
	i int
	// object[d] is whether the container open at depth d is an object.
	object [MaxDepth]bool
	depth  int
	// key is whether the next string is a member's name.
	key bool
	jsonShape
}

// jsonShapeOf counts the values of body and reports whether their nesting
// passes MaxDepth.
func jsonShapeOf(body []byte) jsonShape {
	s := &jsonScanner{b: body}
	for s.i < len(s.b) && !s.tooDeep {
		switch c := s.b[s.i]; c {
		case ' ', '\t', '\n', '\r', ':':
			s.i++
		case ',':
			s.key = s.inObject()
			s.i++
		case '"':
			s.str()
		case '{', '[':
			s.open(c == '{')
		case '}', ']':
			s.depth = max(s.depth-1, 0)
			s.key = false
			s.i++
		default:
			s.scalar()
		}
	}
	return s.jsonShape
}

// inObject reports whether the innermost open container is an object.
func (s *jsonScanner) inObject() bool {
	return s.depth > 0 && s.object[s.depth-1]
}

// element counts a value that is not an object when it is an array's
// element (or the document).
func (s *jsonScanner) element() {
	if !s.inObject() {
		s.values++
	}
}

// open counts an object or array and enters it.
func (s *jsonScanner) open(object bool) {
	switch {
	case !object:
		s.element()
	case s.depth == 2 && s.object[0] && !s.object[1]:
		s.items++
	default:
		s.objects++
	}
	s.i++
	if s.depth == MaxDepth {
		s.tooDeep = true
		return
	}
	s.object[s.depth] = object
	s.depth++
	s.key = object
}

// str skips a string, counting it unless it names a member.
func (s *jsonScanner) str() {
	if s.key {
		s.key = false
	} else {
		s.element()
	}
	s.i++
	for {
		q := bytes.IndexByte(s.b[s.i:], '"')
		if q < 0 {
			s.i = len(s.b)
			return
		}
		s.i += q + 1
		if !escaped(s.b, s.i-1) {
			return
		}
	}
}

// escaped reports whether the byte at i follows an odd number of
// backslashes.
func escaped(b []byte, i int) bool {
	n := 0
	for i > 0 && b[i-1] == '\\' {
		n++
		i--
	}
	return n%2 == 1
}

// scalar skips a number or literal (or, in invalid JSON, any run of other
// bytes) and counts it.
func (s *jsonScanner) scalar() {
	s.element()
	s.key = false
	for s.i++; s.i < len(s.b); s.i++ {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r', ',', ':', '"', '{', '}', '[', ']':
			return
		}
	}
}
