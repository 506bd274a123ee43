package sanitize

import (
	"strings"

	"golang.org/x/net/html"
)

// liveSchemes are the URL schemes that stay dangerous wherever they occur
// in an attribute value once white space and controls are taken out. The
// corpus' hostile_tokens.py reads a value that merely contains one (as in
// src="#javascript:" or a query ?next=javascript:…) as live; so does
// [dropLiveSchemes], which errs on the side of dropping a harmless URL.
var liveSchemes = [...]string{"javascript:", "vbscript:", "data:text/html"}

// dropLiveSchemes removes from the sanitized fragment s every attribute
// whose value holds one of liveSchemes, and reports whether it removed
// any. The policy has already refused values that start with one; this
// catches them anywhere else. It scans s once and tokenizes only a
// fragment that holds such a value.
func dropLiveSchemes(s string) (string, bool) {
	if !holdsLiveScheme(s) {
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
			if !holdsLiveScheme(a.Val) {
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

// holdsLiveScheme reports whether s, lower-cased and without white space
// and controls (bytes up to U+0020 and DEL), contains one of liveSchemes.
// It matches without copying s; restarting a failed match at the current
// byte is exact because no proper prefix of a scheme recurs inside it.
func holdsLiveScheme(s string) bool {
	var at [len(liveSchemes)]int
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c == 0x7f {
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		for k, scheme := range liveSchemes {
			if c != scheme[at[k]] {
				at[k] = 0
			}
			if c == scheme[at[k]] {
				at[k]++
				if at[k] == len(scheme) {
					return true
				}
			}
		}
	}
	return false
}
