package config

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Theme is a built-in base of the reader's colours ([colors] theme).
type Theme string

// The themes.
const (
	// ThemeAuto follows the terminal's background: the light colours on a
	// light one, the dark colours on a dark one (ANSI 0–15 only).
	ThemeAuto Theme = "auto"
	// ThemeDark is for a dark background (bright ANSI colours).
	ThemeDark Theme = "dark"
	// ThemeLight is for a light background (the eight basic colours and
	// grey).
	ThemeLight Theme = "light"
	// ThemeLow is minimal, safe on any 8-colour terminal: red for errors,
	// yellow for marks, green for code, attributes for everything else.
	ThemeLow Theme = "low"
)

// Color is a terminal colour as the configuration holds it: "" for the
// terminal's default, "0" to "255" for an indexed colour, or "#rrggbb"
// (lower case). Nothing else: a colour is parsed, never passed through.
type Color string

// Style is a parsed colour value of [colors] or a highlight: a
// foreground, a background and attributes. The zero value draws in the
// terminal's default colours without attributes.
type Style struct {
	FG, BG                                Color
	Bold, Underline, Reverse, Italic, Dim bool
}

// colorNames are the 16 colours' names, ANSI 0–7; "bright-" and the name
// is 8–15.
var colorNames = [8]string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

// styleAttrs are the attribute names in the order [Style.String] writes
// them.
var styleAttrs = [...]string{"bold", "underline", "reverse", "italic", "dim"}

// ColorSyntax says how a colour value is written, for messages and the
// documentation.
const ColorSyntax = `"FG [BG] [attribute…]": FG and BG are default, black, red, green, yellow, blue, magenta, cyan, white, ` +
	`bright-black … bright-white, color0 … color255 or #rrggbb; attributes are bold, underline, reverse, italic and dim`

// ParseStyle reads a colour value: a foreground colour, optionally a
// background colour, then attributes, separated by spaces (see
// [ColorSyntax]). Names are case-insensitive.
func ParseStyle(s string) (Style, error) {
	words := strings.Fields(s)
	if len(words) == 0 {
		return Style{}, fmt.Errorf("empty: write %s", ColorSyntax)
	}
	var st Style
	for i, w := range words {
		lw := strings.ToLower(w)
		if c, ok := parseColor(lw); ok {
			switch i {
			case 0:
				st.FG = c
			case 1:
				st.BG = c
			default:
				return Style{}, fmt.Errorf("colour %s after an attribute or a background: write FG [BG] [attribute…]", strconv.Quote(w))
			}
			continue
		}
		if i == 0 {
			return Style{}, fmt.Errorf("%s is not a colour: write %s", strconv.Quote(w), ColorSyntax)
		}
		if !st.setAttr(lw) {
			return Style{}, fmt.Errorf("%s is neither a colour nor an attribute: write %s", strconv.Quote(w), ColorSyntax)
		}
	}
	return st, nil
}

// parseColor reads one lower-case colour word.
func parseColor(w string) (Color, bool) {
	if w == "default" {
		return "", true
	}
	name, bright := strings.CutPrefix(w, "bright-")
	for i, n := range colorNames {
		if name == n {
			if bright {
				i += 8
			}
			return Color(strconv.Itoa(i)), true
		}
	}
	if n, ok := strings.CutPrefix(w, "color"); ok && !bright {
		v, err := strconv.Atoi(n)
		if err == nil && v >= 0 && v <= 255 && strconv.Itoa(v) == n {
			return Color(n), true
		}
		return "", false
	}
	if hex, ok := strings.CutPrefix(w, "#"); ok && len(hex) == 6 && !bright {
		if _, err := strconv.ParseUint(hex, 16, 32); err == nil && !strings.ContainsAny(hex, "+-") {
			return Color(w), true
		}
	}
	return "", false
}

