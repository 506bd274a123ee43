package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/config"
)

// renderPlain renders src at width and returns its lines without styles.
func renderPlain(t *testing.T, src string, width int) []string {
	t.Helper()
	st := NewStyles(NewRenderer(nil, true), true, config.Default())
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

// Issue 24, item 10: a code line wider than the pane broke mid-word with
// no mark. It still breaks at the pane's edge (code keeps its columns),
// but every broken row ends in glyphWrap, and the next row goes on at the
// code's indent; the cut is where the mark says, so no character is lost.
func TestLongCodeLinesBreakWithAMark(t *testing.T) {
	long := "result := computeSomethingVeryLong(firstArgument, secondArgument)"
	src := "<p>Before</p><pre>short()\n\t" + long + "\n</pre>"
	got := renderPlain(t, src, 30)
	want := []string{
		"Before",
		"",
		"    short()",
		"        result := computeSome" + glyphWrap,
		"    thingVeryLong(firstArgume" + glyphWrap,
		"    nt, secondArgument)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var joined strings.Builder
	for _, l := range got[3:] {
		joined.WriteString(strings.TrimSuffix(strings.TrimPrefix(l, "    "), glyphWrap))
	}
	if joined.String() != "    "+long {
		t.Errorf("the rows do not join back into the line: %q", joined.String())
	}
	for _, l := range got {
		if w := ansi.StringWidth(l); w > 30 {
			t.Errorf("%q is %d columns wide, the pane 30", l, w)
		}
	}
}

// Code inside a list item starts on the item's marker line and keeps the
// item's indent; a line that fits is never marked.
func TestCodeInAListItemKeepsItsIndent(t *testing.T) {
	got := renderPlain(t, "<ul><li><pre>go test ./...</pre></li></ul>", 40)
	want := []string{"•     go test ./..."}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
