package cli

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// screen is as much of a terminal as the responsiveness benchmark needs
// to read a program's frames: the characters on each cell and whether
// they are drawn in reverse video (the selection of a list, in tidings
// and in newsboat as the benchmark configures it). It follows what Bubble
// Tea's renderer and ncurses write to an xterm: cursor moves, erases,
// inserted and deleted lines and characters, scroll regions, SGR.
type screen struct {
	rows, cols int
	text       [][]rune
	rev        [][]bool
	r, c       int
	// wrap is xterm's pending wrap: the last column was written.
	wrap    bool
	reverse bool
	top     int // the scroll region, rows top..bottom
	bottom  int
	saveR   int
	saveC   int
	last    rune // the last character written, for REP
	// pending holds an incomplete sequence or character until the next
	// write completes it.
	pending []byte
}

func newScreen(rows, cols int) *screen {
	s := &screen{rows: rows, cols: cols, bottom: rows - 1}
	s.text, s.rev = make([][]rune, rows), make([][]bool, rows)
	for i := range rows {
		s.text[i], s.rev[i] = make([]rune, cols), make([]bool, cols)
	}
	s.clear(0, rows)
	return s
}

// clear blanks rows from..to-1.
func (s *screen) clear(from, to int) {
	for i := from; i < to; i++ {
		s.blank(i, 0, s.cols)
	}
}

// blank blanks the cells from..to-1 of row r.
func (s *screen) blank(r, from, to int) {
	for c := max(from, 0); c < min(to, s.cols); c++ {
		s.text[r][c], s.rev[r][c] = ' ', false
	}
}

// write applies what the program wrote.
func (s *screen) write(p []byte) {
	b := append(s.pending, p...)
	s.pending = nil
	for len(b) > 0 {
		n := s.step(b)
		if n == 0 {
			s.pending = append([]byte(nil), b...)
			return
		}
		b = b[n:]
	}
}

// step applies the character or sequence at the start of b and returns
// its length, 0 when b holds only its beginning.
func (s *screen) step(b []byte) int {
	switch ch := b[0]; {
	case ch == 0x1b:
		return s.escape(b)
	case ch == '\r':
		s.c, s.wrap = 0, false
	case ch == '\n' || ch == '\v' || ch == '\f':
		s.lineFeed()
	case ch == '\b':
		s.c, s.wrap = max(s.c-1, 0), false
	case ch == '\t':
		s.c = min((s.c/8+1)*8, s.cols-1)
	case ch < 0x20 || ch == 0x7f:
	default:
		if !utf8.FullRune(b) {
			return 0
		}
		r, n := utf8.DecodeRune(b)
		s.put(r)
		return n
	}
	return 1
}

// put writes r at the cursor with the current attributes.
func (s *screen) put(r rune) {
	if s.wrap {
		s.c, s.wrap = 0, false
		s.lineFeed()
	}
	s.text[s.r][s.c], s.rev[s.r][s.c], s.last = r, s.reverse, r
	if s.c == s.cols-1 {
		s.wrap = true
	} else {
		s.c++
	}
}

func (s *screen) lineFeed() {
	s.wrap = false
	if s.r == s.bottom {
		s.scrollUp(s.top, 1)
		return
	}
	s.r = min(s.r+1, s.rows-1)
}

// scrollUp moves rows from..bottom up by n, blanking the bottom n.
func (s *screen) scrollUp(from, n int) {
	for range min(n, s.bottom-from+1) {
		t, v := s.text[from], s.rev[from]
		copy(s.text[from:s.bottom+1], s.text[from+1:s.bottom+1])
		copy(s.rev[from:s.bottom+1], s.rev[from+1:s.bottom+1])
		s.text[s.bottom], s.rev[s.bottom] = t, v
		s.blank(s.bottom, 0, s.cols)
	}
}

// scrollDown moves rows from..bottom down by n, blanking rows from on.
func (s *screen) scrollDown(from, n int) {
	for range min(n, s.bottom-from+1) {
		t, v := s.text[s.bottom], s.rev[s.bottom]
		copy(s.text[from+1:s.bottom+1], s.text[from:s.bottom])
		copy(s.rev[from+1:s.bottom+1], s.rev[from:s.bottom])
		s.text[from], s.rev[from] = t, v
		s.blank(from, 0, s.cols)
	}
}

// escape applies the escape sequence at the start of b.
func (s *screen) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '[':
		return s.csi(b)
	case ']', 'P', '_', '^': // a string, ended by BEL or ST
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return 0
	case '(', ')', '*', '+', '#', '%':
		if len(b) < 3 {
			return 0
		}
		return 3
	case '7':
		s.saveR, s.saveC = s.r, s.c
	case '8':
		s.r, s.c, s.wrap = s.saveR, s.saveC, false
	case 'D':
		s.lineFeed()
	case 'E':
		s.c = 0
		s.lineFeed()
	case 'M':
		if s.r == s.top {
			s.scrollDown(s.top, 1)
		} else {
			s.r = max(s.r-1, 0)
		}
	case 'c':
		*s = *newScreen(s.rows, s.cols)
	}
	return 2
}

// csi applies the control sequence at the start of b.
func (s *screen) csi(b []byte) int {
	i := 2
	for i < len(b) && b[i] >= 0x20 && b[i] <= 0x3f {
		i++
	}
	if i >= len(b) {
		return 0
	}
	final, params := b[i], string(b[2:i])
	if strings.IndexAny(params, " !\"#$%&'()*+,-./") >= 0 { // intermediates: nothing drawn
		return i + 1
	}
	if strings.HasPrefix(params, "?") {
		if (final == 'h' || final == 'l') && (params == "?1049" || params == "?47" || params == "?1047") {
			s.clear(0, s.rows)
		}
		return i + 1
	}
	if params != "" && strings.IndexAny(params[:1], "<=>") >= 0 {
		return i + 1
	}
	s.control(final, params)
	return i + 1
}

