package sanitize

import (
	"strings"
	"unicode/utf8"
)

// keep is a set of the C0 layout characters a caller wants to survive
// [stripControls]; every other control is removed.
type keep uint8

// The C0 layout characters a caller may keep.
const (
	keepTab keep = 1 << iota
	keepLF
	keepCR
)

// isControl reports whether r must never reach a terminal: C0 controls
// (0x00–0x1F, including ESC), DEL, C1 controls (0x80–0x9F), the bidi and
// directional format controls and U+FEFF. Invalid UTF-8 is handled by the
// callers, which see it as [utf8.RuneError] of width 1.
func isControl(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	}
	return isBidiOrBOM(r)
}

// isBidiOrBOM reports whether r is a directional mark, embedding, override
// or isolate (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) or the
// byte-order mark U+FEFF.
func isBidiOrBOM(r rune) bool {
	switch {
	case r == 0x061c, r == 0x200e, r == 0x200f, r == 0xfeff:
		return true
	case r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// dropped reports whether the rune r of width size, read from a string, is
// removed by [stripControls] when the characters in k are kept.
func dropped(r rune, size int, k keep) bool {
	if r == utf8.RuneError && size == 1 {
		return true
	}
	switch r {
	case '\t':
		return k&keepTab == 0
	case '\n':
		return k&keepLF == 0
	case '\r':
		return k&keepCR == 0
	}
	return isControl(r)
}

// stripControls returns s without invalid UTF-8 and without the controls
// of [isControl], except the layout characters in k. It returns s itself,
// without allocating, when there is nothing to remove.
func stripControls(s string, k keep) string {
	first := firstDropped(s, k)
	if first < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:first])
	for i := first; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !dropped(r, size, k) {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// firstDropped returns the byte offset of the first rune of s that
// [stripControls] removes, or -1 when there is none.
func firstDropped(s string, k keep) int {
	for i := 0; i < len(s); {
		i += printablePrefix(s[i:])
		if i == len(s) {
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if dropped(r, size, k) {
			return i
		}
		i += size
	}
	return -1
}

// Eight bytes of a word, for [printablePrefix].
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// printablePrefix returns the length of the run of printable ASCII bytes
// (0x20–0x7E) that starts s, a string or a byte slice. It reads s eight bytes at a time: a word
// holds none but printable bytes unless one has its high bit set, is
// below 0x20 or is DEL, which the classic "has a byte less than n" and
// "has a zero byte" tests find without false negatives.
func printablePrefix[S ~string | ~[]byte](s S) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		below := (w - 0x20*ones) &^ w
		del := w ^ 0x7f*ones
		if (w|below|(del-ones)&^del)&highs != 0 {
			break
		}
	}
	for ; i < len(s) && s[i] >= 0x20 && s[i] < 0x7f; i++ {
	}
	return i
}
