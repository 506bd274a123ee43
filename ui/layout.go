package ui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// pane names the three panes; focus is one of them.
type pane int

const (
	paneTree pane = iota
	paneItems
	paneReader
)

// Breakpoints of the responsive layout.
const (
	wideWidth   = 120 // three panes from here
	narrowWidth = 80  // two panes from here, one below
)

// layout is where each pane goes: a width of 0 hides the pane.
type layout struct {
	widths [3]int
	height int // of the panes, title line included
}

// panePrefs are the user's choices of pane widths: the item list's share
// of the width it splits with the reader (percent), and whether the
// reader takes the whole screen.
type panePrefs struct {
	share int
	zoom  bool
}

// Bounds and step of the item list's share.
const (
	defaultShare = 50
	minShare     = 20
	maxShare     = 80
	shareStep    = 10
)

// widen moves the split between list and reader by steps of shareStep.
func (p *panePrefs) widen(steps int) {
	p.share = max(min(p.share+steps*shareStep, maxShare), minShare)
}

// computeLayout lays the panes out for a w×h screen (status and help lines
// excluded by the caller) with focus on f.
func computeLayout(w, h int, f pane, pp panePrefs) layout {
	l := layout{height: max(h, 1)}
	share := pp.share
	if share == 0 {
		share = defaultShare
	}
	switch {
	case pp.zoom && f == paneReader:
		l.widths[paneReader] = w
	case w >= wideWidth:
		tree := min(max(w/5, 24), 36)
		rest := w - tree - 2
		items := rest * share / 100
		l.widths = [3]int{tree, items, rest - items}
	case w >= narrowWidth && f == paneReader:
		items := (w - 1) * share / 100
		l.widths = [3]int{0, items, w - 1 - items}
	case w >= narrowWidth:
		tree := min(max(w/4, 22), 30)
		l.widths = [3]int{tree, w - 1 - tree, 0}
	default:
		l.widths[f] = w
	}
	return l
}

// paneAt returns the pane under column x, and false between panes.
func (l layout) paneAt(x int) (pane, bool) {
	left := 0
	for p, w := range l.widths {
		if w == 0 {
			continue
		}
		if x >= left && x < left+w {
			return pane(p), true
		}
		left += w + 1
	}
	return 0, false
}

// join places the visible panes' views side by side with a rule between,
// the rules beside the focused pane in their own style.
func (l layout) join(st Styles, views [3]string, focus pane) string {
	var parts []string
	bar := strings.TrimSuffix(strings.Repeat("│\n", l.height), "\n")
	prev := -1
	for p, w := range l.widths {
		if w == 0 {
			continue
		}
		if prev >= 0 {
			style := st.Border
			if pane(prev) == focus || pane(p) == focus {
				style = st.BorderFocused
			}
			parts = append(parts, style.Render(bar))
		}
		parts = append(parts, fit(views[p], w, l.height))
		prev = p
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
}

// fit cuts or pads a view to exactly w×h cells.
func fit(view string, w, h int) string {
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = padRight(ansi.Truncate(l, w, ""), w)
	}
	return strings.Join(lines, "\n")
}

// padRight pads s with spaces to w cells.
func padRight(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// paneTitle is a pane's first line; title may be any value (a feed's,
// a search's): it is drawn as oneLine makes it.
func paneTitle(st Styles, title string, w int, focused bool) string {
	style := st.PaneTitle
	if focused {
		style = st.PaneTitleFocused
	}
	return style.Render(ansi.Truncate(" "+oneLine(title), max(w, 1), "…"))
}

// rowStyle is the style of a list row: base, with sel over it when
// selected in the focused pane (reversed, unless the colours say
// otherwise), cursor when selected in another (underlined).
func rowStyle(sel, cursor, base lipgloss.Style, selected, focused bool) lipgloss.Style {
	switch {
	case selected && focused:
		return sel.Inherit(base)
	case selected:
		return cursor.Inherit(base)
	}
	return base
}

// scrollTop returns the first visible row of a list of n rows showing rows
// at a time, moved as little as possible from top to keep cursor in view.
func scrollTop(cursor, top, rows, n int) int {
	rows = max(rows, 1)
	if cursor < top {
		top = cursor
	}
	if cursor >= top+rows {
		top = cursor - rows + 1
	}
	return max(min(top, n-rows), 0)
}
