package sanitize

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Text returns s as plain text for titles, authors, categories and channel
// titles and descriptions. HTML tags and comments are removed, the content
// of script, style, iframe, noembed and noframes elements is dropped,
// entities are decoded, and every control (C0, DEL, C1, bidi controls,
// U+FEFF) and invalid UTF-8 byte is removed. Tabs, newlines and other
// white space separate words: runs of it become one space, and the result
// is trimmed.
//
// Text is idempotent. Decoded text that would itself read as markup or as an
// entity (a double-escaped title such as "&amp;lt;b&amp;gt;") is therefore
// decoded again until nothing changes, so the result never contains a tag
// or a character reference and is safe even where it is mistaken for HTML.
func Text(s string) string {
	return fixpoint(s, textPass, isPlain, stripMarkupChars)
}

// textPass is one round of [Text]: markup removed once, entities decoded
// once, then controls removed and white space collapsed.
func textPass(s string) string {
	if isPlain(s) {
		return collapse(s)
	}
	return collapse(stripTags(s))
}

// isPlain reports whether an HTML tokenizer reads all of s as literal text:
// no '<' starts a tag, end tag, comment or declaration and no '&' starts a
// character reference. [textPass] then only collapses s, so a collapsed,
// plain s is final. "1 < 2" and "Tom & Jerry" are plain; "AT&T" is not,
// as "&T" could begin an entity name.
func isPlain(s string) bool {
	for i := 0; i < len(s)-1; i++ {
		switch s[i] {
		case '<':
			if startsTag(s[i+1]) {
				return false
			}
		case '&':
			if startsReference(s[i+1]) {
				return false
			}
		}
	}
	return true
}

// startsTag reports whether c, after '<', makes the tokenizer leave text.
func startsTag(c byte) bool {
	return isASCIILetter(c) || c == '/' || c == '!' || c == '?'
}

// startsReference reports whether c, after '&', may begin a character
// reference.
func startsReference(c byte) bool {
	return isASCIILetter(c) || ('0' <= c && c <= '9') || c == '#'
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// stripMarkupChars ends [Text] on pathological input that would not settle:
// without '<' and '&' a single pass is final.
func stripMarkupChars(s string) string {
	return collapse(strings.NewReplacer("<", "", "&", "").Replace(s))
}

// stripTags returns the decoded text of the HTML fragment s, with a space
// where an element other than an inline one starts or ends.
func stripTags(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	z := html.NewTokenizer(strings.NewReader(s))
	skipping := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			if !skipping {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			skipping = dropsContent(string(name))
			separate(&b, string(name))
		case html.EndTagToken:
			name, _ := z.TagName()
			skipping = false
			separate(&b, string(name))
		}
	}
}

// dropsContent reports whether the content of element name is markup or
// code rather than text. The tokenizer reads these elements' content as one
// raw text token, so it is skipped until the next tag.
func dropsContent(name string) bool {
	switch name {
	case "script", "style", "iframe", "noembed", "noframes":
		return true
	}
	return false
}

// separate writes a space to b unless element name is inline, so that
// "<p>a</p><p>b</p>" reads "a b" and "un<b>believ</b>able" stays one word.
func separate(b *strings.Builder, name string) {
	if !isInline(name) {
		b.WriteByte(' ')
	}
}

// isInline reports whether element name flows within a line of text.
func isInline(name string) bool {
	switch name {
	case "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del",
		"dfn", "em", "font", "i", "ins", "kbd", "mark", "nobr", "q", "s",
		"samp", "small", "span", "strike", "strong", "sub", "sup", "time",
		"tt", "u", "var", "wbr":
		return true
	}
	return false
}

// collapse removes controls and invalid UTF-8 from s, turns each run of
// white space into one space and trims both ends.
func collapse(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
		case dropped(r, size, 0):
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
