package config

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Every bad value of [colors], [[highlight]] and [[highlight-article]]
// stops Load with the file, the line and the key.
func TestLoadColourAndHighlightErrors(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		line int
		key  string
		msg  []string
	}{
		{"unknown element", "[colors]\ntree = \"red\"\nlist-unred = \"red\"\n", 3, "colors.list-unred", []string{"unknown key"}},
		{"bad theme", "max_items = 10\n[colors]\ntheme = \"solarized\"\n", 3, "colors.theme", []string{`"auto", "dark", "light" or "low"`}},
		{"bad colour name", "[colors]\nlist = \"purple\"\n", 2, "colors.list", []string{`"purple" is not a colour`}},
		{"bright prefix on a number", "[colors]\nlist = \"bright-color3\"\n", 2, "colors.list", []string{"is not a colour"}},
		{"colour out of range", "[colors]\nborder = \"color256\"\n", 2, "colors.border", []string{"is not a colour"}},
		{"colour with leading zero", "[colors]\nborder = \"color007\"\n", 2, "colors.border", []string{"is not a colour"}},
		{"short hex", "[colors]\nstatus = \"#fff\"\n", 2, "colors.status", []string{"is not a colour"}},
		{"hex with a sign", "[colors]\nstatus = \"#+12345\"\n", 2, "colors.status", []string{"is not a colour"}},
		{"bad attribute", "[colors]\n\nstatus-error = \"red default blink\"\n", 3, "colors.status-error", []string{`"blink" is neither a colour nor an attribute`}},
		{"attribute first", "[colors]\nlist = \"bold\"\n", 2, "colors.list", []string{`"bold" is not a colour`}},
		{"three colours", "[colors]\nlist = \"red blue green\"\n", 2, "colors.list", []string{"after an attribute or a background"}},
		{"colour after an attribute", "[colors]\nlist = \"red bold blue\"\n", 2, "colors.list", []string{"after an attribute"}},
		{"only spaces", "[colors]\nlist = \"  \"\n", 2, "colors.list", []string{"empty"}},
		{"an escape sequence", "[colors]\nlist = \"\\u001b[31m\"\n", 2, "colors.list", []string{"is not a colour"}},
		{"wrong type", "[colors]\nlist = 3\n", 2, "colors.list", []string{"wrong type", "want string"}},
		{"highlight bad expr", "[[highlight]]\nexpr = \"title ~\"\ncolor = \"red\"\n", 2, "highlight.expr", []string{"not an expression of the query language", "column"}},
		{"highlight unknown field", "[[highlight]]\nexpr = \"colour = 1\"\ncolor = \"red\"\n", 2, "highlight.expr", []string{"not an expression"}},
		{"highlight bad regex in expr", "[[highlight]]\nexpr = 'title ~ \"(\"'\ncolor = \"red\"\n", 2, "highlight.expr", []string{"not an expression"}},
		{"highlight full text", "[[highlight]]\nexpr = 'unread and text:\"go\"'\ncolor = \"red\"\n", 2, "highlight.expr", []string{"text: needs the full-text index"}},
		{"highlight without expr", "max_items = 10\n\n[[highlight]]\ncolor = \"red\"\n", 3, "highlight.expr", []string{"must be set"}},
		{"highlight bad colour, second table", "[[highlight]]\nexpr = \"unread\"\ncolor = \"red\"\n\n[[highlight]]\nexpr = \"flagged\"\ncolor = \"reddish\"\n", 7, "highlight.color", []string{`"reddish" is not a colour`}},
		{"highlight without color", "[[highlight]]\nexpr = \"flagged\"\n", 1, "highlight.color", []string{"must be set"}},
		{"highlight unknown key", "[[highlight]]\nexpr = \"flagged\"\ncolour = \"red\"\n", 3, "highlight.colour", []string{"unknown key"}},
		{"highlight inline, bad colour", "highlight = [{ expr = \"flagged\", color = \"nope\" }]\n", 1, "highlight.color", []string{"is not a colour"}},
		{"highlight not a table", "highlight = \"flagged\"\n", 1, "highlight", []string{"wrong type", "want array of tables"}},
		{"article bad regex", "[[highlight-article]]\nregex = \"(go\"\ncolor = \"red\"\n", 2, "highlight-article.regex", []string{"not a regular expression (RE2 syntax)", "missing closing )"}},
		{"article regex RE2 refuses", "[[highlight-article]]\nregex = '(?<=go)x'\ncolor = \"red\"\n", 2, "highlight-article.regex", []string{"not a regular expression"}},
		{"article empty-matching regex", "[[highlight-article]]\nregex = \"x*\"\ncolor = \"red\"\n", 2, "highlight-article.regex", []string{"can match empty text"}},
		{"too many highlights", "max_items = 10\n" + strings.Repeat("[[highlight]]\nexpr = \"unread\"\ncolor = \"red\"\n", 65), 194, "highlight", []string{"at most 64 tables"}},
		{"article without regex", "[[highlight-article]]\ncolor = \"red\"\n", 1, "highlight-article.regex", []string{"must be set"}},
		{"article bad colour, third table", "[[highlight-article]]\nregex = \"a\"\ncolor = \"red\"\n[[highlight-article]]\nregex = \"b\"\ncolor = \"red\"\n[[highlight-article]]\nregex = \"c\"\ncolor = \"red underlined\"\n", 9, "highlight-article.color", []string{`"underlined" is neither`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			isolate(t)
			path := writeConfig(t, tt.doc)
			_, err := Load(path)
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("Load = %v, want a *config.Error", err)
			}
			if ce.Line != tt.line || ce.Key != tt.key {
				t.Errorf("error at line %d key %q, want line %d key %q (%v)", ce.Line, ce.Key, tt.line, tt.key, err)
			}
			s := err.Error()
			if prefix := fmt.Sprintf("config %s:%d: %s", path, tt.line, tt.key); !strings.HasPrefix(s, prefix) {
				t.Errorf("message %q does not start with %q", s, prefix)
			}
			for _, m := range tt.msg {
				if !strings.Contains(s, m) {
					t.Errorf("message %q does not contain %q", s, m)
				}
			}
			if strings.ContainsAny(s, "\r\n\x1b") {
				t.Errorf("message %q is not one plain line", s)
			}
		})
	}
}