// setAttr turns on the attribute named a, false when a names none.
func (st *Style) setAttr(a string) bool {
	switch a {
	case "bold":
		st.Bold = true
	case "underline":
		st.Underline = true
	case "reverse":
		st.Reverse = true
	case "italic":
		st.Italic = true
	case "dim":
		st.Dim = true
	default:
		return false
	}
	return true
}

// String writes the style as the configuration does ("bright-red default
// bold"); [ParseStyle] reads it back.
func (st Style) String() string {
	words := []string{colorWord(st.FG)}
	if st.BG != "" {
		words = append(words, colorWord(st.BG))
	}
	for i, on := range [...]bool{st.Bold, st.Underline, st.Reverse, st.Italic, st.Dim} {
		if on {
			words = append(words, styleAttrs[i])
		}
	}
	return strings.Join(words, " ")
}

// colorWord names a colour as the configuration writes it.
func colorWord(c Color) string {
	if c == "" {
		return "default"
	}
	if strings.HasPrefix(string(c), "#") {
		return string(c)
	}
	n, _ := strconv.Atoi(string(c))
	switch {
	case n < 8:
		return colorNames[n]
	case n < 16:
		return "bright-" + colorNames[n-8]
	}
	return "color" + string(c)
}

// ColorsConfig is the [colors] table: a theme and the elements whose
// colours the file sets over it.
type ColorsConfig struct {
	// Theme is the built-in base (theme).
	Theme Theme
	// Elements maps an element's name ("list-unread", one of
	// [ColorElements]) to the style the file gives it; an element absent
	// keeps the theme's.
	Elements map[string]Style
}

// ColorElement is one thing the reader draws whose colours [colors] sets.
type ColorElement struct {
	// Name is its key in [colors] ("list-unread").
	Name string
	// Meaning says what it is, as a sentence.
	Meaning string
}

// ColorElements lists every element of [colors] in file order; the file
// schema has one key for each (a test holds them together) and the reader
// draws each.
func ColorElements() []ColorElement {
	return []ColorElement{
		{"tree", "A feed, a saved search or Flagged in the tree."},
		{"tree-unread", "A feed or search of the tree with unread items."},
		{"tree-folder", "A folder in the tree."},
		{"tree-count", "The counts of unread (or flagged) items in the tree (unset: drawn as their row)."},
		{"tree-selected", "The selected row of the tree while it has the focus."},
		{"tree-cursor", "The selected row of the tree while another pane has the focus."},
		{"list", "An item already read in the item list."},
		{"list-unread", "An unread item in the item list."},
		{"list-flagged", "A flagged item in the item list (unset: drawn as read or unread)."},
		{"list-selected", "The selected item while the list has the focus."},
		{"list-cursor", "The selected item while another pane has the focus."},
		{"pane-title", "The title line of a pane without the focus."},
		{"pane-title-focused", "The title line of the focused pane."},
		{"border", "The rules between the panes."},
		{"border-focused", "The rules beside the focused pane."},
		{"reader-text", "The article's paragraphs and lists."},
		{"reader-title", "The article's title."},
		{"reader-meta", "The article's feed, author, date and enclosures."},
		{"reader-link", "The article's own link under its title."},
		{"reader-heading", "Headings inside the article, and table headers."},
		{"reader-quote", "Quoted text in the article."},
		{"reader-code", "Code blocks in the article."},
		{"reader-link-list", "The numbered links listed at the article's end."},
		{"reader-warning", "A warning over the article (a failed fetch of the full text)."},
		{"search-match", "The words of a search, in the list and the article."},
		{"status", "The status line."},
		{"status-error", "An error on the status line."},
		{"status-busy", "Work in progress on the status line (refreshing, downloads, account sync)."},
		{"toast", "A new message on the status line."},
		{"toast-fading", "A message about to fade."},
		{"dialog", "The frame of a dialog (its colours only: attributes do not apply to it)."},
		{"dialog-title", "A dialog's title."},
		{"dialog-selected", "The selected row of a dialog."},
		{"label", "Keys in the help, labels of forms and saved searches."},
		{"hint", "Secondary text: hints, separators, placeholders."},
		{"chart", "The bars of the statistics' charts."},
	}
}

