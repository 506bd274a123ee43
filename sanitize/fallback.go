package sanitize

import "strings"

// fallbackNames are the elements the HTML tokenizer reads as raw text
// although their content is markup shown when the element is not: the
// fallback of a frame, an embed or a script (see hasFallback).
var fallbackNames = []string{"iframe", "noembed", "noframes", "noscript"}

// unwrapFallback removes the start and end tags of the fallbackNames
// elements, so that the policy sanitizes their content as HTML and keeps
// its text instead of dropping it. It is a plain scan, not a parse: the
// policy that runs next is what makes the result safe, whatever the scan
// cuts. s itself is returned when it has no such tag.
func unwrapFallback(s string) string {
	start, end := nextFallbackTag(s, 0)
	if start < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	from := 0
	for start >= 0 {
		b.WriteString(s[from:start])
		from = end
		start, end = nextFallbackTag(s, end)
	}
	b.WriteString(s[from:])
	return b.String()
}

// nextFallbackTag finds the first start or end tag of a fallbackNames
// element at or after from and returns its bounds, -1 when there is none.
func nextFallbackTag(s string, from int) (int, int) {
	for i := from; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return -1, -1
		}
		i += j
		if n := fallbackTagName(s[i+1:]); n > 0 {
			return i, TagEnd(s, i+1+n)
		}
	}
	return -1, -1
}

// fallbackTagName returns the length of "name" or "/name" at the start of
// rest when name is one of fallbackNames (any case) followed by the end of
// a tag name; 0 otherwise.
func fallbackTagName(rest string) int {
	slash := 0
	if strings.HasPrefix(rest, "/") {
		slash = 1
	}
	if len(rest) <= slash || rest[slash]|0x20 != 'i' && rest[slash]|0x20 != 'n' {
		return 0 // no fallback name starts otherwise: most tags end here
	}
	for _, name := range fallbackNames {
		n := slash + len(name)
		if len(rest) < n || !strings.EqualFold(rest[slash:n], name) {
			continue
		}
		if n == len(rest) || strings.IndexByte(" \t\n\r\f/>", rest[n]) >= 0 {
			return n
		}
	}
	return 0
}

// TagEnd returns the index just past the '>' that ends the HTML tag whose
// inside continues at s[i] (after its name), skipping quoted attribute
// values; len(s) when it never ends.
func TagEnd(s string, i int) int {
	var quote byte
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1
		}
	}
	return len(s)
}
