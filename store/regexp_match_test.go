package store

import (
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
)

// The literal fast path answers exactly as the expression does.
func TestMatcherAgreesWithRegexp(t *testing.T) {
	patterns := []string{"sponsored", "Buy Now", "promo|advert", "ks", "a.b", "^re:", "x|y+", "café", "K"}
	values := []string{"", "SPONSORED post", "a sponsoredx", "buy  now", "BUY NOW!", "Promo", "adverts",
		"\u212a", "\u017f", "kS", "a\u212as", "axb", "re: hi", "café", "CAFÉ", "yyy", "plain"}
	for _, p := range patterns {
		m, err := compileMatcher(p)
		if err != nil {
			t.Fatal(err)
		}
		re, _ := query.Regexp(p)
		for _, v := range values {
			if got, want := m(v), re.MatchString(v); got != want {
				t.Errorf("pattern %q on %q: matcher %v, regexp %v", p, v, got, want)
			}
		}
	}
}

func FuzzMatcherAgreesWithRegexp(f *testing.F) {
	f.Add("sponsored|promo", "A SPONSORED thing")
	f.Add("ks", "\u212a\u017f")
	f.Fuzz(func(t *testing.T, pattern, value string) {
		m, err := compileMatcher(pattern)
		if err != nil {
			return
		}
		re, _ := query.Regexp(pattern)
		if m(value) != re.MatchString(value) {
			t.Fatalf("pattern %q on %q: matcher %v, regexp %v", pattern, value, m(value), re.MatchString(value))
		}
	})
}

func BenchmarkMatcherContent(b *testing.B) {
	content := ""
	for range 20 {
		content += `<p>Some <em>reasonably</em> long paragraph with a <a href="http://example.com/x">link</a> in it. </p>`
	}
	m, _ := compileMatcher("buy now")
	re, _ := query.Regexp("buy now")
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
