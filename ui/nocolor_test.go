package ui

import (
	"io"
	"regexp"
	"strings"
	"testing"
)

// colourSGR finds an SGR sequence that sets a colour (30–39, 40–49,
// 90–97, 100–107; 38 and 48 start the extended forms).
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9]+)*m`)

// sgr matches an SGR sequence with attribute n among its parameters.
func sgr(n string) *regexp.Regexp {
	return regexp.MustCompile(`\x1b\[(?:[0-9]+;)*` + n + `(?:;[0-9]+)*m`)
}

// Defect 1: NO_COLOR removed bold and reverse video along with colour, so
// the selected row and the focused pane were invisible.
func TestNoColorKeepsReverseBoldUnderlineAndDropsColour(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Renderer, o.NoColor = NewRenderer(io.Discard, true), true
	}))
	h.keys("tab")
	raw := h.m.View()
	for name, n := range map[string]string{"reverse (selected row)": "7", "bold (unread, titles)": "1",
		"underline (focused pane's title, the other pane's cursor)": "4"} {
		if !sgr(n).MatchString(raw) {
			t.Errorf("NO_COLOR view has no %s", name)
		}
	}
	if m := colourSGR.FindString(raw); m != "" {
		t.Errorf("NO_COLOR view sets a colour: %q", m)
	}
	selected := false
	for _, l := range strings.Split(raw, "\n") {
		for _, seg := range strings.Split(l, "\x1b[0m") {
			selected = selected || (sgr("7").MatchString(seg) && strings.Contains(seg, "Council approves"))
		}
	}
	if !selected {
		t.Errorf("the selected item is not in reverse video")
	}
	titles := strings.Split(strings.Split(raw, "\n")[0], "│") // tree │ list │ reader
	if sgr("4").MatchString(titles[0]) || !sgr("4").MatchString(titles[1]) {
		t.Errorf("only the focused pane's (the list's) title is underlined: %q", titles[:2])
	}
}

func TestWithColourTheViewHasColour(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Renderer, o.NoColor = NewRenderer(io.Discard, true), false // ANSI profile, colours on
	}))
	if !colourSGR.MatchString(h.m.View()) {
		t.Errorf("with colour on, the view sets no colour")
	}
}
