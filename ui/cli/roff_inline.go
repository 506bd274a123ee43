package cli

import "strings"

// mdEscapable are the characters a backslash makes literal.
const mdEscapable = "\\`*_{}[]()#+-.!:|&<>~"

// mdPunct are the ASCII punctuation characters, after which emphasis may
// close.
const mdPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// roffInline renders markdown text as roff text: `code` and **strong** in
// bold, *emphasis* and _emphasis_ in italics, a backslash before
// punctuation making it literal. The rest is text, backslashes escaped.
func roffInline(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		n, out := inlineSpan(s, i)
		if n == 0 {
			n, out = 1, roffText(s[i:i+1])
		}
		b.WriteString(out)
		i += n
	}
	return b.String()
}

// inlineSpan renders the span that starts at s[i] and returns how many
// bytes it takes; 0 when s[i] starts none.
func inlineSpan(s string, i int) (int, string) {
	switch c := s[i]; {
	case c == '\\' && i+1 < len(s) && strings.IndexByte(mdEscapable, s[i+1]) >= 0:
		return 2, roffText(s[i+1 : i+2])
	case c == '`':
		n, code, ok := codeSpan(s[i:])
		if !ok {
			return n, s[i : i+n]
		}
		if code == "" {
			return n, ""
		}
		return n, `\fB` + roffText(code) + `\fR`
	case strings.HasPrefix(s[i:], "**"):
		return emphasis(s, i, "**", `\fB`)
	case c == '*' || c == '_':
		return emphasis(s, i, s[i:i+1], `\fI`)
	}
	return 0, ""
}

// codeSpan reads the code span s starts with: its length and its text
// without the spaces around it. When no run of as many backticks closes
// it, ok is false and n is the length of the opening run, which is text.
func codeSpan(s string) (n int, code string, ok bool) {
	ticks := len(s) - len(strings.TrimLeft(s, "`"))
	end := strings.Index(s[ticks:], s[:ticks])
	if end < 0 {
		return ticks, "", false
	}
	return ticks + end + ticks, strings.Trim(s[ticks:ticks+end], " "), true
}

// emphasis renders the emphasis that delim opens at s[i] in font, and
// returns how many bytes it takes; 0 when it is no emphasis. Emphasis
// starts and ends beside a non-space; a single * or _ only outside a word.
func emphasis(s string, i int, delim, font string) (int, string) {
	start := i + len(delim)
	single := len(delim) == 1
	if start >= len(s) || isMDSpace(s[start]) || s[start] == delim[0] || (single && i > 0 && isWord(s[i-1])) {
		return 0, ""
	}
	for j := start; j < len(s); {
		switch {
		case s[j] == '\\':
			j += 2
			continue
		case s[j] == '`':
			n, _, _ := codeSpan(s[j:])
			j += n
			continue
		case !strings.HasPrefix(s[j:], delim) || isMDSpace(s[j-1]):
			j++
			continue
		case single && j+1 < len(s) && s[j+1] == delim[0]:
			j += 2
			continue
		case single && j+1 < len(s) && !isMDSpace(s[j+1]) && strings.IndexByte(mdPunct, s[j+1]) < 0:
			j++
			continue
		}
		return j + len(delim) - i, font + roffInline(s[start:j]) + `\fP`
	}
	return 0, ""
}

// isMDSpace reports whether c is white space.
func isMDSpace(c byte) bool {
	return strings.IndexByte(" \t\n\r\f\v", c) >= 0
}

// isWord reports whether c is an ASCII letter or digit, or a byte of a
// multibyte character.
func isWord(c byte) bool {
	return c >= 0x80 || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}
