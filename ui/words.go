package ui

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// plural is "1 feed", "2 feeds": n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// matcher finds the words of a search in text, ignoring case; nil when
// there is nothing to find.
func matcher(query string) *regexp.Regexp {
	var terms []string
	for _, w := range strings.Fields(query) {
		if w = strings.Trim(w, `"*`); w != "" {
			terms = append(terms, regexp.QuoteMeta(w))
		}
	}
	if len(terms) == 0 {
		return nil
	}
	return regexp.MustCompile(`(?i)` + strings.Join(terms, "|"))
}

// highlight renders text with style, and the parts re matches with match
// on top of it.
func highlight(text string, re *regexp.Regexp, style, match lipgloss.Style) string {
	if re == nil {
		return style.Render(text)
	}
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringIndex(text, -1) {
		if m[0] == m[1] {
			continue
		}
		b.WriteString(style.Render(text[last:m[0]]))
		b.WriteString(match.Inherit(style).Render(text[m[0]:m[1]]))
		last = m[1]
	}
	b.WriteString(style.Render(text[last:]))
	return b.String()
}
