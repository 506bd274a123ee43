package feed

import (
	"regexp"
	"sync"
)

// dateRegexps are the regular expressions whose matches the hand-written
// matchers of dates_match.go compute: the reference dates_match_test.go
// checks them against, and what dates and authors are read with when
// fastPaths is off.
type dateRegexps struct {
	w3c, rfc822, monthFirst, dayName, numericZone, emailInParens *regexp.Regexp
}

// refDates compiles the reference expressions on first use, so a build
// with fastPaths never compiles them.
var refDates = sync.OnceValue(func() *dateRegexps {
	return &dateRegexps{
		w3c: regexp.MustCompile(`^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?` +
			`(?:[Tt ]+(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?` +
			`\s*([Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$`),
		rfc822: regexp.MustCompile(`^(\d{1,2})[\s\-/]*([A-Za-z]{3,9})\.?[\s\-/,]*(\d{2,4})` +
			`(?:[\sT,]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?)?\s*(.*)$`),
		monthFirst: regexp.MustCompile(`^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})` +
			`(?:[\s,]+(?:at\s+)?(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?\s*(.*)$`),
		dayName:       regexp.MustCompile(`^(?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*`),
		numericZone:   regexp.MustCompile(`^(?:GMT|UTC|UT)?\s*([+-])(\d{1,2}):?(\d{2})?$`),
		emailInParens: regexp.MustCompile(`^(.*?)\s*\(([^()]*)\)\s*$`),
	}
})

// The functions below are where each date matcher is chosen: the
// hand-written one, or with fastPaths off its regular expression.

// w3cParts is matchW3C.
func w3cParts(s string) (dateParts, bool) {
	if fastPaths {
		return matchW3C(s)
	}
	var m dateParts
	return m, submatches(refDates().w3c, s, m[:])
}

// rfc822Parts is matchRFC822.
func rfc822Parts(s string) (dateParts, bool) {
	if fastPaths {
		return matchRFC822(s)
	}
	var m dateParts
	return m, submatches(refDates().rfc822, s, m[:])
}

// monthFirstParts is matchMonthFirst.
func monthFirstParts(s string) (dateParts, bool) {
	if fastPaths {
		return matchMonthFirst(s)
	}
	var m dateParts
	return m, submatches(refDates().monthFirst, s, m[:])
}

// numericZoneParts is matchNumericZone.
func numericZoneParts(s string) ([4]string, bool) {
	if fastPaths {
		return matchNumericZone(s)
	}
	var m [4]string
	return m, submatches(refDates().numericZone, s, m[:])
}

// withoutDayName is trimDayName.
func withoutDayName(s string) string {
	if fastPaths {
		return trimDayName(s)
	}
	if loc := refDates().dayName.FindStringIndex(s); loc != nil {
		return s[loc[1]:]
	}
	return s
}

// parenthesized is cutParenthesized, on a trimmed s.
func parenthesized(s string) (outer, inner string, ok bool) {
	if fastPaths {
		return cutParenthesized(s)
	}
	m := refDates().emailInParens.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// submatches fills m[1:] with the groups of re's match of s, as the
// matchers return them (m[0] unused), and reports whether re matches.
func submatches(re *regexp.Regexp, s string, m []string) bool {
	sub := re.FindStringSubmatch(s)
	if sub == nil {
		return false
	}
	copy(m[1:], sub[1:])
	return true
}
