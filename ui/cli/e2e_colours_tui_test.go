package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// anyColour matches an SGR sequence that sets a colour.
var anyColour = regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]+)*m`)

// styledLine is the first line of the styled screen whose text holds s.
func styledLine(t *testing.T, screen, s string) string {
	t.Helper()
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(ansi.Strip(l), s) {
			return l
		}
	}
	t.Fatalf("no line shows %q:\n%s", s, screen)
	return ""
}

// colouredUser has the Gopher Notes feed synced and cfg as its
// configuration.
func colouredUser(t *testing.T, cfg string) *user {
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	u := newUser(t)
	u.add(srv.URL + "/gopher.xml")
	u.ok("sync")
	u.writeConfig(cfg)
	return u
}

// listScreen starts the reader, focuses the list and returns the styled
// screen.
func listScreen(t *testing.T, u *user, env ...string) string {
	tt := startTUI(t, u, 120, 40, env...)
	tt.waitFor("quit (tree)")
	tt.keys("Tab")
	tt.waitFor("N toggle read")
	screen := tt.styledScreen()
	tt.keys("q", "q")
	tt.waitExit()
	return screen
}

// A theme changes the colours drawn, an element set in [colors] is drawn
// in its colours, and NO_COLOR still removes every colour (keeping the
// attributes).
func TestTUIThemeAndColoursChangeTheScreen(t *testing.T) {
	const elements = `
