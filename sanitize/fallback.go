package sanitize

import (
	"strings"

	"golang.org/x/net/html"
)

// unwrapFallback removes the tags of the elements whose content the HTML
// tokenizer reads as raw text although it is markup shown when the
// element is not (iframe, noembed, noframes, noscript; see hasFallback),
// so that the policy sanitizes that fallback as HTML and keeps its text
// instead of dropping it. Everything else is copied byte for byte; s
// itself is returned when it has no such element.
func unwrapFallback(s string) string {
	if !mayHaveFallback(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken || tt == html.EndTagToken {
			if name, _ := z.TagName(); hasFallback(string(name)) {
				continue
			}
		}
		b.Write(z.Raw())
	}
}

// mayHaveFallback reports whether s has a tag starting "<i" or "<n" (any
// case), the first letters of every element unwrapFallback removes.
func mayHaveFallback(s string) bool {
	for i := strings.IndexByte(s, '<'); i >= 0 && i+1 < len(s); {
		switch s[i+1] | 0x20 {
		case 'i', 'n':
			return true
		}
		j := strings.IndexByte(s[i+1:], '<')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
