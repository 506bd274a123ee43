package cli

import (
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// table writes aligned columns, padded by display width: a title with
// wide characters (CJK, emoji) takes two cells for each, which
// text/tabwriter (one cell per rune) does not count.
type table struct {
	w    io.Writer
	rows [][]string
}

func newTable(w io.Writer, header ...string) *table {
	return &table{w: w, rows: [][]string{header}}
}

// row adds a row of cells.
func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

// flush writes the rows, two spaces between columns, none after the last.
func (t *table) flush() error {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}
