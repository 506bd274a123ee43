package store

import (
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
)

// The literal fast path (literalMatcher) answers exactly as the
// expression does.
func TestMatcherAgreesWithRegexp(t *testing.T) {
	patterns := []string{"sponsored", "Buy Now", "promo|advert", "ks", "a.b", "^re:", "x|y+", "café", "K"}
	values := []string{"", "SPONSORED post", "a sponsoredx", "buy  now", "BUY NOW!", "Promo", "adverts",
		"\u212a", "\u017f", "kS", "a\u212as", "axb", "re: hi", "café", "CAFÉ", "yyy", "plain"}
	for _, p := range patterns {
		re, err := query.Regexp(p)
		if err != nil {
			t.Fatal(err)
		}
		m := literalMatcher(re, p)
		for _, v := range values {
			if got, want := m(v), re.MatchString(v); got != want {
				t.Errorf("pattern %q on %q: matcher %v, regexp %v", p, v, got, want)
			}
		}
	}
}

// FuzzMatcherAgreesWithRegexp checks literalMatcher against the
// expression on any pattern and value.
func FuzzMatcherAgreesWithRegexp(f *testing.F) {
	f.Add("sponsored|promo", "A SPONSORED thing")
	f.Add("ks", "\u212a\u017f")
	f.Fuzz(func(t *testing.T, pattern, value string) {
		re, err := query.Regexp(pattern)
		if err != nil {
			return
		}
		m := literalMatcher(re, pattern)
		if m(value) != re.MatchString(value) {
			t.Fatalf("pattern %q on %q: matcher %v, regexp %v", pattern, value, m(value), re.MatchString(value))
		}
	})
}

// BenchmarkMatcherContent is the literal search, and the expression, on
// an item's content that holds no literal.
func BenchmarkMatcherContent(b *testing.B) {
	content := ""
	for range 20 {
		content += `<p>Some <em>reasonably</em> long paragraph with a <a href="http://example.com/x">link</a> in it. </p>`
	}
	re, _ := query.Regexp("buy now")
	m := literalMatcher(re, "buy now")
	b.Run("literal", func(b *testing.B) {
		for b.Loop() {
			m(content)
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			re.MatchString(content)
		}
	})
}
