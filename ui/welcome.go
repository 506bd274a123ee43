package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// welcome is what an empty database shows instead of the panes: how to
// subscribe or import, where the files are, and ? for help.
func (m *Model) welcome() string {
	st, k := m.styles, m.keys.tree
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
		st.Label.Render(helpKey(k.Subscribe)) + "  subscribe to a feed, or to a web page that announces one",
		st.Label.Render("tidings import FILE.opml") + "  (in a shell) brings the subscriptions of another reader",
		st.Label.Render(helpKey(k.Help)) + "  every key · " + st.Label.Render(helpKey(k.Quit)) + "  quits",
		"",
		RefreshHint(m.opts.Config.DefaultIntervalMinutes, "FEED"),
		"",
		st.Faint.Render("Config:   " + dash(m.opts.ConfigPath)),
		st.Faint.Render("Database: " + dash(m.opts.DBPath)),
	}
	w := min(max(m.width-4, 20), 90)
	body := lipgloss.NewStyle().Width(w - 4).Render(strings.Join(lines, "\n"))
	return lipgloss.Place(m.width, m.layout.height, lipgloss.Center, lipgloss.Center, st.Dialog.Width(w).Render(body))
}

// RefreshHint is the first run's word on downloads: how often feeds
// refresh when nothing else is set (default_interval, in minutes) and
// where to change it, for every feed and for feed (an id, or FEED).
func RefreshHint(defaultInterval int, feed string) string {
	return fmt.Sprintf("Feeds refresh %s by default: default_interval in the configuration changes that, "+
		"and tidings set %s interval=N (in minutes) changes one feed.", every(defaultInterval), feed)
}

// every words an interval of minutes: once a day, every 2 hours, every
// 30 minutes.
func every(minutes int) string {
	unit := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return fmt.Sprintf("every %d %s", n, many)
	}
	switch {
	case minutes > 0 && minutes%1440 == 0:
		return unit(minutes/1440, "once a day", "days")
	case minutes > 0 && minutes%60 == 0:
		return unit(minutes/60, "every hour", "hours")
	}
	return unit(minutes, "every minute", "minutes")
}
