package feed

import (
	"bytes"
	"regexp"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// xmlDeclEncoding matches the encoding pseudo-attribute of an XML
// declaration at the start of a document.
var xmlDeclEncoding = regexp.MustCompile(`^(\s*<\?xml[^>]*?\sencoding\s*=\s*)("[^"]*"|'[^']*')`)

// wideEncodings tells UTF-32 and UTF-16 documents by their first bytes, a
// byte order mark or "<" (XML 1.0 Appendix F). UTF-32 comes first: its
// little-endian mark begins like UTF-16's.
var wideEncodings = []struct {
	prefix []byte
	enc    encoding.Encoding
}{
	{[]byte{0x00, 0x00, 0xFE, 0xFF}, utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM)},
	{[]byte{0xFF, 0xFE, 0x00, 0x00}, utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM)},
	{[]byte{0x00, 0x00, 0x00, '<'}, utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)},
	{[]byte{'<', 0x00, 0x00, 0x00}, utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)},
	{[]byte{0xFE, 0xFF}, unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)},
	{[]byte{0xFF, 0xFE}, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)},
	{[]byte{0x00, '<', 0x00}, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	{[]byte{'<', 0x00, '?', 0x00}, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
}

// toUTF8 transcodes a UTF-16 or UTF-32 document to UTF-8 and makes its XML
// declaration say so; gofeed reads neither (its control-byte filter removes
// their zero bytes). Any other body is returned as it is.
func toUTF8(body []byte) []byte {
	for _, w := range wideEncodings {
		if !bytes.HasPrefix(body, w.prefix) {
			continue
		}
		out, err := w.enc.NewDecoder().Bytes(body)
		if err != nil {
			return body
		}
		return xmlDeclEncoding.ReplaceAll(out, []byte(`${1}"UTF-8"`))
	}
	return body
}
