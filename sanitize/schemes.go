package sanitize

import (
	"strings"

	"golang.org/x/net/html"
)

// The live schemes are "javascript:", "vbscript:" and "data:text/html":
// URL schemes that stay dangerous wherever they occur in an attribute value
// once white space and controls are taken out. The corpus'
// hostile_tokens.py reads a value that merely contains one (as in
// src="#javascript:" or a query ?next=javascript:…) as live; so does
// [dropLiveSchemes], which errs on the side of dropping a harmless URL.

// dropLiveSchemes removes from the sanitized fragment s every attribute
// whose value holds a live scheme, and reports whether it removed
// any. The policy has already refused values that start with one; this
// catches them anywhere else. It scans s once and tokenizes only a
// fragment that holds such a value.
func dropLiveSchemes(s string) (string, bool) {
	if !hasLiveScheme(s) {
		return s, false
	}
	var b strings.Builder
	dropped := false
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String(), dropped
		}
		raw := string(z.Raw())
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			b.WriteString(raw)
			continue
		}
		tok := z.Token()
		kept := tok.Attr[:0]
		for _, a := range tok.Attr {
			if !hasLiveScheme(a.Val) {
				kept = append(kept, a)
			}
		}
		if len(kept) == len(tok.Attr) {
			b.WriteString(raw)
			continue
		}
		tok.Attr = kept
		dropped = true
		b.WriteString(tok.String())
	}
}

// hasLiveScheme is holdsLiveScheme, or without fastPaths its plain
// definition, containsLiveScheme.
func hasLiveScheme(s string) bool {
	if fastPaths {
		return holdsLiveScheme(s)
	}
	return containsLiveScheme(s)
}

// containsLiveScheme is what holdsLiveScheme computes, written plainly:
// take out white space and controls up to U+0020 and DEL, lower-case
// A–Z, look for each scheme. FuzzHoldsLiveScheme holds the two together.
func containsLiveScheme(s string) bool {
	var folded []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c <= ' ' || c == 0x7f:
		case 'A' <= c && c <= 'Z':
			folded = append(folded, c+'a'-'A')
		default:
			folded = append(folded, c)
		}
	}
	for _, scheme := range []string{"javascript:", "vbscript:", "data:text/html"} {
		if strings.Contains(string(folded), scheme) {
			return true
		}
	}
	return false
}

// holdsLiveScheme reports whether s, lower-cased and without white space
// and controls (bytes up to U+0020 and DEL), contains a live scheme.
// It matches without copying s. Each scheme holds one ':', so it looks
// only around the colons of s (found with [strings.IndexByte]): before one
// must end "javascript", "vbscript" or "data", the last followed by
// "text/html". Each byte is read a bounded number of times: a backward
// match stops at the previous colon, which no scheme name holds.
func holdsLiveScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(s[i:], ':')
		if j < 0 {
			return false
		}
		i += j
		before := s[:i]
		if endsFolded(before, "javascript") || endsFolded(before, "vbscript") ||
			endsFolded(before, "data") && startsFolded(s[i+1:], "text/html") {
			return true
		}
	}
	return false
}

// endsFolded reports whether s, read as [holdsLiveScheme] reads it, ends
// with word (lower case).
func endsFolded(s, word string) bool {
	k := len(word)
	for i := len(s) - 1; i >= 0 && k > 0; i-- {
		c := s[i]
		if isIgnored(c) {
			continue
		}
		if lower(c) != word[k-1] {
			return false
		}
		k--
	}
	return k == 0
}

// startsFolded reports whether s, read as [holdsLiveScheme] reads it,
// starts with word (lower case).
func startsFolded(s, word string) bool {
	k := 0
	for i := 0; i < len(s) && k < len(word); i++ {
		c := s[i]
		if isIgnored(c) {
			continue
		}
		if lower(c) != word[k] {
			return false
		}
		k++
	}
	return k == len(word)
}

// isIgnored reports whether byte c is white space or a control that a
// browser skips inside a scheme: anything up to U+0020, and DEL.
func isIgnored(c byte) bool { return c <= ' ' || c == 0x7f }

// lower returns the ASCII byte c in lower case.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
