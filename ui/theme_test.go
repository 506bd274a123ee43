package ui

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/config"
)

// Every element [colors] names is a style the reader draws, and every
// such style is named.
func TestEveryColourElementIsAStyle(t *testing.T) {
	st := NewStyles(NewRenderer(io.Discard, false), false, config.Default())
	styles := st.elements()
	for _, e := range config.ColorElements() {
		if _, ok := styles[e.Name]; !ok {
			t.Errorf("[colors] %s sets no style", e.Name)
		}
		delete(styles, e.Name)
	}
	for name := range styles {
		t.Errorf("style %s is no element of config.ColorElements", name)
	}
}

// ansiRenderer draws with the 16 colours, colour on.
func ansiRenderer() *lipgloss.Renderer {
	return NewRenderer(io.Discard, true)
}

// Setting an element changes what its style draws, to exactly its
// colours and attributes; under NO_COLOR only the attributes remain.
func TestAnElementTakesItsConfiguredColours(t *testing.T) {
	for _, e := range config.ColorElements() {
		t.Run(e.Name, func(t *testing.T) {
			c := config.Default()
			c.Colors.Elements = map[string]config.Style{e.Name: {FG: "5", BG: "6", Italic: true}}
			st := NewStyles(ansiRenderer(), false, c)
			got := st.elements()[e.Name].Render("x")
			if e.Name == "dialog" { // the frame, not the text
				if !strings.Contains(got, "35") || !strings.Contains(got, "46") {
					t.Errorf("dialog frame = %q, want magenta on cyan", got)
				}
				return
			}
			if !sgr("35").MatchString(got) || !sgr("46").MatchString(got) || !sgr("3").MatchString(got) {
				t.Errorf("%s draws %q, want magenta (35) on cyan (46), italic (3)", e.Name, got)
			}
			if sgr("1").MatchString(got) || sgr("7").MatchString(got) {
				t.Errorf("%s draws %q: the theme's bold or reverse was kept", e.Name, got)
			}
			ns := NewStyles(ansiRenderer(), true, c)
			plain := ns.elements()[e.Name].Render("x")
			if colourSGR.MatchString(plain) || !sgr("3").MatchString(plain) {
				t.Errorf("NO_COLOR: %s draws %q, want italic without colour", e.Name, plain)
			}
		})
	}
}

// The themes draw in their own colours: the focused title in blue (34)
// in "light", bright blue (94) in "dark", no colour in "low", which keeps
// red for errors.
func TestThemesDrawTheirColours(t *testing.T) {
	title := map[config.Theme]string{config.ThemeLight: "34", config.ThemeDark: "94"}
	for _, theme := range []config.Theme{config.ThemeLight, config.ThemeDark, config.ThemeLow} {
		c := config.Default()
		c.Colors.Theme = theme
		st := NewStyles(ansiRenderer(), false, c)
		got := st.PaneTitleFocused.Render("x")
		switch want, ok := title[theme]; {
		case ok && !sgr(want).MatchString(got):
			t.Errorf("%s: focused title %q, want colour %s", theme, got, want)
		case !ok && colourSGR.MatchString(got):
			t.Errorf("%s: focused title %q has a colour", theme, got)
		}
		if theme == config.ThemeLow && !sgr("31").MatchString(st.StatusError.Render("x")) {
			t.Errorf("low: errors are not red")
		}
	}
}

// The rules' words are drawn in their styles: the first rule wins where
// two overlap, a search's words are drawn over them, and one article
// marks at most its budget of words.
func TestPaintArticleWords(t *testing.T) {
	r := ansiRenderer()
	base := r.NewStyle()
	red, green := r.NewStyle().Foreground(lipgloss.Color("1")), r.NewStyle().Foreground(lipgloss.Color("2"))
	rules := []wordHighlight{
		{re: regexp.MustCompile(`go+gle`), style: red},
		{re: regexp.MustCompile(`gle|zzz`), style: green},
	}
	match := r.NewStyle().Foreground(lipgloss.Color("3"))
	budget := 100
	got := paint("a google gle zzz", base, rules, &budget, regexp.MustCompile(`oog`), match)
	if ansi.Strip(got) != "a google gle zzz" {
		t.Fatalf("paint changed the text: %q", ansi.Strip(got))
	}
	for _, want := range []string{
		"\x1b[31mg\x1b[0m",     // the rule's colour before the search's word
		"\x1b[33moog\x1b[0m",   // the search's word over the rule
		"\x1b[31mle\x1b[0m",    // and after it
		" \x1b[32mgle\x1b[0m ", // the second rule where the first did not match
		" \x1b[32mzzz\x1b[0m",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("paint = %q, want %q in it", got, want)
		}
	}
	if budget != 97 {
		t.Errorf("3 words marked, budget left %d, want 97", budget)
	}
	budget = 2
	got = paint("zzz zzz zzz zzz", base, rules, &budget, nil, match)
	if n := strings.Count(got, "\x1b[32m"); n != 2 || budget != 0 {
		t.Errorf("with a budget of 2, %d words marked (budget left %d): %q", n, budget, got)
	}
	if got := paint("zzz", base, rules, &budget, nil, match); got != base.Render("zzz") {
		t.Errorf("with the budget spent, paint = %q", got)
	}
}

