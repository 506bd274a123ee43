package ui

import (
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

// rowHighlight is a [[highlight]] rule: list rows its expression matches
// are drawn in its style.
type rowHighlight struct {
	rule  config.Highlight
	style lipgloss.Style
}

// wordHighlight is a [[highlight-article]] rule: words its pattern
// matches in the article are drawn in its style.
type wordHighlight struct {
	re    *regexp.Regexp
	style lipgloss.Style
}

// rowMarks decides which highlight rule, if any, styles each list row.
// The rules are evaluated in Go on the row's fields (store.Matcher, the
// rules' own evaluation), once per item and state: the list is drawn on
// every key, and asks the database nothing for it.
type rowMarks struct {
	matcher *store.Matcher
	// feed tells an item's feed's title, address and folder (the tree
	// knows, once its feeds are read: false before).
	feed func(feedID int64) (store.FeedFacts, bool)
	seen map[rowState]int
}

// rowState is what a row's highlight depends on that changes while it is
// listed: its state, and its feed's name and place.
type rowState struct {
	id            int64
	read, flagged bool
	feed          store.FeedFacts
}

// maxRowMarks bounds the cache; past it, it starts over.
const maxRowMarks = 4096

// rule returns the index of the first rule of rules that matches it, -1
// for none.
func (m *rowMarks) rule(rules []rowHighlight, it *store.Item, now time.Time) int {
	if len(rules) == 0 {
		return -1
	}
	facts, known := store.FeedFacts{Title: it.FeedTitle}, false
	if m.feed != nil {
		if f, ok := m.feed(it.FeedID); ok {
			facts, known = f, true
		}
	}
	k := rowState{it.ID, it.Read, it.Flagged, facts}
	if i, ok := m.seen[k]; ok {
		return i
	}
	if m.matcher == nil {
		m.matcher = store.NewMatcher()
	}
	if m.seen == nil || len(m.seen) >= maxRowMarks {
		m.seen = map[rowState]int{}
	}
	i := -1
	for j, r := range rules {
		if m.matcher.Match(r.rule.Expr, it, facts, now) {
			i = j
			break
		}
	}
	if known { // else asked again once the tree knows the feed
		m.seen[k] = i
	}
	return i
}

// maxWordMarks bounds the words one article's highlight rules mark, so a
// pattern matching everywhere in a long article costs a bounded amount.
const maxWordMarks = 2000

// styledSpan is a part of a line drawn in a style.
type styledSpan struct {
	start, end int
	style      lipgloss.Style
}

// paint renders a line of text in style, with the words of the article's
// highlight rules (the first rule winning where they overlap) and then
// the search's words (match, drawn over them) in their styles. budget is
// how many more words the rules may mark in this article; paint lowers it.
func paint(text string, style lipgloss.Style, rules []wordHighlight, budget *int, search *regexp.Regexp, match lipgloss.Style) string {
	if len(rules) == 0 || *budget <= 0 {
		return highlight(text, search, style, match)
	}
	var spans []styledSpan
	for _, r := range rules {
		if *budget <= 0 {
			break
		}
		for _, m := range r.re.FindAllStringIndex(text, *budget) {
			if m[0] < m[1] && !overlaps(spans, m[0], m[1]) {
				spans = append(spans, styledSpan{m[0], m[1], r.style.Inherit(style)})
				*budget--
			}
		}
	}
	if search != nil {
		for _, m := range search.FindAllStringIndex(text, -1) {
			if m[0] < m[1] {
				spans = carve(spans, m[0], m[1])
				spans = append(spans, styledSpan{m[0], m[1], match.Inherit(style)})
			}
		}
	}
	if len(spans) == 0 {
		return style.Render(text)
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	last := 0
	for _, s := range spans {
		if last < s.start {
			b.WriteString(style.Render(text[last:s.start]))
		}
		b.WriteString(s.style.Render(text[s.start:s.end]))
		last = s.end
	}
	if last < len(text) {
		b.WriteString(style.Render(text[last:]))
	}
	return b.String()
}

// overlaps reports whether [start, end) meets any span.
func overlaps(spans []styledSpan, start, end int) bool {
	for _, s := range spans {
		if start < s.end && s.start < end {
			return true
		}
	}
	return false
}

// carve cuts [start, end) out of the spans, keeping their parts outside
// it.
func carve(spans []styledSpan, start, end int) []styledSpan {
	var out []styledSpan
	for _, s := range spans {
		if s.end <= start || s.start >= end {
			out = append(out, s)
			continue
		}
		if s.start < start {
			out = append(out, styledSpan{s.start, start, s.style})
		}
		if s.end > end {
			out = append(out, styledSpan{end, s.end, s.style})
		}
	}
	return out
}
