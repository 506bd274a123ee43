package store

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/engine/query"
)

// matcher reports whether a value matches one ~ pattern.
type matcher func(value string) bool

// compileMatcher builds the matcher of a ~ pattern: literalMatcher's, or
// without fastPaths the RE2 expression itself.
func compileMatcher(pattern string) (matcher, error) {
	re, err := query.Regexp(pattern)
	if err != nil {
		return nil, err
	}
	if fastPaths {
		return literalMatcher(re, pattern), nil
	}
	return re.MatchString, nil
}

// literalMatcher is the matcher of pattern, compiled as re: a
// case-insensitive search for ASCII literals (and alternations of them),
// which is most kill rules ("sponsored", "buy now|promo"), else re itself.
// Both answer alike: the literal search hands values to the expression
// whenever Unicode folding could differ from ASCII folding.
func literalMatcher(re *regexp.Regexp, pattern string) matcher {
	lits, ok := asciiLiterals(pattern)
	if !ok {
		return re.MatchString
	}
	return func(v string) bool { return matchLiterals(re, lits, v) }
}

// asciiLiterals returns the lower-cased alternatives of a pattern that is
// one ASCII literal or an alternation of them.
func asciiLiterals(pattern string) ([]string, bool) {
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	subs := []*syntax.Regexp{tree}
	if tree.Op == syntax.OpAlternate {
		subs = tree.Sub
	}
	var out []string
	for _, s := range subs {
		if s.Op != syntax.OpLiteral || len(s.Rune) == 0 {
			return nil, false
		}
		lit := string(s.Rune)
		for i := range len(lit) {
			if lit[i] >= utf8.RuneSelf {
				return nil, false
			}
		}
		out = append(out, strings.ToLower(lit))
	}
	return out, true
}

// matchLiterals searches v for any of lits ignoring ASCII case. Unicode
// folds 'k' to the Kelvin sign and 's' to the long s, so a value that is
// not ASCII goes to the expression when a literal holds those letters.
func matchLiterals(re *regexp.Regexp, lits []string, v string) bool {
	for _, lit := range lits {
		if strings.ContainsAny(lit, "ks") && !isASCII(v) {
			return re.MatchString(v)
		}
	}
	for _, lit := range lits {
		if containsFoldASCII(v, lit) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// containsFoldASCII reports whether s holds lit (lower-case ASCII),
// ignoring the case of ASCII letters.
func containsFoldASCII(s, lit string) bool {
	n := len(lit)
	if n == 0 {
		return true
	}
	first, upper := lit[0], lit[0]
	if 'a' <= first && first <= 'z' {
		upper = first - 'a' + 'A'
	}
	for i := 0; i+n <= len(s); i++ {
		if c := s[i]; c != first && c != upper {
			continue
		}
		if equalFoldASCII(s[i+1:i+n], lit[1:]) {
			return true
		}
	}
	return false
}

// equalFoldASCII compares a with lower-case b, ignoring ASCII case.
func equalFoldASCII(a, b string) bool {
	for i := range len(b) {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != b[i] {
			return false
		}
	}
	return true
}
