package sanitize

import (
	"strings"
	"testing"
)

// TestIsControl checks every range [isControl] covers and its neighbours.
func TestIsControl(t *testing.T) {
	tests := []struct {
		name string
		r    rune
		want bool
	}{
		{"NUL", 0x00, true},
		{"tab", '\t', true},
		{"ESC", 0x1b, true},
		{"unit separator", 0x1f, true},
		{"space", ' ', false},
		{"tilde", '~', false},
		{"DEL", 0x7f, true},
		{"first C1", 0x80, true},
		{"CSI", 0x9b, true},
		{"last C1", 0x9f, true},
		{"NBSP", 0xa0, false},
		{"arabic letter mark", 0x061c, true},
		{"ZWJ", 0x200d, false},
		{"LRM", 0x200e, true},
		{"RLM", 0x200f, true},
		{"line separator", 0x2028, false},
		{"LRE", 0x202a, true},
		{"RLO", 0x202e, true},
		{"narrow NBSP", 0x202f, false},
		{"LRI", 0x2066, true},
		{"PDI", 0x2069, true},
		{"inhibit symmetric swapping", 0x206a, false},
		{"BOM", 0xfeff, true},
		{"replacement character", 0xfffd, false},
		{"letter", 'é', false},
		{"emoji", '😀', false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := isControl(tt.r); got != tt.want {
				t.Errorf("isControl(%U) = %v, want %v", tt.r, got, tt.want)
			}
		})
	}
}

// TestStripControls checks which layout characters each caller keeps.
func TestStripControls(t *testing.T) {
	tests := []struct {
		name string
		in   string
		k    keep
		want string
	}{
		{"nothing to do", "plain ascii", 0, "plain ascii"},
		{"all layout removed", "a\tb\nc\rd", 0, "abcd"},
		{"tab and newline kept", "a\tb\nc\rd", keepTab | keepLF, "a\tb\ncd"},
		{"all layout kept", "a\tb\nc\rd", keepTab | keepLF | keepCR, "a\tb\nc\rd"},
		{"ESC and BEL", "\x1b]0;title\x07x", 0, "]0;titlex"},
		{"C1 rune", "a\u009bb", 0, "ab"},
		{"C1 as a raw byte", "a\x9bb", 0, "ab"},
		{"truncated sequence", "a\xe2\x80b", 0, "ab"},
		{"bidi override", "abc\u202edef", 0, "abcdef"},
		{"multibyte kept", "héllo 世界", 0, "héllo 世界"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stripControls(tt.in, tt.k); got != tt.want {
				t.Errorf("stripControls(%q, %b) = %q, want %q", tt.in, tt.k, got, tt.want)
			}
		})
	}
}

// TestPrintablePrefix checks the word-at-a-time scan against a plain one
// for every byte value at every position of the first two words and the
// tail.
func TestPrintablePrefix(t *testing.T) {
	plain := func(s string) int {
		i := 0
		for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
			i++
		}
		return i
	}
	for length := range 20 {
		for at := range length {
			for c := range 256 {
				b := []byte(strings.Repeat("~ a", 7)[:length])
				b[at] = byte(c)
				if got, want := printablePrefix(string(b)), plain(string(b)); got != want {
					t.Fatalf("printablePrefix(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}