// fileColors is the [colors] table of the file: the theme and one
// colour value per element ("" keeps the theme's).
type fileColors struct {
	Theme            string `toml:"theme"`
	Tree             string `toml:"tree"`
	TreeUnread       string `toml:"tree-unread"`
	TreeFolder       string `toml:"tree-folder"`
	TreeCount        string `toml:"tree-count"`
	TreeSelected     string `toml:"tree-selected"`
	TreeCursor       string `toml:"tree-cursor"`
	List             string `toml:"list"`
	ListUnread       string `toml:"list-unread"`
	ListFlagged      string `toml:"list-flagged"`
	ListSelected     string `toml:"list-selected"`
	ListCursor       string `toml:"list-cursor"`
	PaneTitle        string `toml:"pane-title"`
	PaneTitleFocused string `toml:"pane-title-focused"`
	Border           string `toml:"border"`
	BorderFocused    string `toml:"border-focused"`
	ReaderText       string `toml:"reader-text"`
	ReaderTitle      string `toml:"reader-title"`
	ReaderMeta       string `toml:"reader-meta"`
	ReaderLink       string `toml:"reader-link"`
	ReaderHeading    string `toml:"reader-heading"`
	ReaderQuote      string `toml:"reader-quote"`
	ReaderCode       string `toml:"reader-code"`
	ReaderLinkList   string `toml:"reader-link-list"`
	ReaderWarning    string `toml:"reader-warning"`
	SearchMatch      string `toml:"search-match"`
	Status           string `toml:"status"`
	StatusError      string `toml:"status-error"`
	StatusBusy       string `toml:"status-busy"`
	Toast            string `toml:"toast"`
	ToastFading      string `toml:"toast-fading"`
	Dialog           string `toml:"dialog"`
	DialogTitle      string `toml:"dialog-title"`
	DialogSelected   string `toml:"dialog-selected"`
	Label            string `toml:"label"`
	Hint             string `toml:"hint"`
	Chart            string `toml:"chart"`
}

// elementValues returns a pointer to each element's value in f, by
// element name.
func (f *fileColors) elementValues() map[string]*string {
	m := map[string]*string{}
	v := reflect.ValueOf(f).Elem()
	for i := range v.NumField() {
		tag := v.Type().Field(i).Tag.Get("toml")
		if tag != "theme" {
			m[tag] = v.Field(i).Addr().Interface().(*string)
		}
	}
	return m
}

// toConfig parses the table; a bad value is an error naming its key.
func (f fileColors) toConfig() (ColorsConfig, []*Error) {
	c := ColorsConfig{Theme: Theme(f.Theme)}
	var errs []*Error
	for name, v := range f.elementValues() {
		if *v == "" {
			continue
		}
		st, err := ParseStyle(*v)
		if err != nil {
			errs = append(errs, &Error{Key: "colors." + formatKey([]string{name}), Value: strconv.Quote(*v), Msg: err.Error()})
			continue
		}
		if c.Elements == nil {
			c.Elements = map[string]Style{}
		}
		c.Elements[name] = st
	}
	return c, errs
}

// toFileColors writes c as the file's table.
func toFileColors(c ColorsConfig) fileColors {
	f := fileColors{Theme: string(c.Theme)}
	vals := f.elementValues()
	for name, st := range c.Elements {
		if p, ok := vals[name]; ok {
			*p = st.String()
		}
	}
	return f
}

// checkTheme returns why t is not a theme, or "".
func checkTheme(t Theme) string {
	switch t {
	case ThemeAuto, ThemeDark, ThemeLight, ThemeLow:
		return ""
	}
	return fmt.Sprintf("must be %q, %q, %q or %q", ThemeAuto, ThemeDark, ThemeLight, ThemeLow)
}
