package ui

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles names every colour and text style of the reader. It is built once
// by NewStyles and passed to every pane; nothing else declares a style.
type Styles struct {
	// Panes.
	PaneTitle        lipgloss.Style
	PaneTitleFocused lipgloss.Style
	Border           lipgloss.Style
	// Rows of the tree and the item list.
	Row         lipgloss.Style
	RowSelected lipgloss.Style
	RowCursor   lipgloss.Style // the selected row of a pane without focus
	Unread      lipgloss.Style
	Read        lipgloss.Style
	Count       lipgloss.Style
	Folder      lipgloss.Style
	ErrorMark   lipgloss.Style
	FlagMark    lipgloss.Style
	FeedName    lipgloss.Style
	Date        lipgloss.Style
	// Reader.
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
}

// NewStyles returns the reader's styles, bound to renderer r, with adaptive
// colours that read on light and dark backgrounds and in 16-colour
// terminals (ANSI colours 0–15 only). With noColor (NO_COLOR) no style
// has a colour; reverse, bold, underline and faint remain, so the
// selection, the focused pane and unread items stay visible.
func NewStyles(r *lipgloss.Renderer, noColor bool) Styles {
	c := func(light, dark string) lipgloss.TerminalColor {
		if noColor {
			return lipgloss.NoColor{}
		}
		return lipgloss.AdaptiveColor{Light: light, Dark: dark}
	}
	accent, subtle, red, yellow, green := c("4", "12"), c("8", "7"), c("1", "9"), c("3", "11"), c("2", "10")
	s := r.NewStyle
	return Styles{
		PaneTitle:        s().Bold(true).Foreground(subtle),
		PaneTitleFocused: s().Bold(true).Foreground(accent).Underline(true),
		Border:           s().Foreground(subtle),
		Row:              s(),
		RowSelected:      s().Reverse(true),
		RowCursor:        s().Underline(true),
		Unread:           s().Bold(true),
		Read:             s().Foreground(subtle),
		Count:            s().Foreground(accent),
		Folder:           s().Bold(true),
		ErrorMark:        s().Foreground(red).Bold(true),
		FlagMark:         s().Foreground(yellow).Bold(true),
		FeedName:         s().Foreground(green),
		Date:             s().Foreground(subtle),
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
