package feed

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
)

// metaPrescanBytes is how much of a page is searched for a <meta> naming
// its charset, as the HTML standard's prescan does.
const metaPrescanBytes = 1024

// DecodePage returns a web page's body as UTF-8, its encoding chosen as
// browsers choose it and as feeds' are read: a byte order mark first, then
// the charset of the HTTP Content-Type, then a <meta charset> or <meta
// http-equiv="Content-Type"> within the page's first 1,024 bytes, then
// UTF-8. Labels are read as the WHATWG Encoding Standard reads them
// (ISO-8859-1 is Windows-1252); a page declaring UTF-16 or UTF-32 in a
// <meta> is written in 8 bits and read as UTF-8, and a label nothing knows
// is ignored. Bytes that are not UTF-8 in a UTF-8 page are read as
// Windows-1252, each on its own, so a page whose declaration lies still
// reads as text. It never fails: whatever comes out is valid UTF-8.
func DecodePage(body []byte, contentType string) []byte {
	for _, b := range byteOrderMarks {
		if bytes.HasPrefix(body, b.mark) {
			return decodeWith(b.enc, body[len(b.mark):])
		}
	}
	if enc := lookupEncoding(httpCharset(contentType)); enc != nil {
		return decodeWith(enc, body)
	}
	if label := metaCharset(body[:min(len(body), metaPrescanBytes)]); label != "" && !isWideLabel(label) {
		if enc := lookupEncoding(label); enc != nil {
			return decodeWith(enc, body)
		}
	}
	return fixUTF8(body)
}

// decodeWith decodes body from enc; bytes the decoder refuses become
// U+FFFD, and UTF-8 goes through fixUTF8.
func decodeWith(enc encoding.Encoding, body []byte) []byte {
	if enc == unicode.UTF8 {
		return fixUTF8(body)
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil { // x/text's decoders replace what they cannot read; this is defence
		return fixUTF8(body)
	}
	return fixUTF8(out)
}

// metaCharset returns the charset a <meta> element of head declares: its
// charset attribute, or the charset parameter of the content of one whose
// http-equiv is Content-Type; "" when none does.
func metaCharset(head []byte) string {
	z := html.NewTokenizer(bytes.NewReader(head))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "meta" || !hasAttr {
				continue
			}
			var charset, httpEquiv, content string
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "charset":
					charset = string(v)
				case "http-equiv":
					httpEquiv = string(v)
				case "content":
					content = string(v)
				}
			}
			if charset = strings.TrimSpace(charset); charset != "" {
				return charset
			}
			if strings.EqualFold(strings.TrimSpace(httpEquiv), "content-type") {
				if c := httpCharset(content); c != "" {
					return c
				}
			}
		}
	}
}
