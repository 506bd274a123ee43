package ui

import (
	"github.com/tidings-rss/tidings/config"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// escapeSeq matches any escape sequence a frame could hold: CSI, OSC
// (ended by BEL or ST) and any other ESC pair.
var escapeSeq = regexp.MustCompile("\x1b\\[[0-?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(\x07|\x1b\\\\)|\x1b.")

// checkFrame fails unless every escape sequence in view is an SGR or an
// OSC 8 that opens a link to a URL weburl gives back as it is, or closes
// one, and each line closes every link it opens.
func checkFrame(t *testing.T, view string) (links int) {
	t.Helper()
	for n, line := range strings.Split(view, "\n") {
		open := false
		for _, seq := range escapeSeq.FindAllString(line, -1) {
			switch {
			case sgrOnly.MatchString(seq) && sgrOnly.FindString(seq) == seq:
			case seq == osc8Close:
				open = false
			case strings.HasPrefix(seq, "\x1b]8;;") && strings.HasSuffix(seq, "\x1b\\"):
				raw := strings.TrimSuffix(strings.TrimPrefix(seq, "\x1b]8;;"), "\x1b\\")
				if u, err := weburl.Parse(raw); err != nil || u.String() != raw {
					t.Errorf("line %d: hyperlink to %q, not a clean URL (%v)", n, raw, err)
				}
				if open {
					t.Errorf("line %d: a hyperlink opens inside another: %q", n, line)
				}
				open = true
				links++
			default:
				t.Errorf("line %d: sequence %q", n, seq)
			}
		}
		if open {
			t.Errorf("line %d ends inside a hyperlink: %q", n, line)
		}
		if rest := escapeSeq.ReplaceAllString(line, ""); drawnControl(rest, true) != "" {
			t.Errorf("line %d: control %q", n, drawnControl(rest, true))
		}
	}
	return links
}

// The reader's links, the item's link and the link list are OSC 8
// hyperlinks to the cleaned URL, closed at each line's end and opened
// again on the next, and the text is wrapped exactly as without them.
func TestReaderHyperlinks(t *testing.T) {
	f := newFixture(t)
	addFeed(t, f.st, "http://127.0.0.1:9/long.xml", "", "Long Links", []document.Item{{
		GUID: "l1", Title: "Wrapped", Link: "https://long.test/a/very/long/path/that/wraps/in/the/reader/pane/for/sure/yes",
		Published: day(0), Content: `<p>Read <a href="https://example.com/é?q=1">the whole long story that wraps over lines</a> now, ` +
			`or <a href="relative/page">a relative one</a> or <a href="mailto:a@b.test">mail</a>.</p>` +
			`<table><tr><td><a href="https://example.com/cell">cell</a></td></tr></table><pre>code <a href="https://example.com/pre">pre</a></pre>`,
	}})
	for _, width := range []int{160, 70} {
		var views [2]string
		for i, on := range []bool{false, true} {
			h := newHarness(t, f.st, width, 45, withOptions(func(o *Options) { o.Hyperlinks = on }))
			h.selectNode("Long Links")
			h.keys("tab", "enter", "z")
			h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
			views[i] = h.m.View()
		}
		if checkFrame(t, views[0]) != 0 {
			t.Errorf("%d: hyperlinks while off", width)
		}
		if ansi.Strip(views[0]) != ansi.Strip(views[1]) {
			t.Errorf("%d: the text differs with hyperlinks:\n%s\n---\n%s", width, ansi.Strip(views[0]), ansi.Strip(views[1]))
		}
		if n := checkFrame(t, views[1]); n < 5 {
			t.Errorf("%d: %d hyperlinks:\n%q", width, n, views[1])
		}
		for _, want := range []string{
			osc8Open(weburl.MustParse("https://example.com/%C3%A9?q=1")) + "the whole",
			"lines[1]" + osc8Close,
			osc8Open(weburl.MustParse("https://long.test/a/very/long/path/that/wraps/in/the/reader/pane/for/sure/yes")),
			osc8Open(weburl.MustParse("https://example.com/%C3%A9?q=1")) + "[1] https://example.com/é?q=1",
		} {
			if !strings.Contains(views[1], want) {
				t.Errorf("%d: no %q in\n%q", width, want, views[1])
			}
		}
		for _, plain := range []string{"relative/page\x1b", "mailto:", "example.com/cell\x1b\\cell", "example.com/pre\x1b\\pre"} {
			if strings.Contains(views[1], "\x1b]8;;"+plain) {
				t.Errorf("%d: %q is a hyperlink", width, plain)
			}
		}
	}
}

// The renderer's marks cannot be forged: a control in the text or an
// address is gone before layout, and a link to an address weburl refuses
// is plain text.
func TestHyperlinksCannotBeForged(t *testing.T) {
	st := NewStyles(NewRenderer(nil, true), true, config.Default())
	src := "<p>a\x01b\x02c <a href=\"https://x.test/\x1b]8;;https://evil.test/\x1b\\\">x</a> " +
		"<a href=\"https://ok.test/\">o\x01k\x02</a> \x1b]8;;https://evil.test/\x07y</p>"
	doc := renderLinked(src, 60, st, nil, true)
	view := strings.Join(doc.lines, "\n")
	if n := checkFrame(t, view); n != 2 { // the text of ok.test and its line in the list
		t.Errorf("%d hyperlinks in\n%q", n, view)
	}
	if strings.Contains(view, "evil") && strings.Contains(view, "\x1b]8;;https://evil") {
		t.Errorf("a forged hyperlink:\n%q", view)
	}
	if !strings.Contains(view, osc8Open(weburl.MustParse("https://ok.test/"))+"ok[2]"+osc8Close) {
		t.Errorf("the good link:\n%q", view)
	}
}

// The detection: FORCE_HYPERLINK wins; the terminals known to show OSC 8
// do; tmux from 3.4; anything else does not.
func TestHyperlinkTerminal(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"TERM": "xterm-256color"}, false},
		{map[string]string{"TERM": "linux"}, false},
		{map[string]string{"FORCE_HYPERLINK": "1", "TERM": "linux"}, true},
		{map[string]string{"FORCE_HYPERLINK": "0", "TERM": "xterm-kitty"}, false},
		{map[string]string{"TERM": "xterm-kitty"}, true},
		{map[string]string{"TERM": "foot"}, true},
		{map[string]string{"WT_SESSION": "x"}, true},
		{map[string]string{"TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.0.9"}, false},
		{map[string]string{"TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.1.0"}, true},
		{map[string]string{"TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.71.2"}, false},
		{map[string]string{"TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.72.0"}, true},
		{map[string]string{"TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a", "TERM": "tmux-256color"}, false},
		{map[string]string{"TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.4"}, true},
		{map[string]string{"TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "next-3.6"}, false},
		{map[string]string{"VTE_VERSION": "5000"}, false},
		{map[string]string{"VTE_VERSION": "6003"}, true},
	}
	for _, tt := range tests {
		if got := hyperlinkTerminal(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: %v, want %v", tt.env, got, tt.want)
		}
	}
}

// With hyperlinks on, a hostile feed's title, text and links still put
// nothing on the screen but the styles and hyperlinks to clean URLs.
func TestHostileFeedWithHyperlinksDrawsOnlyCleanLinks(t *testing.T) {
	f := newFixture(t)
	addFeed(t, f.st, "http://127.0.0.1:9/evil.xml", "Evil"+hostile, "Evil "+hostile, []document.Item{{
		GUID: "e1", Title: "Title " + hostile, Link: "https://evil.test/" + hostile, Published: day(0),
		Content: "<p>" + hostile + `<a href="https://x.test/` + hostile + `">l` + hostile + `</a>` +
			`<a href="https://ok.test/p?q=` + hostile + `">ok</a></p>`,
	}})
	for _, size := range [][2]int{{160, 45}, {70, 24}} {
		h := newHarness(t, f.st, size[0], size[1], withOptions(func(o *Options) { o.Hyperlinks = true }))
		h.selectNode("Evil " + hostile)
		h.keys("tab", "enter")
		h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
		checkFrame(t, h.m.View())
		if !strings.Contains(h.view(), "Title A") {
			t.Errorf("the title's text is gone:\n%s", h.view())
		}
	}
}