// A configured colour cannot carry an escape sequence to the screen:
// the renderer draws only the SGR of a parsed colour.
func TestConfiguredColoursDrawOnlySGR(t *testing.T) {
	c := config.Default()
	c.Colors.Elements = map[string]config.Style{"list": {FG: "#ff0000", BG: "255", Bold: true}}
	st := NewStyles(lipgloss.NewRenderer(io.Discard), false, c)
	got := st.ListRead.Render("x")
	if strings.Count(got, "\x1b") != strings.Count(got, "\x1b[") || regexp.MustCompile(`\x1b\[[^m]*[^0-9;m]`).MatchString(got) {
		t.Errorf("drawn %q: something other than SGR", got)
	}
}

// A highlight rule colours the rows it matches, and NO_COLOR removes the
// colours of the theme, of [colors] and of the rules alike.
func TestHighlightRowsAndNoColor(t *testing.T) {
	c := config.Default()
	c.Colors.Theme = config.ThemeDark
	c.Colors.Elements = map[string]config.Style{"list": {FG: "#00ff00", Underline: true}, "border": {FG: "200"}}
	rule, err := config.NewHighlight(`title ~ "council"`, "magenta cyan")
	if err != nil {
		t.Fatal(err)
	}
	c.Highlights = []config.Highlight{rule}
	f := newFixture(t)
	for _, noColor := range []bool{false, true} {
		h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
			o.Renderer, o.NoColor, o.Config = NewRenderer(io.Discard, true), noColor, c
		}))
		raw := h.m.View()
		var row string
		for _, l := range strings.Split(raw, "\n") {
			if strings.Contains(ansi.Strip(l), "Council approves") {
				row = l[strings.Index(l, "│")+len("│"):]
			}
		}
		switch {
		case noColor && colourSGR.MatchString(raw):
			t.Errorf("NO_COLOR view sets a colour: %q", colourSGR.FindString(raw))
		case !noColor && !(sgr("35").MatchString(row) && sgr("46").MatchString(row)):
			t.Errorf("the matching row is not magenta on cyan: %q", row)
		}
	}
}

// tree-count draws the tree's counts, and only them, in its colours.
func TestTreeCountAndFlaggedRows(t *testing.T) {
	c := config.Default()
	c.Colors.Elements = map[string]config.Style{"tree-count": {FG: "5"}}
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Renderer, o.NoColor, o.Config = NewRenderer(io.Discard, true), false, c
	}))
	counted := regexp.MustCompile(`\x1b\[(?:[0-9]+;)*35m[0-9]+\x1b\[0m`)
	n := 0
	for _, l := range strings.Split(h.m.View(), "\n") {
		tree, _, _ := strings.Cut(l, "│")
		if counted.MatchString(tree) {
			n++
		}
		if sgr("35").MatchString(counted.ReplaceAllString(tree, "")) {
			t.Errorf("magenta outside a count: %q", tree)
		}
	}
	if n == 0 {
		t.Errorf("no count of the tree is magenta")
	}
}

// list-flagged draws flagged rows, and only them, in its colours.
func TestFlaggedRowsTakeListFlagged(t *testing.T) {
	c := config.Default()
	c.Colors.Elements = map[string]config.Style{"list-flagged": {FG: "5", BG: "6"}}
	f := newFixture(t)
	it := itemByTitle(t, f.st, "Council approves bike lanes")
	if err := f.st.SetFlagged(context.Background(), []int64{it.ID}, true); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Renderer, o.NoColor, o.Config = NewRenderer(io.Discard, true), false, c
	}))
	seen := 0
	for _, l := range strings.Split(h.m.View(), "\n")[1:] {
		parts := strings.Split(l, "│")
		if len(parts) < 2 || strings.TrimSpace(ansi.Strip(parts[1])) == "" {
			continue
		}
		flagged := strings.Contains(ansi.Strip(parts[1]), "Council approves")
		if flagged {
			seen++
		}
		if styled := sgr("46").MatchString(parts[1]); styled != flagged {
			t.Errorf("row %q: on cyan %v, flagged %v", ansi.Strip(parts[1]), styled, flagged)
		}
	}
	if seen != 1 {
		t.Errorf("the flagged row was listed %d times, want once", seen)
	}
}