// csiArg is the n-th numeric parameter, def when absent or zero.
func csiArg(params []string, n, def int) int {
	if n >= len(params) {
		return def
	}
	v, err := strconv.Atoi(params[n])
	if err != nil || v == 0 {
		return def
	}
	return v
}

// control applies CSI params final.
func (s *screen) control(final byte, raw string) {
	p := strings.Split(raw, ";")
	n := csiArg(p, 0, 1)
	s.wrap = false
	switch final {
	case 'A':
		s.r = max(s.r-n, 0)
	case 'B', 'e':
		s.r = min(s.r+n, s.rows-1)
	case 'C', 'a':
		s.c = min(s.c+n, s.cols-1)
	case 'D':
		s.c = max(s.c-n, 0)
	case 'E':
		s.r, s.c = min(s.r+n, s.rows-1), 0
	case 'F':
		s.r, s.c = max(s.r-n, 0), 0
	case 'G', '`':
		s.c = min(n, s.cols) - 1
	case 'd':
		s.r = min(n, s.rows) - 1
	case 'H', 'f':
		s.r, s.c = min(csiArg(p, 0, 1), s.rows)-1, min(csiArg(p, 1, 1), s.cols)-1
	case 'K':
		switch csiArg(p, 0, 0) {
		case 0:
			s.blank(s.r, s.c, s.cols)
		case 1:
			s.blank(s.r, 0, s.c+1)
		case 2:
			s.blank(s.r, 0, s.cols)
		}
	case 'J':
		switch csiArg(p, 0, 0) {
		case 0:
			s.blank(s.r, s.c, s.cols)
			s.clear(s.r+1, s.rows)
		case 1:
			s.clear(0, s.r)
			s.blank(s.r, 0, s.c+1)
		case 2, 3:
			s.clear(0, s.rows)
		}
	case 'X':
		s.blank(s.r, s.c, s.c+n)
	case '@':
		s.shiftRight(n)
	case 'P':
		s.shiftLeft(n)
	case 'L':
		if s.r >= s.top && s.r <= s.bottom {
			s.scrollDown(s.r, n)
		}
	case 'M':
		if s.r >= s.top && s.r <= s.bottom {
			s.scrollUp(s.r, n)
		}
	case 'S':
		s.scrollUp(s.top, n)
	case 'T':
		s.scrollDown(s.top, n)
	case 'r':
		s.top, s.bottom = csiArg(p, 0, 1)-1, min(csiArg(p, 1, s.rows), s.rows)-1
		s.r, s.c = 0, 0
	case 'b':
		for range min(n, s.cols) {
			s.put(s.last)
		}
	case 's':
		s.saveR, s.saveC = s.r, s.c
	case 'u':
		s.r, s.c = s.saveR, s.saveC
	case 'm':
		s.sgr(p)
	}
}

// shiftRight inserts n blanks at the cursor.
func (s *screen) shiftRight(n int) {
	t, v := s.text[s.r], s.rev[s.r]
	n = min(n, s.cols-s.c)
	copy(t[s.c+n:], t[s.c:])
	copy(v[s.c+n:], v[s.c:])
	s.blank(s.r, s.c, s.c+n)
}

// shiftLeft deletes n characters at the cursor.
func (s *screen) shiftLeft(n int) {
	t, v := s.text[s.r], s.rev[s.r]
	n = min(n, s.cols-s.c)
	copy(t[s.c:], t[s.c+n:])
	copy(v[s.c:], v[s.c+n:])
	s.blank(s.r, s.cols-n, s.cols)
}

// sgr follows reverse video through a Select Graphic Rendition.
func (s *screen) sgr(p []string) {
	for i := 0; i < len(p); i++ {
		code, _ := strconv.Atoi(strings.SplitN(p[i], ":", 2)[0])
		switch {
		case p[i] == "" || code == 0:
			s.reverse = false
		case code == 7:
			s.reverse = true
		case code == 27:
			s.reverse = false
		case (code == 38 || code == 48 || code == 58) && !strings.Contains(p[i], ":"):
			if i+1 < len(p) && p[i+1] == "5" {
				i += 2
			} else if i+1 < len(p) && p[i+1] == "2" {
				i += 4
			}
		}
	}
}

// selection is where the screen's one selected row is: its row and the
// column its reverse video starts at. ok is false when no row, or more
// than one, is in reverse video (as in the middle of a frame that moves
// the selection).
func (s *screen) selection() (row, col int, ok bool) {
	found := 0
	for r := range s.rows {
		n, first := 0, -1
		for c, v := range s.rev[r] {
			if v {
				n++
				if first < 0 {
					first = c
				}
			}
		}
		if n >= 3 {
			found++
			row, col = r, first
		}
	}
	return row, col, found == 1
}

// contains tells whether some row shows text.
func (s *screen) contains(text string) bool {
	for r := range s.rows {
		if strings.Contains(string(s.text[r]), text) {
			return true
		}
	}
	return false
}

// String is the screen's text, one line a row, trailing blanks cut.
func (s *screen) String() string {
	var b bytes.Buffer
	for r := range s.rows {
		b.WriteString(strings.TrimRight(string(s.text[r]), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
