package ui

import (
	"strings"
	"testing"
)

// A river at 120 columns (a list pane 47 cells wide) had no feed column,
// at 100 and 160 it had: the feed column narrows with the pane rather
// than going.
func TestRiverShowsItsFeedColumnAt120Columns(t *testing.T) {
	f := newFixture(t)
	for _, w := range []int{100, 120, 160} {
		h := newHarness(t, f.st, w, 40)
		h.selectNode("All items")
		h.keys("tab")
		view := h.view()
		for title, feed := range map[string]string{"Council approves": "Daily Wi", "Why ETags": "Gopher No"} {
			line := lineWith(view, title)
			if !strings.Contains(line, feed) {
				t.Errorf("%d columns: the row of %q names no feed: %q", w, title, line)
			}
		}
	}
}

// lineWith returns the first line of view holding s.
func lineWith(view, s string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
