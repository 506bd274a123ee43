package ui

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
)

func resize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// hostile carries every kind of terminal control a feed could try.
const hostile = "A\x1b[2J\x1b]52;c;ZXZpbA==\x07B\x1b]8;;http://evil/\x1b\\C\u009b31mD\u0085E\u202eF\u2066G\x1bP1;2|x\x1b\\H\x07\x08\x7f"

// sgrOnly matches the styles' own sequences (Select Graphic Rendition).
var sgrOnly = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestNoEscapeSequenceFromAFeedReachesTheScreen(t *testing.T) {
	f := newFixture(t)
	addFeed(t, f.st, "http://127.0.0.1:9/evil.xml", "Evil"+hostile, "Evil "+hostile, []document.Item{{
		GUID: "e1", Title: "Title " + hostile, Author: "Mallory " + hostile, Link: "https://evil.test/" + hostile,
		Published: day(0), Content: "<h1>" + hostile + "</h1><p>" + hostile + `</p><pre>` + hostile +
			`</pre><a href="https://x.test/` + hostile + `">l` + hostile + `</a><img alt="` + hostile + `">`,
	}})
	for _, size := range [][2]int{{160, 45}, {70, 24}} {
		h := newHarness(t, f.st, size[0], size[1])
		h.selectNode("Evil " + hostile)
		check := func(what string) {
			t.Helper()
			v := sgrOnly.ReplaceAllString(h.m.View(), "")
			for _, r := range v {
				if r == '\n' {
					continue
				}
				if unicode.IsControl(r) || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
					t.Fatalf("%s at %v: control %U on screen:\n%q", what, size, r, v)
				}
			}
		}
		check("list")
		h.keys("tab", "enter")
		h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
		check("reader")
		if !strings.Contains(h.view(), "Title A") {
			t.Errorf("the title's text is gone:\n%s", h.view())
		}
		h.keys("E")
		check("settings")
		h.keys("esc", "S")
		h.waitFor("stats", func() bool { return h.m.dialog != nil })
		check("stats")
	}
}

func TestRenderHTML(t *testing.T) {
	st := NewStyles(NewRenderer(nil, true), true, config.Default())
	doc := renderHTML(gopherItems()[0].Content, 40, st, nil)
	got := strings.Join(doc.lines, "\n")
	got = sgrOnly.ReplaceAllString(got, "")
	for _, want := range []string{"## Conditional GET", "ETag[1] back", "• saves bytes", "│ Be polite to servers.",
		`    if etag != "" {`, "[image 2: a diagram]", "1. first", "2. second", "[1] https://example.com/etag",
		"[2] https://example.com/a.png"} {
		if !strings.Contains(got, want) {
			t.Errorf("rendered content lacks %q:\n%s", want, got)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if n := len([]rune(l)); n > 40 {
			t.Errorf("line wider than 40: %q", l)
		}
	}
	if len(doc.links) != 2 {
		t.Errorf("links %v", doc.links)
	}
}
