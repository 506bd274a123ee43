package sanitize

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Text returns s as a plain-text field value (a title, an author, a
// category, a channel description): every control (C0, DEL, C1, bidi
// controls, U+FEFF) and invalid UTF-8 byte is removed, runs of white space
// become one space and the ends are trimmed. Nothing else changes: '<',
// '>' and '&' are characters of the text, never markup, so "History of
// the <blink> tag" stays as it is. Whoever shows a text field shows it as
// text (the reader through [Terminal], JSON as a string); a consumer that
// builds HTML from it must escape it.
//
// Text is idempotent. A value that is HTML is turned into text by
// [TextFromHTML] first.
func Text(s string) string {
	return collapse(s)
}

// TextFromHTML returns the text of the HTML fragment s as a plain-text
// field value: tags and comments are removed, character references are
// decoded once (so "&amp;lt;dialog&amp;gt;" reads "&lt;dialog&gt;" and
// "&lt;dialog&gt;" reads "<dialog>"), the content of script and style is
// dropped, the fallback content of iframe, noembed, noframes and noscript
// is kept as text, block elements separate words, and the result is
// [Text]. What it returns is text: it may hold '<' and '&' and must never
// be read as HTML again.
func TextFromHTML(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	writeHTMLText(&b, s, 0)
	return collapse(b.String())
}

// writeHTMLText writes the text of fragment s to b; depth bounds the
// re-reading of fallback content nested in fallback content.
func writeHTMLText(b *strings.Builder, s string, depth int) {
	z := html.NewTokenizer(strings.NewReader(s))
	var inside string // the raw-text element being read, if any
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.TextToken:
			switch {
			case dropsContent(inside):
			case hasFallback(inside) && depth < maxPasses:
				writeHTMLText(b, string(z.Text()), depth+1)
			default:
				b.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			inside = string(name)
			separate(b, inside)
		case html.EndTagToken:
			name, _ := z.TagName()
			inside = ""
			separate(b, string(name))
		}
	}
}

// dropsContent reports whether the content of element name is code rather
// than text.
func dropsContent(name string) bool {
	return name == "script" || name == "style"
}

// hasFallback reports whether element name is one the HTML tokenizer reads
// as raw text although its content is markup shown when the element is
// not: the fallback of a frame, an embed or a script.
func hasFallback(name string) bool {
	switch name {
	case "iframe", "noembed", "noframes", "noscript":
		return true
	}
	return false
}

// separate writes a space to b unless element name is inline, so that
// "<p>a</p><p>b</p>" reads "a b" and "un<b>believ</b>able" stays one word.
func separate(b *strings.Builder, name string) {
	if !IsInline(name) {
		b.WriteByte(' ')
	}
}

// IsInline reports whether the HTML element name (lower case) flows within
// a line of text. [TextFromHTML] separates words only at the others, and
// so does the store's full-text index, so that both read the same words.
func IsInline(name string) bool {
	switch name {
	case "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del",
		"dfn", "em", "font", "i", "ins", "kbd", "mark", "nobr", "q", "s",
		"samp", "small", "span", "strike", "strong", "sub", "sup", "time",
		"tt", "u", "var", "wbr", "mi", "mo", "mn", "mrow":
		return true
	}
	return false
}

// collapse removes controls and invalid UTF-8 from s, turns each run of
// white space into one space and trims both ends. It returns s itself when
// there is nothing to change (found by [isCollapsed] unless fastPaths is
// off).
func collapse(s string) string {
	if fastPaths && isCollapsed(s) {
		return s
	}
	return collapseAll(s)
}

// collapseAll is [collapse] without the check that s needs it: it always
// builds a new string.
func collapseAll(s string) string {
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

// isCollapsed reports whether collapse would return s unchanged: valid
// UTF-8 without controls, with single inner ASCII spaces, no other white
// space and none at the ends. The loop over printable ASCII is kept tight;
// from the first other byte on, [isCollapsedFrom] reads runes.
func isCollapsed(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f {
			return isCollapsedFrom(s, i)
		}
		if c == ' ' && s[i+1] == ' ' {
			return false
		}
	}
	return true
}

// isCollapsedFrom is [isCollapsed] on s from byte i on, s's ends already
// checked: ASCII a byte at a time, the rest a rune at a time.
func isCollapsedFrom(s string, i int) bool {
	for i < len(s) {
		switch c := s[i]; {
		case c > ' ' && c < 0x7f:
			i++
		case c == ' ':
			if s[i+1] == ' ' {
				return false
			}
			i++
		case c < 0x80:
			return false // a control, DEL
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) || dropped(r, size, 0) {
				return false
			}
			i += size
		}
	}
	return true
}
