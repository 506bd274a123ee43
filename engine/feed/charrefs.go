package feed

import (
	"bytes"
	"strconv"
	"unicode"
)

// decoderBody is body as parseTreeDecoder reads it: without the control
// bytes XML forbids (dropControlBytes) and without the character
// references to them (dropControlRefs).
func decoderBody(body []byte) []byte {
	return dropControlRefs(dropControlBytes(body))
}

// dropControlRefs removes the character references encoding/xml would
// decode to a character XML forbids ("&#8;", "&#x1F;", "&#0;", "&#xFFFE;"),
// which make it refuse the whole document, as a stray control byte would:
// a feed reader reads such a reference as nothing. References are read
// where encoding/xml decodes them, in text and attribute values; comments,
// CDATA sections, processing instructions and declarations are left as
// they are. It returns body itself, without copying, when there is no
// such reference. parseTreeFast refuses these references, leaving the
// document to parseTreeDecoder.
func dropControlRefs(body []byte) []byte {
	if bytes.Index(body, []byte("&#")) < 0 {
		return body
	}
	var out []byte // nil until the first reference is dropped
	kept := 0      // body[:kept] is in out
	for i := 0; i < len(body); {
		switch {
		case body[i] == '<':
			i = skipMarkup(body, i)
		case body[i] == '&' && i+1 < len(body) && body[i+1] == '#':
			end, drop := controlRef(body, i+2)
			if drop {
				out = append(out, body[kept:i]...)
				kept = end
			}
			i = end
		default:
			i++
		}
	}
	if out == nil {
		return body
	}
	return append(out, body[kept:]...)
}

// skipMarkup returns the index after the comment, CDATA section,
// processing instruction or declaration starting at body[i] ('<'), or
// i+1 for a tag, whose attribute values hold references.
func skipMarkup(body []byte, i int) int {
	rest := body[i:]
	var end []byte
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		end = []byte("-->")
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		end = []byte("]]>")
	case bytes.HasPrefix(rest, []byte("<?")):
		end = []byte("?>")
	case bytes.HasPrefix(rest, []byte("<!")):
		return skipDeclaration(body, i)
	default:
		return i + 1
	}
	k := bytes.Index(rest[2:], end)
	if k < 0 {
		return len(body)
	}
	return i + 2 + k + len(end)
}

// skipDeclaration returns the index after the declaration (<!DOCTYPE …>)
// starting at body[i], its internal subset in brackets and quoted
// strings included.
func skipDeclaration(body []byte, i int) int {
	depth := 0
	var quote byte
	for j := i + 2; j < len(body); j++ {
		c := body[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == '>' && depth <= 0:
			return j + 1
		}
	}
	return len(body)
}

// controlRef reads the character reference whose digits (after "&#")
// start at j as encoding/xml does ("x" in lower case for hex, digits of
// either case) and returns the index after it and whether it stands for a
// character XML forbids. A reference encoding/xml keeps as written
// (malformed, unterminated, beyond Unicode) is not one.
func controlRef(body []byte, j int) (int, bool) {
	base := 10
	if j < len(body) && body[j] == 'x' {
		base = 16
		j++
	}
	from := j
	for j < len(body) && (body[j] >= '0' && body[j] <= '9' ||
		base == 16 && (body[j] >= 'a' && body[j] <= 'f' || body[j] >= 'A' && body[j] <= 'F')) {
		j++
	}
	if j >= len(body) || body[j] != ';' {
		return j, false
	}
	n, err := strconv.ParseUint(string(body[from:j]), base, 64)
	if err != nil || n > unicode.MaxRune {
		return j + 1, false
	}
	r := rune(n)
	return j + 1, r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF
}
