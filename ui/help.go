package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// openHelp is ?: every key by section, the marks, and how to open a link
// by number, in a screen that scrolls at any size.
func (m *Model) openHelp() tea.Cmd {
	st, sections := m.styles, helpKeyMap(m.opts.Config.Bindings, paneContext(m.focus)).Sections()
	k := m.keys.dialogs
	m.openDialog(&pager{keys: k, styles: st, title: "tidings — keys", close: []key.Binding{k.Help}, maxWidth: 150,
		lines: func(w int) []string { return helpLines(st, sections, w) }})
	return nil
}

// helpLines lays the sections out in as many columns as fit in width,
// then the legend.
func helpLines(st Styles, sections []helpSection, width int) []string {
	blocks := make([][]string, len(sections))
	colW := 0
	for i, s := range sections {
		blocks[i] = append(blocks[i], st.DialogTitle.Render(s.title))
		for _, b := range s.keys {
			if !b.Enabled() {
				continue // unbound
			}
			h := b.Help()
			line := st.Label.Render(padRight(h.Key, 7)) + " " + st.Faint.Render(h.Desc)
			blocks[i] = append(blocks[i], line)
			colW = max(colW, ansi.StringWidth(line))
		}
	}
	cols := max(min((width+3)/(colW+3), len(blocks)), 1)
	var out []string
	for start := 0; start < len(blocks); start += cols {
		row := blocks[start:min(start+cols, len(blocks))]
		out = append(out, joinColumns(row, colW, width)...)
		out = append(out, "")
	}
	out = append(out, st.DialogTitle.Render("Marks"))
	for _, l := range helpLegend {
		out = append(out, st.Label.Render(l[0])+"  "+st.Faint.Render(l[1]))
	}
	out = append(out, "", st.Faint.Render(ansi.Wrap("In the reader, type a link's or an image's number, then enter, to open it (esc cancels).", width, "")))
	return out
}

// joinColumns sets blocks side by side, each colW wide.
func joinColumns(blocks [][]string, colW, width int) []string {
	rows := 0
	for _, b := range blocks {
		rows = max(rows, len(b))
	}
	out := make([]string, rows)
	for r := range out {
		var parts []string
		for _, b := range blocks {
			cell := ""
			if r < len(b) {
				cell = b[r]
			}
			parts = append(parts, padRight(cell, colW))
		}
		out[r] = ansi.Truncate(strings.TrimRight(strings.Join(parts, "   "), " "), width, "")
	}
	return out
}
