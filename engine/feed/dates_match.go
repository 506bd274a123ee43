package feed

import (
	"strings"
	"unicode/utf8"
)

// The matchers below split a date into its parts by hand, without
// regular expressions (they were a seventh of a feed's parse). Each reads
// exactly what the pattern in its comment matches and returns the same
// groups that pattern's submatches would be (index 0 unused), choosing
// among ambiguous splits as the pattern's leftmost-first semantics do;
// dates_match_test.go proves it against the patterns themselves.

// dateParts are a date's groups as the matchers return them.
type dateParts [8]string

// isSpace is regexp's \s: ASCII white space only.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// runOf is the length of the run of bytes at the start of s that ok
// accepts, at most max (max < 0: no limit).
func runOf(s string, max int, ok func(byte) bool) int {
	n := 0
	for n < len(s) && n != max && ok(s[n]) {
		n++
	}
	return n
}

// trimDayName removes what `^(?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*`
// matches at the start of s. The day name folds case as regexp's (?i)
// does (Unicode simple folding), hence strings.EqualFold.
func trimDayName(s string) string {
	n := 0
	for range 3 {
		if n >= len(s) {
			return s
		}
		_, w := utf8.DecodeRuneInString(s[n:])
		n += w
	}
	name := s[:n]
	found := false
	for _, d := range [...]string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"} {
		if strings.EqualFold(name, d) {
			found = true
			break
		}
	}
	if !found {
		return s
	}
	n += runOf(s[n:], -1, func(c byte) bool { return c >= 'a' && c <= 'z' })
	if n < len(s) && s[n] == '.' {
		n++
	}
	if n < len(s) && s[n] == ',' {
		n++
	}
	n += runOf(s[n:], -1, isSpace)
	return s[n:]
}

// freeTail matches `\s*(.*)$` on s: leading white space, then anything
// but a newline. It returns the group.
func freeTail(s string) (string, bool) {
	s = s[runOf(s, -1, isSpace):]
	return s, strings.IndexByte(s, '\n') < 0
}

// matchRFC822 matches RFC 822 and its descendants after the day name:
//
//	^(\d{1,2})[\s\-/]*([A-Za-z]{3,9})\.?[\s\-/,]*(\d{2,4})
//	(?:[\sT,]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?)?\s*(.*)$
//
// Every repetition is greedy and, in this pattern, taking the most it can
// is never worse than taking less: either what follows cannot start with
// what it gave back, or the free tail that would take it fails on the
// same newline. Only the optional time is tried with and without.
func matchRFC822(s string) (m dateParts, ok bool) {
	i := runOf(s, 2, isDigit)
	if i == 0 {
		return m, false
	}
	m[1] = s[:i]
	i += runOf(s[i:], -1, func(c byte) bool { return isSpace(c) || c == '-' || c == '/' })
	n := runOf(s[i:], -1, isLetter)
	if n < 3 || n > 9 {
		return m, false
	}
	m[2], i = s[i:i+n], i+n
	if i < len(s) && s[i] == '.' {
		i++
	}
	i += runOf(s[i:], -1, func(c byte) bool { return isSpace(c) || c == '-' || c == '/' || c == ',' })
	n = runOf(s[i:], 4, isDigit)
	if n < 2 {
		return m, false
	}
	m[3], i = s[i:i+n], i+n
	if j, ok := rfc822Time(s, i, &m); ok {
		if m[7], ok = freeTail(s[j:]); ok {
			return m, true
		}
	}
	m[4], m[5], m[6] = "", "", "" // no time after all
	m[7], ok = freeTail(s[i:])
	return m, ok
}

