package feed

import (
	"encoding/xml"
	"unicode"
	"unicode/utf8"
)

// charMode says which character data chars reads, and indexes
// charClasses.
type charMode uint8

const (
	modeText       charMode = iota // between tags, up to '<'
	modeAttrDouble                 // an attribute value in "", up to its quote
	modeAttrSingle                 // an attribute value in '', up to its quote
	modeCDATA                      // a CDATA section's content, up to a known end
	charModes
)

// Byte classes of character data.
const (
	classPlain   = iota // copied as it is
	classEnd            // ends the data: '<' in text, the quote in a value
	classAmp            // starts a reference, except in CDATA
	classCR             // a line end to rewrite
	classBracket        // ']' in text, where "]]>" is refused
	classHigh           // starts a multi-byte UTF-8 sequence, to check
	classBad            // a C0 control XML forbids, or '<' in a value
)

// charClasses are the byte classes of each mode; read only.
var charClasses = func() (t [charModes][256]uint8) {
	for m := range t {
		for c := range 0x20 {
			if c != '\t' && c != '\n' && c != '\r' {
				t[m][c] = classBad
			}
		}
		for c := 0x80; c < 0x100; c++ {
			t[m][c] = classHigh
		}
		t[m]['\r'] = classCR
		if charMode(m) != modeCDATA {
			t[m]['&'] = classAmp
			t[m]['<'] = classBad
		}
	}
	t[modeText]['<'], t[modeText][']'] = classEnd, classBracket
	t[modeAttrDouble]['"'] = classEnd
	t[modeAttrSingle]['\''] = classEnd
	return t
}()

// charClass is the class of every byte in any markup the fast path reads
// outside character data: only classBad matters there.
var charClass = &charClasses[modeCDATA]

// chars reads character data from p.pos as encoding/xml's Decoder.text
// does: entities decoded (the predefined ones, HTML's and numeric
// references), "\r\n" and "\r" made "\n", every character checked. It
// stops before the '<' ending text, at the quote ending an attribute value
// or at end (modeCDATA), and fails wherever encoding/xml would fail or
// keep something as written. Data needing no decoding is returned as a
// slice of the document.
func (p *fastTree) chars(mode charMode, end int) (string, bool) {
	src := p.src
	class := &charClasses[mode]
	start, seg, i := p.pos, p.pos, p.pos
	decoded := false
	p.buf = p.buf[:0]
scan:
	for {
		for i < end && class[src[i]] == classPlain {
			i++
		}
		if i >= end {
			if mode != modeCDATA {
				return "", false // text or value cut by the end of the document
			}
			break
		}
		switch class[src[i]] {
		case classEnd:
			break scan
		case classHigh:
			r, size := utf8.DecodeRuneInString(src[i:end])
			if r == utf8.RuneError && size == 1 || !isInCharacterRange(r) {
				return "", false
			}
			i += size
		case classCR:
			p.buf = append(append(p.buf, src[seg:i]...), '\n')
			decoded = true
			i++
			if i < end && src[i] == '\n' {
				i++
			}
			seg = i
		case classAmp:
			p.buf = append(p.buf, src[seg:i]...)
			next, ok := p.entity(i)
			if !ok {
				return "", false
			}
			decoded = true
			i, seg = next, next
		case classBracket:
			if i+2 < len(src) && src[i+1] == ']' && src[i+2] == '>' {
				return "", false // "]]>" outside CDATA
			}
			i++
		default: // classBad
			return "", false
		}
	}
	p.pos = i
	if !decoded {
		return src[start:i], true
	}
	p.buf = append(p.buf, src[seg:i]...)
	return string(p.buf), true
}

// entity decodes the reference at src[i] ('&') onto p.buf and returns the
// index after its ';'. It fails on every reference encoding/xml keeps as
// written (unknown, malformed) or refuses (a character XML forbids).
func (p *fastTree) entity(i int) (int, bool) {
	src := p.src
	j := i + 1
	if j < len(src) && src[j] == '#' {
		return p.charRef(j + 1)
	}
	k := j
	for k < len(src) && isXMLNameByte(src[k]) {
		k++
	}
	if k == j || k >= len(src) || src[k] != ';' {
		return 0, false
	}
	value, ok := entityValue(src[j:k])
	if !ok {
		return 0, false
	}
	p.buf = append(p.buf, value...)
	return k + 1, true
}

// entityValue returns the text of a named entity: the five XML predefines
// first, then HTML's, as parseTreeDecoder's Decoder knows them when the
// document declares none.
func entityValue(name string) (string, bool) {
	switch name {
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "amp":
		return "&", true
	case "apos":
		return "'", true
	case "quot":
		return `"`, true
	}
	v, ok := xml.HTMLEntity[name]
	return v, ok
}

// charRef decodes a numeric character reference whose digits (after "&#")
// start at j, as encoding/xml does: "x" (lower case only) for hex, a value
// up to unicode.MaxRune, a surrogate turned U+FFFD, and the character
// within XML's range.
func (p *fastTree) charRef(j int) (int, bool) {
	src := p.src
	base := uint64(10)
	if j < len(src) && src[j] == 'x' {
		base = 16
		j++
	}
	from := j
	var n uint64
	for ; j < len(src); j++ {
		d, ok := digitValue(src[j], base)
		if !ok {
			break
		}
		if n = n*base + d; n > unicode.MaxRune {
			return 0, false
		}
	}
	if j == from || j >= len(src) || src[j] != ';' {
		return 0, false
	}
	r := rune(n)
	if !utf8.ValidRune(r) {
		r = utf8.RuneError // string(rune(n)) of a surrogate
	}
	if !isInCharacterRange(r) {
		return 0, false
	}
	p.buf = utf8.AppendRune(p.buf, r)
	return j + 1, true
}

// digitValue returns the value of the digit c in base 10 or 16.
func digitValue(c byte, base uint64) (uint64, bool) {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0'), true
	case base == 16 && 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10, true
	case base == 16 && 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10, true
	}
	return 0, false
}

// isInCharacterRange reports whether r is a character XML 1.0 allows.
func isInCharacterRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}
