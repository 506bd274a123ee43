package feed

import (
	"strconv"
	"strings"
	"time"
)

// parseDate reads a date as feeds write them and returns it in UTC; nil
// when s is blank or no known form. It reads W3C-DTF / RFC 3339 / ISO 8601
// (with or without seconds, fraction, 'T' or zone; a date alone; a year
// and month) and RFC 822 / 1123 / 2822 with their variants (a day name or
// not, two-digit years, missing seconds, named zones such as EST or PDT,
// military zones, no zone at all), then a few other layouts seen in the
// wild. A date without a zone is taken as UTC.
func parseDate(s string) *time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	for _, parse := range []func(string) (time.Time, bool){parseW3C, parseRFC822, parseOther} {
		if t, ok := parse(s); ok && t.Year() > 0 && t.Year() < 10000 {
			u := t.UTC()
			return &u
		}
	}
	return nil
}

// parseW3C reads W3C-DTF and its ISO 8601 relatives (see matchW3C).
func parseW3C(s string) (time.Time, bool) {
	m, ok := w3cParts(s)
	if !ok {
		return time.Time{}, false
	}
	n := func(i, def int) int {
		if m[i] == "" {
			return def
		}
		v, _ := strconv.Atoi(m[i])
		return v
	}
	month, day := n(2, 1), n(3, 1)
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, false
	}
	off, ok := zoneOffset(m[7])
	if !ok {
		return time.Time{}, false
	}
	return civil(n(1, 0), month, day, n(4, 0), n(5, 0), n(6, 0), off)
}

// parseRFC822 reads RFC 822 and its descendants (see matchRFC822), then
// month-first dates (see matchMonthFirst), after a day name if any.
func parseRFC822(s string) (time.Time, bool) {
	s = withoutDayName(s)
	day, mon, year := 1, 2, 3
	m, ok := rfc822Parts(s)
	if !ok {
		if m, ok = monthFirstParts(s); !ok {
			return time.Time{}, false
		}
		day, mon = 2, 1
	}
	month, ok := months[strings.ToLower(m[mon])[:3]]
	if !ok {
		return time.Time{}, false
	}
	y, _ := strconv.Atoi(m[year])
	switch {
	case len(m[year]) == 2 && y < 50:
		y += 2000
	case len(m[year]) == 2:
		y += 1900
	case len(m[year]) == 3:
		y += 1900
	}
	d, _ := strconv.Atoi(m[day])
	hh, _ := strconv.Atoi(m[4])
	mm, _ := strconv.Atoi(m[5])
	ss, _ := strconv.Atoi(m[6])
	hh, zone := twelveHour(hh, strings.TrimSpace(m[7]))
	off, ok := zoneOffset(zone)
	if !ok || d < 1 || d > 31 {
		return time.Time{}, false
	}
	return civil(y, month, d, hh, mm, ss, off)
}

// twelveHour reads an "AM"/"PM" at the start of the zone text: it returns
// the hour on a 24-hour clock and the rest of the zone text.
func twelveHour(hh int, zone string) (int, string) {
	up := strings.ToUpper(zone)
	if !strings.HasPrefix(up, "AM") && !strings.HasPrefix(up, "PM") || hh < 1 || hh > 12 {
		return hh, zone
	}
	hh %= 12
	if up[0] == 'P' {
		hh += 12
	}
	return hh, strings.TrimSpace(zone[2:])
}

// otherLayouts are further layouts found in feeds; tried last.
var otherLayouts = []string{
	time.ANSIC, time.UnixDate, time.RubyDate,
	"2006-01-02 15:04:05 -0700 MST",
	"2006-01-02 15:04:05 MST",
	"2006/01/02 15:04:05",
	"2006/01/02",
	"02.01.2006 15:04:05",
	"02.01.2006",
}

func parseOther(s string) (time.Time, bool) {
	for _, layout := range otherLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if name, off := t.Zone(); off == 0 && name != "" && name != "UTC" && name != "GMT" {
				o, ok := zoneOffset(name)
				if !ok {
					continue
				}
				t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.FixedZone(name, o))
			}
			return t, true
		}
	}
	return time.Time{}, false
}

// civil builds a time from its parts, refusing ones out of range.
func civil(y, month, d, hh, mm, ss, off int) (time.Time, bool) {
	if hh > 24 || mm > 59 || ss > 60 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(month), d, hh, mm, ss, 0, time.FixedZone("", off))
	if t.Day() != d && hh != 24 { // 31 February and alike
		return time.Time{}, false
	}
	return t, true
}

// months maps English month abbreviations to numbers.
var months = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

// namedZones are the zone names of RFC 822 and those common in feeds, in
// seconds east of UTC. Ambiguous names (CST, IST, BST) take their North
// American or European reading, as feedparser and gofeed do.
var namedZones = map[string]int{
	"UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "WET": 0,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"AST": -4 * 3600, "ADT": -3 * 3600, "AKST": -9 * 3600, "AKDT": -8 * 3600,
	"HST": -10 * 3600, "NZST": 12 * 3600, "NZDT": 13 * 3600,
	"BST": 3600, "IST": 3600, "WEST": 3600, "CET": 3600, "MET": 3600,
	"CEST": 2 * 3600, "MEST": 2 * 3600, "EET": 2 * 3600, "EEST": 3 * 3600,
	"MSK": 3 * 3600, "JST": 9 * 3600, "KST": 9 * 3600, "AEST": 10 * 3600, "AEDT": 11 * 3600,
}

// zoneOffset reads a zone: empty (UTC), a name, a military letter or a
// numeric offset; a trailing "(PDT)"-style comment is ignored.
func zoneOffset(z string) (int, bool) {
	z = strings.TrimSpace(z)
	if i := strings.IndexByte(z, '('); i >= 0 {
		z = strings.TrimSpace(z[:i])
	}
	if z == "" {
		return 0, true
	}
	up := strings.ToUpper(z)
	if off, ok := namedZones[up]; ok {
		return off, true
	}
	if m, ok := numericZoneParts(up); ok {
		h, _ := strconv.Atoi(m[2])
		mins, _ := strconv.Atoi(m[3])
		off := h*3600 + mins*60
		if m[1] == "-" {
			off = -off
		}
		return off, h <= 14 && mins < 60
	}
	if len(up) == 1 && up[0] >= 'A' && up[0] <= 'Z' && up != "J" {
		return militaryZone(up[0]), true
	}
	if name, _, ok := strings.Cut(up, " "); ok { // "EST5EDT", "PST (Pacific)"
		return zoneOffset(name)
	}
	return 0, false
}

// militaryZone is the offset of an RFC 822 military zone letter (RFC 1123
// notes their signs were wrongly specified, so "Z" is all they can be
// trusted for; the others are read as RFC 822 defines them).
func militaryZone(c byte) int {
	switch {
	case c == 'Z':
		return 0
	case c >= 'A' && c <= 'I':
		return -int(c-'A'+1) * 3600
	case c >= 'K' && c <= 'M':
		return -int(c-'K'+10) * 3600
	case c >= 'N' && c <= 'Y':
		return int(c-'N'+1) * 3600
	}
	return 0
}