list-unread = "#ff8700 default italic"
border-focused = "color33"
`
	light := listScreen(t, colouredUser(t, "[colors]\ntheme = \"light\"\n"+elements))
	dark := listScreen(t, colouredUser(t, "[colors]\ntheme = \"dark\"\n"+elements))
	noColour := listScreen(t, colouredUser(t, "[colors]\ntheme = \"dark\"\n"+elements), "NO_COLOR=1")

	// The focused pane's title is in the accent: blue (34) in the light
	// theme, bright blue (94) in the dark one.
	title := func(screen string) string { return strings.Split(screen, "\n")[0] }
	if !sgrParam("34").MatchString(title(light)) || sgrParam("94").MatchString(title(light)) {
		t.Errorf("light theme: the title line is not in blue (34):\n%q", title(light))
	}
	if !sgrParam("94").MatchString(title(dark)) || sgrParam("34").MatchString(title(dark)) {
		t.Errorf("dark theme: the title line is not in bright blue (94):\n%q", title(dark))
	}
	// #ff8700 is colour 208 of the 256; italic is 3; colour 33 is the
	// rules beside the focused list (both of them).
	for name, screen := range map[string]string{"light": light, "dark": dark} {
		row := styledLine(t, screen, "Terminal colours")
		if !regexp.MustCompile(`\x1b\[(?:[0-9]+;)*38;5;208(?:;[0-9]+)*m`).MatchString(row) || !sgrParam("3").MatchString(row) {
			t.Errorf("%s: an unread row is not in colour 208 and italic:\n%q", name, row)
		}
		if !regexp.MustCompile(`\x1b\[(?:[0-9]+;)*38;5;33(?:;[0-9]+)*m│`).MatchString(screen) {
			t.Errorf("%s: the pane rules are not in colour 33", name)
		}
	}
	if c := anyColour.FindString(noColour); c != "" {
		t.Errorf("NO_COLOR screen draws a colour: %q", c)
	}
	if row := styledLine(t, noColour, "Terminal colours"); !sgrParam("3").MatchString(row) {
		t.Errorf("NO_COLOR dropped the configured italic:\n%q", row)
	}
	if !sgrParam("7").MatchString(noColour) {
		t.Errorf("NO_COLOR screen has no reverse video (the selection)")
	}
}

// A [[highlight]] rule draws the rows its expression matches, and only
// them, in its colours.
func TestTUIHighlightRuleStylesMatchingRows(t *testing.T) {
	u := colouredUser(t, `
[[highlight]]
expr = 'title ~ "colours|etags" and feed = "Gopher Notes"'
color = "color201 default underline"

[[highlight]]
expr = "enclosure"
color = "color46"
`)
	screen := listScreen(t, u)
	magenta := regexp.MustCompile(`\x1b\[(?:[0-9]+;)*38;5;201(?:;[0-9]+)*m`)
	green := regexp.MustCompile(`\x1b\[(?:[0-9]+;)*38;5;46(?:;[0-9]+)*m`)
	for title, want := range map[string]*regexp.Regexp{
		"Terminal colours": magenta, "Why ETags": magenta, "Parsing feeds": green,
	} {
		if row := styledLine(t, screen, title); !want.MatchString(row) {
			t.Errorf("the row of %q is not in %s:\n%q", title, want, row)
		}
	}
	for _, title := range []string{"Happy new", "Draft: notes"} {
		if row := styledLine(t, screen, title); magenta.MatchString(row) || green.MatchString(row) {
			t.Errorf("the row of %q, which no rule matches, is highlighted:\n%q", title, row)
		}
	}
}

// A [[highlight-article]] rule draws the words its pattern matches in the
// article in its colours.
func TestTUIArticleHighlightStylesWords(t *testing.T) {
	u := colouredUser(t, `
[[highlight-article]]
regex = '(?i)\bformats?\b'
color = "black color220 bold"
`)
	var downs []string
	for _, it := range u.items() {
		if it["title"] == "Parsing feeds without tears" {
			break
		}
		downs = append(downs, "j")
	}
	tt := startTUI(t, u, 120, 40)
	tt.waitFor("quit (tree)")
	tt.keys("Tab")
	tt.waitFor("N toggle read")
	tt.keys(downs...)
	tt.keys("Enter")
	tt.waitFor("one model")
	screen := tt.styledScreen()
	tt.keys("q", "q", "q")
	tt.waitExit()
	line := styledLine(t, screen, "Six formats")
	word := regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?48;5;220(?:;[0-9]+)*m(?:\x1b\[[0-9;]*m)*formats`)
	if !word.MatchString(line) {
		t.Errorf("the word is not on colour 220:\n%q", line)
	}
	after := line[strings.Index(line, "formats")+len("formats"):]
	if i := strings.Index(after, "model"); i < 0 || regexp.MustCompile(`48;5;220`).MatchString(after[:i]) {
		t.Errorf("the highlight runs past the word:\n%q", line)
	}
}

// The manual's example of [colors] and highlights is a configuration
// tidings accepts, and `tidings config` prints it back.
func TestManualColourExampleLoads(t *testing.T) {
	page, err := os.ReadFile(repoFile(t, "ui/cli/manual.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(page), "## Colours and highlights")
	_, rest, ok2 := strings.Cut(rest, "```\n")
	example, _, ok3 := strings.Cut(rest, "```\n")
	if !ok || !ok2 || !ok3 {
		t.Fatal("the manual has no example under ## Colours and highlights")
	}
	u := newUser(t)
	u.writeConfig(example)
	out := u.ok("config")
	for _, want := range []string{`theme = "dark"`, `list-selected = "black bright-yellow"`, `reader-link = "#5fafff underline"`,
		`{ expr = "flagged or title ~ \"release|security\"", color = "bright-red bold" }`,
		`{ regex = "(?i)\\bCVE-[0-9]+-[0-9]+\\b", color = "black yellow" }`} {
		if !strings.Contains(out, want) {
			t.Errorf("tidings config does not print %s:\n%s", want, out)
		}
	}
}

// A bad colour stops every command with one line naming the file and the
// line; an escape sequence in a value is refused, never drawn.
func TestBadColourStopsTidingsWithFileAndLine(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[colors]\ntheme = \"dark\"\nlist = \"\\u001b]0;pwned\\u0007\"\n")
	r := u.run("feeds")
	if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 ||
		!strings.Contains(r.stderr, "config.toml:3: colors.list") || strings.ContainsAny(r.stderr, "\x1b\x07") {
		t.Errorf("exit %d, stderr %q; want 2 and one plain line naming config.toml:3", r.code, r.stderr)
	}
}
