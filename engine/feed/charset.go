package feed

import (
	"bytes"
	"fmt"
	"mime"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// xmlDeclEncoding matches the encoding pseudo-attribute of an XML
// declaration at the start of a document; group 2 is the quoted label.
var xmlDeclEncoding = regexp.MustCompile(`^(\s*<\?xml[^>]*?\sencoding\s*=\s*)("[^"]*"|'[^']*')`)

// byteOrderMarks tell a document's encoding by its first bytes (UTF-32
// first: its little-endian mark begins like UTF-16's).
var byteOrderMarks = []struct {
	mark []byte
	enc  encoding.Encoding
}{
	{[]byte{0x00, 0x00, 0xFE, 0xFF}, utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)},
	{[]byte{0xFF, 0xFE, 0x00, 0x00}, utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)},
	{[]byte{0xEF, 0xBB, 0xBF}, unicode.UTF8},
	{[]byte{0xFE, 0xFF}, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	{[]byte{0xFF, 0xFE}, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
}

// widePatterns tell UTF-32 and UTF-16 documents without a byte order mark
// by how their first "<" is encoded (XML 1.0 Appendix F).
var widePatterns = []struct {
	prefix []byte
	enc    encoding.Encoding
}{
	{[]byte{0x00, 0x00, 0x00, '<'}, utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)},
	{[]byte{'<', 0x00, 0x00, 0x00}, utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)},
	{[]byte{0x00, '<', 0x00}, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	{[]byte{'<', 0x00, '?', 0x00}, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
}

// toUTF8 returns the document body as UTF-8 with its XML declaration
// saying so. The encoding is chosen as RFC 7303 and browsers do: a byte
// order mark (unambiguous about the bytes) first, then the charset of the
// HTTP Content-Type, then the UTF-16/32 byte patterns of XML 1.0 Appendix
// F, then the XML declaration, then UTF-8. Labels are read as the WHATWG
// Encoding Standard reads them, so ISO-8859-1 and US-ASCII are
// Windows-1252. Bytes that are not UTF-8 in a UTF-8 document are read as
// Windows-1252, each on its own. A declared encoding nothing knows is an
// error wrapping ErrNotAFeed: no root element can be read.
func toUTF8(body []byte, contentType string) ([]byte, error) {
	enc, rest, err := chooseEncoding(body, contentType)
	if err != nil {
		return nil, err
	}
	var out []byte
	if enc == unicode.UTF8 {
		out = fixUTF8(rest)
	} else if out, err = enc.NewDecoder().Bytes(rest); err != nil {
		return nil, fmt.Errorf("parse: decode body: %w: %w", ErrInvalidFeed, err)
	}
	return declareUTF8(out), nil
}

// declareUTF8 makes the XML declaration of the UTF-8 document b say so,
// since encoding/xml refuses any other label. b itself is returned, not
// a copy, when its declaration names no encoding or UTF-8 already (in any
// case, as encoding/xml accepts).
func declareUTF8(b []byte) []byte {
	m := xmlDeclEncoding.FindSubmatchIndex(b)
	if m == nil {
		return b
	}
	from, to := m[4], m[5] // the quoted label
	if bytes.EqualFold(b[from+1:to-1], []byte("utf-8")) {
		return b
	}
	const label = `"UTF-8"`
	out := make([]byte, 0, len(b)-(to-from)+len(label))
	out = append(out, b[:from]...)
	out = append(out, label...)
	return append(out, b[to:]...)
}

// chooseEncoding picks the body's encoding and returns the body without
// its byte order mark.
func chooseEncoding(body []byte, contentType string) (encoding.Encoding, []byte, error) {
	for _, b := range byteOrderMarks {
		if bytes.HasPrefix(body, b.mark) {
			return b.enc, body[len(b.mark):], nil
		}
	}
	if enc := lookupEncoding(httpCharset(contentType)); enc != nil {
		return enc, body, nil
	}
	for _, w := range widePatterns {
		if bytes.HasPrefix(body, w.prefix) {
			return w.enc, body, nil
		}
	}
	m := xmlDeclEncoding.FindSubmatch(body)
	if m == nil {
		return unicode.UTF8, body, nil
	}
	label := string(m[2][1 : len(m[2])-1])
	enc := lookupEncoding(label)
	switch {
	case enc == nil:
		return nil, nil, fmt.Errorf("parse: unknown encoding %q: %w", label, ErrNotAFeed)
	case isWideLabel(label):
		return unicode.UTF8, body, nil // declared wide but written in 8 bits
	}
	return enc, body, nil
}

// httpCharset returns the charset parameter of a Content-Type value.
func httpCharset(contentType string) string {
	if contentType == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(contentType)
	if err == nil {
		return params["charset"]
	}
	for _, p := range strings.Split(contentType, ";") {
		if k, v, ok := strings.Cut(p, "="); ok && strings.EqualFold(strings.TrimSpace(k), "charset") {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// lookupEncoding finds an encoding by label, WHATWG names first, then
// IANA's; nil when neither knows it (or x/text cannot decode it).
func lookupEncoding(label string) encoding.Encoding {
	label = strings.ToLower(strings.TrimSpace(label))
	if label == "" {
		return nil
	}
	if strings.HasPrefix(label, "utf-32") || strings.HasPrefix(label, "ucs-4") {
		if strings.HasSuffix(label, "le") {
			return utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
		}
		return utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)
	}
	if enc, err := htmlindex.Get(label); err == nil {
		if enc == charmap.ISO8859_1 {
			return charmap.Windows1252
		}
		return enc
	}
	if enc, err := ianaindex.IANA.Encoding(label); err == nil && enc != nil {
		if enc == charmap.ISO8859_1 {
			return charmap.Windows1252
		}
		return enc
	}
	return nil
}

// isWideLabel reports whether an encoding label names UTF-16 or UTF-32
// (or their UCS predecessors).
func isWideLabel(label string) bool {
	label = strings.ToLower(strings.TrimSpace(label))
	for _, p := range []string{"utf-16", "utf-32", "utf16", "utf32", "ucs-2", "ucs-4", "iso-10646-ucs", "unicode"} {
		if strings.HasPrefix(label, p) {
			return true
		}
	}
	return false
}

// fixUTF8 returns b with every byte that is not part of valid UTF-8 read
// as the Windows-1252 character it would be; b itself when it is valid.
func fixUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	out := make([]byte, 0, len(b)+len(b)/8)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 {
			out = utf8.AppendRune(out, windows1252(b[0]))
			b = b[1:]
			continue
		}
		out = append(out, b[:size]...)
		b = b[size:]
	}
	return out
}

// windows1252 returns the character of byte c in Windows-1252; the five
// bytes it leaves undefined become U+FFFD.
func windows1252(c byte) rune {
	if c < 0x80 || c >= 0xA0 {
		return rune(c)
	}
	if r := cp1252C1[c-0x80]; r != 0 {
		return r
	}
	return utf8.RuneError
}

// cp1252C1 maps the bytes 0x80–0x9F to their Windows-1252 characters (0:
// undefined).
var cp1252C1 = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// demoronize replaces the C1 controls U+0080–U+009F in s, which documents
// get by reading Windows-1252 bytes as Latin-1 (or by writing &#146;), by
// the Windows-1252 characters they stand for, as browsers do; undefined
// ones are left for the sanitizer to remove. s itself is returned when it
// has none.
func demoronize(s string) string {
	if strings.IndexByte(s, 0xC2) < 0 { // every C1 control starts so in UTF-8
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r >= 0x80 && r <= 0x9F {
			if w := cp1252C1[r-0x80]; w != 0 {
				r = w
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}
