package newsboat

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// parseSettings parses lines as a config and fails the test on an error.
func parseSettings(t *testing.T, lines ...string) *Config {
	t.Helper()
	c, err := ParseConfig(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// untranslated writes the untranslated lines as "N: reason".
func untranslated(c *Config) []string {
	var out []string
	for _, u := range c.Untranslated {
		out = append(out, fmt.Sprintf("%d: %s", u.Line, u.Reason))
	}
	return out
}

// newsboat's key names become Bubble Tea's.
func TestTranslateKey(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"n", "n", ""},
		{"N", "N", ""},
		{"^N", "ctrl+n", ""},
		{"^R", "ctrl+r", ""},
		{"^I", "tab", ""},
		{"ENTER", "enter", ""},
		{"SPACE", " ", ""},
		{"NPAGE", "pgdown", ""},
		{"PPAGE", "pgup", ""},
		{"UP", "up", ""},
		{"ESC", "esc", ""},
		{"BACKSPACE", "backspace", ""},
		{"DEL", "delete", ""},
		{"F5", "f5", ""},
		{"F12", "f12", ""},
		{"|", "|", ""},
		{"FOO", "", `"FOO" is not a key name tidings knows`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := TranslateKey(tt.in)
			if got != tt.want || (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err {
				t.Errorf("TranslateKey(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
			}
		})
	}
}

// bind-key adds the key to the action and takes it from the action that
// had it in the same contexts, as newsboat's keymap does; a dialog names
// the context; unbind-key takes a key away; the result lists only the
// actions that changed.
func TestKeysFollowBindAndUnbind(t *testing.T) {
	c := parseSettings(t,
		`bind-key ^N next-unread`,            // 1: added to n
		`bind-key SPACE next-unread article`, // 2: the reader's space was page-down's
		`bind-key r reload-all`,              // 3: r leaves refresh
		`unbind-key A`,                       // 4: mark-feed-read loses its only key
		`bind-key x quit feedlist`,           // 5: quit on the tree; dismiss loses x there
		`bind-key F5 reload`,                 // 6
		`bind-key | pipe-to`,                 // 7: pipe's default already
	)
	got := map[string]string{}
	for _, b := range c.Settings.Keys {
		got[b.Context+"/"+b.Action] = fmt.Sprintf("%q %v", b.Keys, b.Lines)
	}
	want := map[string]string{
		"/next-unread":       `["n" "ctrl+n"] [1 2]`,
		"/refresh":           `["f5"] [3 6]`,
		"/refresh-all":       `["R" "r"] [3]`,
		"/mark-feed-read":    `[] [4]`,
		"reader/page-down":   `["pgdown" "ctrl+f"] [2]`,
		"reader/next-unread": `["n" "ctrl+n" " "] [1 2]`,
		"/quit":              `["q" "x"] [5]`,
		"tree/dismiss":       `[] [5]`,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("keys\n %v\nwant\n %v", got, want)
	}
	if len(c.Untranslated) != 0 {
		t.Errorf("untranslated %v", untranslated(c))
	}
}

// quit is tidings' quit on the tree and back elsewhere; unbind-key -a
// clears a context; the lines that do not translate say why.
func TestKeysThatDoNotTranslate(t *testing.T) {
	c := parseSettings(t,
		`bind-key ^T clear-tag`,
		`bind-key FOO open`,
		`bind-key , open`,
		`bind-key x open urlview`,
		`bind-key x toggle-article-read feedlist`,
		`unbind-key -a help`,
		`bind-key 5 open article`,
	)
	want := []string{
		"1: newsboat's clear-tag has no tidings action",
		`2: "FOO" is not a key name tidings knows`,
		`3: "," is tidings' macro prefix`,
		"4: tidings has no urlview dialog",
		"5: tidings' toggle-read is not used in the tree",
		"7: in tidings' reader, digits are the links' numbers",
	}
	if got := untranslated(c); !slices.Equal(got, want) {
		t.Errorf("untranslated\n %q\nwant\n %q", got, want)
	}
	onlyInDialogs := map[string]bool{}
	for _, a := range tidingsActions() {
		onlyInDialogs[a.Name] = slices.Equal(a.Contexts, []string{ctxDialogs})
	}
	var dialogs int
	for _, b := range c.Settings.Keys {
		inDialogs := b.Context == ctxDialogs || b.Context == "" && onlyInDialogs[b.Action] // [keys] is the same there
		if !inDialogs || len(b.Keys) != 0 {
			t.Errorf("binding %+v, want only the dialogs' actions unbound", b)
		}
		dialogs++
	}
	if dialogs == 0 {
		t.Error("unbind-key -a help unbound nothing")
	}
}

// A macro's commands become steps: operations actions, pipe-to a pipe
// step, set browser a set step with %u as %s; a macro with a command
// that does not translate is named whole.
func TestMacros(t *testing.T) {
	c := parseSettings(t,
		`macro p pipe-to "cat > /tmp/article" -- "save the article"`,
		`macro v set browser "mpv %u" ; open-in-browser ; set browser "firefox %u"`,
		`macro r reload; next-unread`,
		`macro t set-tag ; open`,
		`macro s set show-read-feeds no`,
	)
	var got []string
	for _, m := range c.Settings.Macros {
		got = append(got, fmt.Sprintf("%d %s %q", m.Line, m.Key, m.Steps))
	}
	want := []string{
		`1 p ["pipe:cat > /tmp/article"]`,
		`2 v ["set:browser=mpv %s" "open-link" "set:browser=firefox %s"]`,
		`3 r ["refresh" "next-unread"]`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("macros\n %q\nwant\n %q", got, want)
	}
	wantU := []string{"4: newsboat's set-tag has no tidings action", "5: set show-read-feeds: a tidings macro cannot set it"}
	if u := untranslated(c); !slices.Equal(u, wantU) {
		t.Errorf("untranslated %q, want %q", u, wantU)
	}
}

// Colours: elements map onto tidings' (the feed and article lists alike),
// standout is reverse, a default background is left out, blink is
// dropped with a note; a later line for an element wins.
func TestColors(t *testing.T) {
	c := parseSettings(t,
		`color listnormal white default`,
		`color listfocus black yellow bold standout`,
		`color listnormal_unread color208 default bold blink`,
		`color info default blue`,
		`color article color250 black`,
		`color listnormal cyan default`,
		`color background white black`,
		`color listfocus_unread black yellow`,
		`color info orange default`,
	)
	var got []string
	for _, col := range c.Settings.Colors {
		got = append(got, fmt.Sprintf("%d %s=%s", col.Line, col.Element, col.Value))
	}
	want := []string{
		"6 tree=cyan", "6 list=cyan",
		"2 tree-selected=black yellow bold reverse", "2 list-selected=black yellow bold reverse",
		"3 tree-unread=color208 bold", "3 list-unread=color208 bold",
		"4 status=default blue",
		"5 reader-text=color250 black",
	}
	if !slices.Equal(got, want) {
		t.Errorf("colors\n %q\nwant\n %q", got, want)
	}
	wantU := []string{
		"7: tidings draws on the terminal's own background",
		"8: tidings draws the selected row alike, read or not (listfocus sets it)",
		`9: "orange" is not a colour newsboat knows`,
	}
	if u := untranslated(c); !slices.Equal(u, wantU) {
		t.Errorf("untranslated %q, want %q", u, wantU)
	}
	if len(c.Settings.Notes) != 1 || c.Settings.Notes[0].Line != 3 || !strings.Contains(c.Settings.Notes[0].Reason, "blink dropped") {
		t.Errorf("notes %+v, want line 3's blink dropped", c.Settings.Notes)
	}
}

// highlight article → [[highlight-article]] (newsboat ignores case: (?i));
// highlight articlelist → [[highlight]] on the title, with a note;
// highlight-article → [[highlight]] with the expression translated.
func TestHighlights(t *testing.T) {
	c := parseSettings(t,
		`highlight article "^(Title|Author):" blue default bold`,
		`highlight articlelist "golang" green`,
		`highlight all "newsboat" red`,
		`highlight feedlist "news" red`,
		`highlight-article "author =~ \"Andreas\"" white red bold`,
		`highlight-article "flags # \"s\"" white red`,
		`highlight article "(unclosed" red`,
	)
	var got []string
	for _, h := range c.Settings.ArticleHighlights {
		got = append(got, fmt.Sprintf("%d regex %s = %s", h.Line, h.Regex, h.Color))
	}
	for _, h := range c.Settings.Highlights {
		got = append(got, fmt.Sprintf("%d expr %s = %s", h.Line, h.Expr, h.Color))
	}
	want := []string{
		"1 regex (?i)^(Title|Author): = blue bold",
		"3 regex (?i)newsboat = red",
		`2 expr title ~ "golang" = green`,
		`3 expr title ~ "newsboat" = red`,
		`5 expr author ~ "Andreas" = white red bold`,
		"6 expr flagged = white red",
	}
	if !slices.Equal(got, want) {
		t.Errorf("highlights\n %q\nwant\n %q", got, want)
	}
	u := untranslated(c)
	if len(u) != 2 || u[0] != "4: tidings highlights nothing in the feed list" || !strings.HasPrefix(u[1], "7: the regular expression") {
		t.Errorf("untranslated %q", u)
	}
	if len(c.Settings.Notes) != 2 || !strings.Contains(c.Settings.Notes[1].Reason, "feed list") {
		t.Errorf("notes %+v, want lines 2 and 3", c.Settings.Notes)
	}
}

// browser and bookmark-cmd become [ui] settings where tidings can run
// them without a shell; pipe-to is no setting of newsboat's.
func TestBrowserBookmarkPipe(t *testing.T) {
	c := parseSettings(t,
		`browser "w3m %u"`,
		`bookmark-cmd "~/bin/bookmark.sh"`,
		`pipe-to "less"`,
	)
	s := c.Settings
	if s.Browser != (Setting{1, "w3m %s"}) || s.BookmarkCommand != (Setting{2, "~/bin/bookmark.sh"}) {
		t.Errorf("browser %+v, bookmark %+v", s.Browser, s.BookmarkCommand)
	}
	if u := untranslated(c); len(u) != 1 || !strings.HasPrefix(u[0], "3: newsboat has no pipe-to setting") {
		t.Errorf("untranslated %q", u)
	}
	for _, tt := range []struct{ in, err string }{
		{`browser "firefox %u &"`, "without a shell"},
		{`browser "open -a Safari:%u"`, `":"`},
		{`bookmark-cmd "bm.sh | tee log"`, "without a shell"},
	} {
		c := parseSettings(t, tt.in)
		if u := untranslated(c); len(u) != 1 || !strings.Contains(u[0], tt.err) {
			t.Errorf("%s: untranslated %q, want %q", tt.in, u, tt.err)
		}
	}
}