// rfc822Time matches `[\sT,]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?`
// at s[i:], filling in groups 4 to 6, and returns where it ends.
func rfc822Time(s string, i int, m *dateParts) (int, bool) {
	n := runOf(s[i:], -1, func(c byte) bool { return isSpace(c) || c == 'T' || c == ',' })
	if n == 0 {
		return i, false
	}
	i += n
	n = runOf(s[i:], 2, isDigit)
	if n == 0 || i+n >= len(s) || s[i+n] != ':' {
		return i, false
	}
	m[4], i = s[i:i+n], i+n+1
	n = runOf(s[i:], 2, isDigit)
	if n == 0 {
		return i, false
	}
	m[5], i = s[i:i+n], i+n
	if i+1 < len(s) && s[i] == ':' && isDigit(s[i+1]) {
		n = runOf(s[i+1:], 2, isDigit)
		m[6], i = s[i+1:i+1+n], i+1+n
	}
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		i += 1 + runOf(s[i+1:], -1, isDigit)
	}
	return i, true
}

// matchMonthFirst matches "Jan 2, 2006 15:04:05 MST" and alike:
//
//	^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})
//	(?:[\s,]+(?:at\s+)?(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?\s*(.*)$
//
// with groups 1 (month), 2 (day), 3 (year), 4 to 6 (time) and 7 (zone);
// greedy as matchRFC822 explains.
func matchMonthFirst(s string) (m dateParts, ok bool) {
	n := runOf(s, -1, isLetter)
	if n < 3 || n > 9 {
		return m, false
	}
	m[1], s = s[:n], s[n:]
	s = strings.TrimPrefix(s, ".")
	if n = runOf(s, -1, isSpace); n == 0 {
		return m, false
	}
	s = s[n:]
	if n = runOf(s, 2, isDigit); n == 0 {
		return m, false
	}
	m[2], s = s[:n], s[n:]
	for _, suffix := range [...]string{"st", "nd", "rd", "th"} {
		if strings.HasPrefix(s, suffix) {
			s = s[2:]
			break
		}
	}
	s = strings.TrimPrefix(s, ",")
	if n = runOf(s, -1, isSpace); n == 0 {
		return m, false
	}
	s = s[n:]
	if n = runOf(s, 4, isDigit); n != 4 {
		return m, false
	}
	m[3], s = s[:4], s[4:]
	if rest, ok := monthFirstTime(s, &m); ok {
		if m[7], ok = freeTail(rest); ok {
			return m, true
		}
	}
	m[4], m[5], m[6] = "", "", "" // no time after all
	m[7], ok = freeTail(s)
	return m, ok
}

// monthFirstTime matches `[\s,]+(?:at\s+)?(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?`
// at the start of s, filling in groups 4 to 6, and returns what follows.
func monthFirstTime(s string, m *dateParts) (string, bool) {
	n := runOf(s, -1, func(c byte) bool { return isSpace(c) || c == ',' })
	if n == 0 {
		return s, false
	}
	s = s[n:]
	if strings.HasPrefix(s, "at") {
		if n = runOf(s[2:], -1, isSpace); n > 0 {
			s = s[2+n:]
		}
	}
	n = runOf(s, 2, isDigit)
	if n == 0 || n >= len(s) || s[n] != ':' {
		return s, false
	}
	m[4], s = s[:n], s[n+1:]
	if n = runOf(s, 2, isDigit); n == 0 {
		return s, false
	}
	m[5], s = s[:n], s[n:]
	if len(s) > 1 && s[0] == ':' && isDigit(s[1]) {
		n = runOf(s[1:], 2, isDigit)
		m[6], s = s[1:1+n], s[1+n:]
	}
	return s, true
}

// matchW3C matches W3C-DTF and its ISO 8601 relatives:
//
//	^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?
//	(?:[Tt ]+(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?
//	\s*([Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$
//
// The end is strict here, so the optional month, day and time and the
// hour's one or two digits are tried in the pattern's order of preference
// until the rest is a zone or nothing.
func matchW3C(s string) (m dateParts, ok bool) {
	if runOf(s, 4, isDigit) != 4 {
		return m, false
	}
	m[1] = s[:4]
	months, nm := twoDigits(s, 4)
	for _, month := range months[:nm] {
		days, nd := twoDigits(s, month.end)
		for _, day := range days[:nd] {
			if month.end == 4 && day.end != 4 {
				continue // no day without a month
			}
			i := day.end
			for hour := 2; hour >= 0; hour-- {
				t, j, ok := w3cTime(s, i, hour)
				if !ok {
					continue
				}
				zone, ok := w3cZone(s[j:])
				if !ok {
					continue
				}
				m[2], m[3], m[7] = month.digits, day.digits, zone
				m[4], m[5], m[6] = t[0], t[1], t[2]
				return m, true
			}
		}
	}
	return m, false
}

