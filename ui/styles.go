package ui

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/tidings-rss/tidings/config"
)

// Styles names every colour and text style of the reader. It is built once
// by NewStyles and passed to every pane; nothing else declares a style.
type Styles struct {
	// Panes.
	PaneTitle        lipgloss.Style
	PaneTitleFocused lipgloss.Style
	Border           lipgloss.Style
	BorderFocused    lipgloss.Style // the rules beside the focused pane
	// Rows of the tree.
	TreeRow      lipgloss.Style
	TreeUnread   lipgloss.Style
	TreeFolder   lipgloss.Style
	TreeCount    lipgloss.Style // only when HasTreeCount: else as the row
	HasTreeCount bool
	TreeSelected lipgloss.Style
	TreeCursor   lipgloss.Style // the selected row while another pane has the focus
	// Rows of the item list; ListFlagged applies only when HasListFlagged.
	ListRead       lipgloss.Style
	ListUnread     lipgloss.Style
	ListFlagged    lipgloss.Style
	HasListFlagged bool
	ListSelected   lipgloss.Style
	ListCursor     lipgloss.Style
	// Rows of dialogs and tables.
	Row         lipgloss.Style
	RowSelected lipgloss.Style
	RowCursor   lipgloss.Style // the selected row of a pane without focus
	Unread      lipgloss.Style
	Count       lipgloss.Style
	ErrorMark   lipgloss.Style
	FlagMark    lipgloss.Style
	FeedName    lipgloss.Style
	Date        lipgloss.Style
	// Reader.
	Text    lipgloss.Style // paragraphs and lists
	Title   lipgloss.Style
	Meta    lipgloss.Style
	Link    lipgloss.Style
	Heading lipgloss.Style
	Quote   lipgloss.Style
	Code    lipgloss.Style
	Image   lipgloss.Style
	LinkRef lipgloss.Style
	Warning lipgloss.Style
	// Match marks the words of a search in the list and the reader.
	Match lipgloss.Style
	// Status line, toast and dialogs.
	Status      lipgloss.Style
	StatusError lipgloss.Style
	StatusBusy  lipgloss.Style
	Toast       lipgloss.Style
	ToastFading lipgloss.Style
	Dialog      lipgloss.Style
	DialogTitle lipgloss.Style
	Label       lipgloss.Style
	Faint       lipgloss.Style
	Bar         lipgloss.Style
	// Rows are the [[highlight]] rules, Words the [[highlight-article]]
	// rules, in the order of the configuration.
	Rows  []rowHighlight
	Words []wordHighlight
}

// NewStyles returns the reader's styles, bound to renderer r: the theme
// of c.Colors, the elements c.Colors sets over it, and the highlight
// rules. The "auto" theme has adaptive colours that read on light and
// dark backgrounds and in 16-colour terminals (ANSI colours 0–15 only).
// With noColor (NO_COLOR) no style has a colour; reverse, bold,
// underline and faint remain, so the selection, the focused pane and
// unread items stay visible.
func NewStyles(r *lipgloss.Renderer, noColor bool, c config.Config) Styles {
	st := baseStyles(r, themePalette(c.Colors.Theme, noColor))
	for name, spec := range c.Colors.Elements {
		st.set(name, spec, noColor)
	}
	for _, h := range c.Highlights {
		st.Rows = append(st.Rows, rowHighlight{rule: h, style: specStyle(r.NewStyle(), h.Style, noColor)})
	}
	for _, h := range c.ArticleHighlights {
		st.Words = append(st.Words, wordHighlight{re: h.Regexp, style: specStyle(r.NewStyle(), h.Style, noColor)})
	}
	return st
}

// baseStyles are a theme's styles, from its palette.
func baseStyles(r *lipgloss.Renderer, p palette) Styles {
	accent, subtle, red, yellow, green := p.accent, p.subtle, p.red, p.yellow, p.green
	s := r.NewStyle
	return Styles{
		PaneTitle:        s().Bold(true).Foreground(subtle),
		PaneTitleFocused: s().Bold(true).Foreground(accent).Underline(true),
		Border:           s().Foreground(subtle),
		BorderFocused:    s().Foreground(subtle),
		TreeRow:          s(),
		TreeUnread:       s().Bold(true),
		TreeFolder:       s().Bold(true),
		TreeCount:        s(),
		TreeSelected:     s().Reverse(true),
		TreeCursor:       s().Underline(true),
		ListRead:         s().Foreground(subtle),
		ListUnread:       s().Bold(true),
		ListFlagged:      s(),
		ListSelected:     s().Reverse(true),
		ListCursor:       s().Underline(true),
		Row:              s(),
		RowSelected:      s().Reverse(true),
		RowCursor:        s().Underline(true),
		Unread:           s().Bold(true),
		Count:            s().Foreground(accent),
		ErrorMark:        s().Foreground(red).Bold(true),
		FlagMark:         s().Foreground(yellow).Bold(true),
		FeedName:         s().Foreground(green),
		Date:             s().Foreground(subtle),
		Text:             s(),
		Title:            s().Bold(true).Foreground(accent),
		Meta:             s().Foreground(subtle),
		Link:             s().Foreground(accent).Underline(true),
		Heading:          s().Bold(true),
		Quote:            s().Foreground(subtle).Italic(true),
		Code:             s().Foreground(green),
		Image:            s().Foreground(yellow),
		LinkRef:          s().Foreground(accent),
		Warning:          s().Foreground(red),
		Match:            s().Bold(true).Underline(true).Foreground(yellow),
		Status:           s().Foreground(subtle),
		StatusError:      s().Foreground(red),
		StatusBusy:       s().Foreground(accent),
		Toast:            s().Bold(true).Foreground(yellow),
		ToastFading:      s().Faint(true),
		Dialog:           s().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1),
		DialogTitle:      s().Bold(true).Foreground(accent),
		Label:            s().Bold(true),
		Faint:            s().Faint(true),
		Bar:              s().Foreground(accent),
	}
}

// NewRenderer returns a lipgloss renderer for w. Under NO_COLOR (noColor)
// its profile is plain ANSI, whatever the environment says: termenv would
// pick Ascii, which drops bold and reverse video along with colour; the
// styles then carry no colour (NewStyles with noColor).
func NewRenderer(w io.Writer, noColor bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w)
	if noColor {
		r.SetColorProfile(termenv.ANSI)
	}
	return r
}
