package ui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// welcome is what an empty database shows instead of the panes: how to
// subscribe or import, where the files are, and ? for help.
func (m *Model) welcome() string {
	st := m.styles
	dash := func(s string) string {
		if s == "" {
			return "(default location)"
		}
		return oneLine(s)
	}
	lines := []string{
		st.DialogTitle.Render("Welcome to tidings"),
		"",
		"You follow no feed yet.",
		"",
		st.Label.Render("a") + "  subscribe to a feed, or to a web page that announces one",
		st.Label.Render("tidings import FILE.opml") + "  (in a shell) brings the subscriptions of another reader",
		st.Label.Render("?") + "  every key · " + st.Label.Render("q") + "  quits",
		"",
		st.Faint.Render("Config:   " + dash(m.opts.ConfigPath)),
		st.Faint.Render("Database: " + dash(m.opts.DBPath)),
	}
	w := min(max(m.width-4, 20), 90)
	body := lipgloss.NewStyle().Width(w - 4).Render(strings.Join(lines, "\n"))
	return lipgloss.Place(m.width, m.layout.height, lipgloss.Center, lipgloss.Center, st.Dialog.Width(w).Render(body))
}