// optionalDigits is one way to read `(?:-?(\d{2}))?` at a place.
type optionalDigits struct {
	digits string
	end    int
}

// twoDigits lists the ways `(?:-?(\d{2}))?` reads s at i, most preferred
// first: with its digits (after a '-' if there is one), then without.
func twoDigits(s string, i int) ([2]optionalDigits, int) {
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	if runOf(s[j:], 2, isDigit) == 2 {
		return [2]optionalDigits{{s[j : j+2], j + 2}, {"", i}}, 2
	}
	return [2]optionalDigits{{"", i}}, 1
}

// w3cTime reads `(?:[Tt ]+(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?`
// at s[i:] with an hour of hourDigits digits, or without the time when
// hourDigits is 0. It returns hour, minute and second and where it ends.
func w3cTime(s string, i, hourDigits int) (t [3]string, end int, ok bool) {
	if hourDigits == 0 {
		return t, i, true
	}
	n := runOf(s[i:], -1, func(c byte) bool { return c == 'T' || c == 't' || c == ' ' })
	if n == 0 {
		return t, i, false
	}
	i += n
	if runOf(s[i:], hourDigits, isDigit) != hourDigits {
		return t, i, false
	}
	t[0], i = s[i:i+hourDigits], i+hourDigits
	if i < len(s) && s[i] == ':' {
		i++
	}
	if runOf(s[i:], 2, isDigit) != 2 {
		return t, i, false
	}
	t[1], i = s[i:i+2], i+2
	j := i
	if j < len(s) && s[j] == ':' {
		j++
	}
	if runOf(s[j:], 2, isDigit) == 2 {
		t[2], i = s[j:j+2], j+2
		if i+1 < len(s) && (s[i] == '.' || s[i] == ',') && isDigit(s[i+1]) {
			i += 1 + runOf(s[i+1:], -1, isDigit)
		}
	}
	return t, i, true
}

// w3cZone reads `\s*([Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$`: the zone,
// empty when there is none.
func w3cZone(s string) (string, bool) {
	s = s[runOf(s, -1, isSpace):]
	switch s {
	case "", "Z", "z", "UTC", "GMT":
		return s, true
	}
	if s[0] != '+' && s[0] != '-' || runOf(s[1:], 2, isDigit) != 2 {
		return "", false
	}
	switch rest := s[3:]; {
	case rest == "":
	case len(rest) == 2 && runOf(rest, 2, isDigit) == 2:
	case len(rest) == 3 && rest[0] == ':' && runOf(rest[1:], 2, isDigit) == 2:
	default:
		return "", false
	}
	return s, true
}

// matchNumericZone matches `^(?:GMT|UTC|UT)?\s*([+-])(\d{1,2}):?(\d{2})?$`
// on an upper-case zone: groups 1 (sign), 2 (hours) and 3 (minutes).
func matchNumericZone(s string) (m [4]string, ok bool) {
	for _, p := range [...]string{"GMT", "UTC", "UT"} {
		if strings.HasPrefix(s, p) {
			s = s[len(p):]
			break
		}
	}
	s = s[runOf(s, -1, isSpace):]
	if s == "" || s[0] != '+' && s[0] != '-' {
		return m, false
	}
	m[1], s = s[:1], s[1:]
	for n := runOf(s, 2, isDigit); n > 0; n-- {
		rest := strings.TrimPrefix(s[n:], ":")
		if rest == "" || len(rest) == 2 && runOf(rest, 2, isDigit) == 2 {
			m[2], m[3] = s[:n], rest
			return m, true
		}
	}
	return m, false
}