func TestParseStyleReadsBackItsString(t *testing.T) {
	tests := map[string]Style{
		"red":                            {FG: "1"},
		"Bright-Red default BOLD":        {FG: "9", Bold: true},
		"default":                        {},
		"color208 #00AAff underline":     {FG: "208", BG: "#00aaff", Underline: true},
		"black white reverse italic dim": {FG: "0", BG: "7", Reverse: true, Italic: true, Dim: true},
		"color7 color15":                 {FG: "7", BG: "15"},
	}
	for in, want := range tests {
		got, err := ParseStyle(in)
		if err != nil || got != want {
			t.Errorf("ParseStyle(%q) = %+v, %v; want %+v", in, got, err, want)
			continue
		}
		back, err := ParseStyle(got.String())
		if err != nil || back != got {
			t.Errorf("ParseStyle(%q.String() = %q) = %+v, %v; want %+v", in, got.String(), back, err, got)
		}
	}
}

// The file schema's [colors] keys are the elements, one each.
func TestColorElementsAreTheColorsKeys(t *testing.T) {
	var f fileColors
	vals := f.elementValues()
	for _, e := range ColorElements() {
		if _, ok := vals[e.Name]; !ok {
			t.Errorf("element %s has no key in [colors]", e.Name)
		}
		delete(vals, e.Name)
	}
	for name := range vals {
		t.Errorf("[colors] key %s is no element", name)
	}
}

// NewHighlight and NewArticleHighlight (for translators of other
// readers' files) refuse what the file would, saying which half is wrong.
func TestNewHighlightRefusesWhatTheFileWould(t *testing.T) {
	if h, err := NewHighlight(`unread and feed ~ "lwn"`, "red bold"); err != nil || h.Style != (Style{FG: "1", Bold: true}) {
		t.Errorf("NewHighlight = %+v, %v", h, err)
	}
	if _, err := NewHighlight(`text:"go"`, "red"); err == nil || !strings.HasPrefix(err.Error(), "expr: ") {
		t.Errorf("text: accepted or misnamed: %v", err)
	}
	if _, err := NewHighlight("unread", "blink"); err == nil || !strings.HasPrefix(err.Error(), "color: ") {
		t.Errorf("bad colour accepted or misnamed: %v", err)
	}
	if h, err := NewArticleHighlight(`\bgo\b`, "black yellow"); err != nil || !h.Regexp.MatchString("a go b") {
		t.Errorf("NewArticleHighlight = %+v, %v", h, err)
	}
	if _, err := NewArticleHighlight(`(`, "red"); err == nil || !strings.HasPrefix(err.Error(), "regex: ") {
		t.Errorf("bad regex accepted or misnamed: %v", err)
	}
}
