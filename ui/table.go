package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tidings-rss/tidings/sanitize"
)

// table lays out a <table>. When its columns fit the width, cells are
// aligned in columns, a header row (all <th>) set off by a rule; when they
// do not, each row becomes a block of "header: value" lines (or its cells
// joined by " · " when there is no header), so no cell runs into another.
func (r *renderer) table(n *html.Node) {
	r.flush()
	caption, rows := r.tableRows(n)
	if caption != "" {
		r.inline.WriteString(caption)
		r.flush()
	}
	if len(rows) == 0 {
		return
	}
	r.markLine()
	header := rows[0].header
	widths := columnWidths(rows)
	total := 3 * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	prefix := strings.Join(r.prefix, "")
	if total <= r.width-ansi.StringWidth(prefix) {
		r.columns(rows, widths, prefix)
	} else {
		r.rowBlocks(rows, header)
	}
	r.blank()
}

// tableRow is one <tr>: its cells' text, and whether all are <th>.
type tableRow struct {
	cells  []string
	header bool
}

// tableRows collects a table's caption and rows (those of thead, tbody
// and tfoot too, not those of nested tables).
func (r *renderer) tableRows(n *html.Node) (string, []tableRow) {
	var caption string
	var rows []tableRow
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Caption:
				caption = r.cellText(c)
			case atom.Thead, atom.Tbody, atom.Tfoot:
				walk(c)
			case atom.Tr:
				rows = append(rows, r.tableRow(c))
			}
		}
	}
	walk(n)
	return caption, rows
}

func (r *renderer) tableRow(tr *html.Node) tableRow {
	row := tableRow{header: true}
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Td || c.DataAtom == atom.Th {
			row.cells = append(row.cells, r.cellText(c))
			row.header = row.header && c.DataAtom == atom.Th
		}
	}
	row.header = row.header && len(row.cells) > 0
	return row
}

// cellText is a cell's text on one line: links and images numbered as
// elsewhere, blocks inside it (a nested table too) run together.
func (r *renderer) cellText(n *html.Node) string {
	saved := r.inline.String()
	r.inline.Reset()
	r.inCell++
	defer func() { r.inCell-- }()
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				r.inline.WriteString(c.Data + " ")
			case c.DataAtom == atom.A:
				r.link(c)
			case c.DataAtom == atom.Img:
				r.image(c)
			case c.DataAtom == atom.Script || c.DataAtom == atom.Style:
			default:
				walk(c)
				r.inline.WriteString(" ")
			}
		}
	}
	walk(n)
	text := strings.Join(strings.Fields(sanitize.Terminal(r.inline.String())), " ")
	r.inline.Reset()
	r.inline.WriteString(saved)
	return text
}

// columnWidths is the widest cell of each column.
func columnWidths(rows []tableRow) []int {
	var widths []int
	for _, row := range rows {
		for i, c := range row.cells {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	return widths
}

// columns emits the rows aligned, " │ " between cells.
func (r *renderer) columns(rows []tableRow, widths []int, prefix string) {
	sep := r.st.Faint.Render(" │ ")
	for i, row := range rows {
		style := r.st.Row
		if row.header {
			style = r.st.Heading
		}
		var cells []string
		for c, w := range widths {
			text := ""
			if c < len(row.cells) {
				text = row.cells[c]
			}
			cells = append(cells, highlight(padRight(text, w), r.match, style, r.st.Match))
		}
		r.out = append(r.out, prefix+strings.TrimRight(strings.Join(cells, sep), " "))
		if row.header && i == 0 {
			var rules []string
			for _, w := range widths {
				rules = append(rules, strings.Repeat("─", w))
			}
			r.out = append(r.out, prefix+r.st.Faint.Render(strings.Join(rules, "─┼─")))
		}
	}
}

// rowBlocks emits each row as a block: "header: value" per cell under a
// header row, else the cells joined by " · ".
func (r *renderer) rowBlocks(rows []tableRow, header bool) {
	var names []string
	if header {
		names, rows = rows[0].cells, rows[1:]
	}
	for _, row := range rows {
		if !header {
			r.inline.WriteString(strings.Join(row.cells, " · "))
			r.flush()
			continue
		}
		for i, c := range row.cells {
			if i < len(names) && names[i] != "" {
				c = names[i] + ": " + c
			}
			r.inline.WriteString(c + "\n")
		}
		r.flush()
		r.blank()
	}
}
