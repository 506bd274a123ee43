package feed

import (
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// firstNonEmpty returns the first of values that is not blank, trimmed.
func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// firstDate returns the first of the date texts that parses, in UTC.
func firstDate(texts ...string) *time.Time {
	for _, s := range texts {
		if t := parseDate(s); t != nil {
			return t
		}
	}
	return nil
}

// dateOf returns the first parsable date among e's children local in ns.
func dateOf(e *element, ns string, locals ...string) *time.Time {
	for _, local := range locals {
		for _, c := range e.all(ns, local) {
			if t := parseDate(c.text()); t != nil {
				return t
			}
		}
	}
	return nil
}

// earliest returns the first non-nil of dates.
func earliest(dates ...*time.Time) *time.Time {
	for _, d := range dates {
		if d != nil {
			return d
		}
	}
	return nil
}

// contentAndSummary returns an item's Content (the full content, else the
// summary) and Summary (the summary only when it differs from Content).
func contentAndSummary(content, summary string) (string, string) {
	content, summary = strings.TrimSpace(content), strings.TrimSpace(summary)
	if content == "" || content == summary {
		return summary, ""
	}
	return content, summary
}

// smallSet is how many values distinct compares one by one before it
// keeps a set of them.
const smallSet = 16

// distinct returns the non-blank trimmed values, each once, in order.
// Past smallSet values it looks them up in a set, so that an item of a
// hundred thousand categories takes linear time, not quadratic.
func distinct(values []string) []string {
	var out []string
	var seen map[string]struct{}
	for _, v := range values {
		v = strings.TrimSpace(v)
		switch {
		case v == "":
		case seen != nil:
			if _, ok := seen[v]; !ok {
				seen[v] = struct{}{}
				out = append(out, v)
			}
		case slices.Contains(out, v):
		default:
			out = append(out, v)
			if len(out) == smallSet {
				seen = make(map[string]struct{}, 2*smallSet)
				for _, o := range out {
					seen[o] = struct{}{}
				}
			}
		}
	}
	return out
}

// joinNames joins the distinct non-blank names with ", ".
func joinNames(names []string) string {
	return strings.Join(distinct(names), ", ")
}

// cutParenthesized splits "outer (inner)" as the pattern
// `^(.*?)\s*\(([^()]*)\)\s*$` would on a trimmed s: inner is what the
// last parentheses hold (no parenthesis in it), outer what comes before
// them, trimmed; false when s does not end with such parentheses or when
// outer holds a newline (the pattern's '.' does not match one).
func cutParenthesized(s string) (outer, inner string, ok bool) {
	if !strings.HasSuffix(s, ")") {
		return "", "", false
	}
	body := s[:len(s)-1]
	open := strings.LastIndexByte(body, '(')
	if open < 0 || strings.IndexByte(body[open+1:], ')') >= 0 {
		return "", "", false
	}
	outer = strings.TrimRight(body[:open], " \t\n\f\r")
	if strings.IndexByte(outer, '\n') >= 0 {
		return "", "", false
	}
	return outer, body[open+1:], true
}

// displayName returns the name in an author string as RSS feeds write it
// ("email (Name)", "Name (email)", "Name <email>", a bare address or a
// bare name): a name when there is one, else the address.
func displayName(s string) string {
	s = strings.TrimSpace(s)
	if outer, inner, ok := parenthesized(s); ok {
		outer, inner = strings.TrimSpace(outer), strings.TrimSpace(inner)
		switch {
		case isEmail(outer) && inner != "":
			return inner
		case isEmail(inner) && outer != "":
			return outer
		}
	}
	if !strings.Contains(s, "<") {
		return s
	}
	if a, err := mail.ParseAddress(s); err == nil {
		return firstNonEmpty(a.Name, a.Address)
	}
	return s
}

// isEmail reports whether s is a bare e-mail address.
func isEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Name == "" && !strings.ContainsAny(s, " <>")
}

// enclosure builds a document.Enclosure, false when u is blank.
func enclosure(u, typ, length string) (document.Enclosure, bool) {
	u = strings.TrimSpace(u)
	if u == "" {
		return document.Enclosure{}, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(length), 10, 64)
	if err != nil || n < 0 {
		n = 0
	}
	return document.Enclosure{URL: u, Type: strings.TrimSpace(typ), Length: n}, true
}

// parseDuration reads itunes:duration: seconds ("3723"), "MM:SS" or
// "HH:MM:SS" (fractions ignored); 0 when unreadable.
func parseDuration(s string) int {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	total := 0
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0
	}
	for _, p := range parts {
		p, _, _ = strings.Cut(p, ".")
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return 0
		}
		total = total*60 + n
	}
	return total
}
