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
// terminals (ANSI colours 0–15 only). With r's profile set to Ascii (as
// NewRenderer does under NO_COLOR) colour is dropped entirely; reverse,
// bold and underline remain so that the selection is always visible.
func NewStyles(r *lipgloss.Renderer) Styles {
	accent := lipgloss.AdaptiveColor{Light: "4", Dark: "12"}
	subtle := lipgloss.AdaptiveColor{Light: "8", Dark: "7"}
	red := lipgloss.AdaptiveColor{Light: "1", Dark: "9"}
	yellow := lipgloss.AdaptiveColor{Light: "3", Dark: "11"}
	green := lipgloss.AdaptiveColor{Light: "2", Dark: "10"}
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

// NewRenderer returns a lipgloss renderer for w that honours NO_COLOR (any
// non-empty value) by using the Ascii profile.
func NewRenderer(w io.Writer, noColor bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w)
	if noColor {
		r.SetColorProfile(termenv.Ascii)
	}
	return r
}
