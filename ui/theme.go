package ui

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/tidings-rss/tidings/config"
)

// palette is the five colours a theme draws with.
type palette struct {
	accent, subtle, red, yellow, green lipgloss.TerminalColor
}

// themePalette is the palette of a theme; under NO_COLOR (noColor) every
// colour is none.
func themePalette(t config.Theme, noColor bool) palette {
	none := lipgloss.NoColor{}
	if noColor {
		return palette{none, none, none, none, none}
	}
	// Light and dark variants of accent, subtle, red, yellow, green.
	light := [5]string{"4", "8", "1", "3", "2"}
	dark := [5]string{"12", "7", "9", "11", "10"}
	pick := func(i int) lipgloss.TerminalColor {
		switch t {
		case config.ThemeDark:
			return lipgloss.Color(dark[i])
		case config.ThemeLight:
			return lipgloss.Color(light[i])
		}
		return lipgloss.AdaptiveColor{Light: light[i], Dark: dark[i]}
	}
	if t == config.ThemeLow {
		return palette{none, none, lipgloss.Color("1"), lipgloss.Color("3"), lipgloss.Color("2")}
	}
	return palette{pick(0), pick(1), pick(2), pick(3), pick(4)}
}

// elements are the styles [colors] names, by element name
// (config.ColorElements; a test holds the two together). dialog sets the
// dialog's frame, not its text.
func (st *Styles) elements() map[string]*lipgloss.Style {
	return map[string]*lipgloss.Style{
		"tree": &st.TreeRow, "tree-unread": &st.TreeUnread, "tree-folder": &st.TreeFolder, "tree-count": &st.TreeCount,
		"tree-selected": &st.TreeSelected, "tree-cursor": &st.TreeCursor,
		"list": &st.ListRead, "list-unread": &st.ListUnread, "list-flagged": &st.ListFlagged,
		"list-selected": &st.ListSelected, "list-cursor": &st.ListCursor,
		"pane-title": &st.PaneTitle, "pane-title-focused": &st.PaneTitleFocused,
		"border": &st.Border, "border-focused": &st.BorderFocused,
		"reader-text": &st.Text, "reader-title": &st.Title, "reader-meta": &st.Meta, "reader-link": &st.Link,
		"reader-heading": &st.Heading, "reader-quote": &st.Quote, "reader-code": &st.Code,
		"reader-link-list": &st.LinkRef, "reader-warning": &st.Warning,
		"search-match": &st.Match,
		"status":       &st.Status, "status-error": &st.StatusError, "status-busy": &st.StatusBusy,
		"toast": &st.Toast, "toast-fading": &st.ToastFading,
		"dialog": &st.Dialog, "dialog-title": &st.DialogTitle, "dialog-selected": &st.RowSelected,
		"label": &st.Label, "hint": &st.Faint, "chart": &st.Bar,
	}
}

// set gives the element name the configured spec in place of the
// theme's colours and attributes.
func (st *Styles) set(name string, spec config.Style, noColor bool) {
	p, ok := st.elements()[name]
	if !ok {
		return // config knows every element; a test holds the lists together
	}
	if name == "dialog" {
		*p = p.BorderForeground(color(spec.FG, noColor)).BorderBackground(color(spec.BG, noColor))
		return
	}
	switch name {
	case "list-flagged":
		st.HasListFlagged = true
	case "tree-count":
		st.HasTreeCount = true
	}
	*p = specStyle(*p, spec, noColor)
}

// specStyle is base with its colours and attributes replaced by spec's;
// what spec leaves out is unset, so a selection drawn over it still
// adds its own. Under NO_COLOR the colours are left out.
func specStyle(base lipgloss.Style, spec config.Style, noColor bool) lipgloss.Style {
	s := base.UnsetForeground().UnsetBackground().UnsetBold().UnsetUnderline().
		UnsetReverse().UnsetItalic().UnsetFaint()
	if spec.FG != "" && !noColor {
		s = s.Foreground(lipgloss.Color(spec.FG))
	}
	if spec.BG != "" && !noColor {
		s = s.Background(lipgloss.Color(spec.BG))
	}
	if spec.Bold {
		s = s.Bold(true)
	}
	if spec.Underline {
		s = s.Underline(true)
	}
	if spec.Reverse {
		s = s.Reverse(true)
	}
	if spec.Italic {
		s = s.Italic(true)
	}
	if spec.Dim {
		s = s.Faint(true)
	}
	return s
}

// color is a configured colour: none for the terminal's default or under
// NO_COLOR.
func color(c config.Color, noColor bool) lipgloss.TerminalColor {
	if c == "" || noColor {
		return lipgloss.NoColor{}
	}
	return lipgloss.Color(c)
}
