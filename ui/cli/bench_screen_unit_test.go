package cli

import (
	"strings"
	"testing"
)

// TestBenchScreenFollowsTheSelection checks the benchmark's terminal on
// the sequences Bubble Tea and ncurses write: the selected row is found
// where reverse video was drawn, a colour index of 7 is not reverse
// video, a frame in the middle of moving the selection shows none, and
// sequences and characters split over two reads are applied whole.
func TestBenchScreenFollowsTheSelection(t *testing.T) {
	tests := []struct {
		name     string
		writes   []string
		row, col int
		ok       bool
		text     string // a line the screen must show
	}{
		{"reverse row", []string{"\x1b[?1049h\x1b[2;5H\x1b[7mFeed 1    \x1b[0m"}, 1, 4, true, "    Feed 1"},
		{"colour 7 is no reverse", []string{"\x1b[3;1H\x1b[38;5;7;48;5;7mnot selected\x1b[m"}, 0, 0, false, "not selected"},
		{"two reverse rows mid-frame", []string{"\x1b[2;1H\x1b[7mone\x1b[m\x1b[3;1H\x1b[7mtwo\x1b[m"}, 0, 0, false, "one"},
		{"old row rewritten", []string{"\x1b[2;1H\x1b[7mone\x1b[m\x1b[3;1H\x1b[7mtwo\x1b[m", "\x1b[2;1Hone\x1b[K"}, 2, 0, true, "two"},
		{"split sequence and character", []string{"\x1b[4;", "3H\x1b[", "7mé\xc3", "\xa9x\x1b[27m"}, 3, 2, true, "  éé"},
		{"erase line clears reverse", []string{"\x1b[5;1H\x1b[7mabcdef\x1b[m\x1b[5;1H\x1b[2K"}, 0, 0, false, ""},
		{"relative moves", []string{"\x1b[1;1H\x1b[3Bxx\x1b[2A\x1b[4C\x1b[7myyy\x1b[m"}, 1, 6, true, "      yyy"},
		{"scroll region", []string{"\x1b[1;1H\x1b[7mtop\x1b[m\x1b[2;4r\x1b[4;1Hlast\n"}, 0, 0, true, "last"},
		{"insert line", []string{"\x1b[2;1H\x1b[7msel\x1b[m\x1b[2;1H\x1b[L"}, 2, 0, true, "sel"},
		{"osc and private modes", []string{"\x1b]11;?\x07\x1b[?25l\x1b[1;1H\x1b[>4;1m\x1b[7mabc"}, 0, 0, true, "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScreen(6, 20)
			for _, w := range tt.writes {
				s.write([]byte(w))
			}
			row, col, ok := s.selection()
			if ok != tt.ok || (ok && (row != tt.row || col != tt.col)) {
				t.Errorf("selection = %d, %d, %v; want %d, %d, %v\n%s", row, col, ok, tt.row, tt.col, tt.ok, s)
			}
			if !strings.Contains(s.String(), tt.text) {
				t.Errorf("screen does not show %q:\n%s", tt.text, s)
			}
		})
	}
}
