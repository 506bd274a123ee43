package ui

import (
	"slices"
	"strings"
)

// maxShownMatches is how many completions a field lists under itself.
const maxShownMatches = 6

// completion offers a text field's value from a list of candidates (the
// Move dialog's existing folders): tab completes the longest prefix the
// matches share, and when the value is that prefix already, cycles
// through the matches; the field still takes any other text.
type completion struct {
	candidates []string
	// base is what was typed when cycling started; at is the match shown.
	base string
	at   int
	// cycling is true while the value is the match at of base.
	cycling bool
}

// matches are the candidates that start with prefix, in order.
func (c *completion) matches(prefix string) []string {
	var out []string
	for _, s := range c.candidates {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// next is the value tab makes of value: the matches' common prefix when
// it is longer, else the next match in turn; ok is false when nothing
// matches other than value itself.
func (c *completion) next(value string) (string, bool) {
	if c.cycling {
		if ms := c.matches(c.base); len(ms) > 0 && c.at < len(ms) && ms[c.at] == value {
			c.at = (c.at + 1) % len(ms)
			return ms[c.at], true
		}
		c.cycling = false
	}
	ms := c.matches(value)
	if len(ms) == 0 || len(ms) == 1 && ms[0] == value {
		return value, false
	}
	if p := commonPrefix(ms); len(p) > len(value) {
		return p, true
	}
	c.base, c.at, c.cycling = value, 0, true
	if ms[0] == value && len(ms) > 1 {
		c.at = 1
	}
	return ms[c.at], true
}

// shown are the matches listed under the field for value (while cycling,
// those of what was typed), the one shown in the field marked by its
// index (-1 when none is).
func (c *completion) shown(value string) ([]string, int) {
	prefix := value
	if c.cycling {
		prefix = c.base
	}
	ms := c.matches(prefix)
	return ms, slices.Index(ms, value)
}

// commonPrefix is the longest prefix of every string of ss, cut at a
// rune boundary.
func commonPrefix(ss []string) string {
	p := ss[0]
	for _, s := range ss[1:] {
		n := 0
		for n < len(p) && n < len(s) && p[n] == s[n] {
			n++
		}
		p = p[:n]
	}
	return strings.ToValidUTF8(p, "")
}
