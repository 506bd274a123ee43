package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// renderPlain renders src at width and returns its lines without styles.
func renderPlain(t *testing.T, src string, width int) []string {
	t.Helper()
	st := NewStyles(NewRenderer(nil, true), true)
	var lines []string
	for _, l := range renderHTML(src, width, st, nil).lines {
		lines = append(lines, ansi.Strip(l))
	}
	return lines
}

// Issue 24, item 10: nested lists indented wrongly. Each level indents by
// its parent's marker, and a wrapped item's continuation lines align
// under its text, at every level.
func TestNestedListsIndentByLevel(t *testing.T) {
	src := `<ul>
<li>One item long enough to wrap onto a second line</li>
<li>Two
  <ul>
    <li>Inner item also long enough to wrap here
      <ol><li>Deep first item that wraps too</li><li>Deep second</li></ol>
    </li>
    <li>Inner b</li>
  </ul>
</li>
<li><p>Three in a paragraph</p></li>
</ul>
<ol><li>Numbered<ul><li>bullet under a number</li></ul></li></ol>`
	want := []string{
		"• One item long enough to",
		"  wrap onto a second line",
		"• Two",
		"  ◦ Inner item also long",
		"    enough to wrap here",
		"    1. Deep first item that",
		"       wraps too",
		"    2. Deep second",
		"  ◦ Inner b",
		"• Three in a paragraph",
		"",
		"1. Numbered",
		"   • bullet under a number",
	}
	got := renderPlain(t, src, 28)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nested lists at 28 columns:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A list item whose first child is a list carries its own marker on a
// line of its own; the nested items indent under it.
func TestListItemStartingWithAList(t *testing.T) {
	got := renderPlain(t, `<ul><li><ul><li>inner</li></ul></li><li>next</li></ul>`, 40)
	want := []string{"•", "  ◦ inner", "• next"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
