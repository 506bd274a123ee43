package sanitize

import "testing"

// TestTerminal checks that nothing printed can drive the terminal.
func TestTerminal(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"plain", "Hello, world", "Hello, world"},
		{"tab and newline kept", "a\tb\nc", "a\tb\nc"},
		{"carriage return removed", "fake\rreal", "fakereal"},
		{"OSC 52 clipboard write", "\x1b]52;c;ZXZpbA==\x07title", "]52;c;ZXZpbA==title"},
		{"window title", "\x1b]0;pwned\x1b\\", "]0;pwned\\"},
		{"clear screen", "\x1b[2J", "[2J"},
		{"C1 CSI rune", "\u009b31mred", "31mred"},
		{"C1 CSI raw byte", "\x9b31mred", "31mred"},
		{"DEL", "a\x7fb", "ab"},
		{"bidi override", "user\u202egnp.exe", "usergnp.exe"},
		{"bidi isolates", "\u2066a\u2069\u2067b\u2068c", "abc"},
		{"BOM", "\ufeffx", "x"},
		{"unicode kept", "héllo 世界 👩‍💻", "héllo 世界 👩‍💻"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Terminal(tt.in); got != tt.want {
				t.Errorf("Terminal(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestTerminalCleanDoesNotAllocate checks the fast path the UI relies on
// when it filters every line it draws.
func TestTerminalCleanDoesNotAllocate(t *testing.T) {
	s := "An ordinary title — with ünïcode\tand a newline\n"
	if n := testing.AllocsPerRun(100, func() { _ = Terminal(s) }); n != 0 {
		t.Errorf("Terminal allocates %v times on a clean string, want 0", n)
	}
}

func TestNamed(t *testing.T) {
	for in, want := range map[string]string{
		"Tech":           "Tech",
		"Tech/Go":        "Tech/Go",
		"Tech News":      `"Tech News"`,
		"":               `""`,
		`title ~ "rust"`: `"title ~ "rust""`,
		"café":           "café",
		"a\x1b[2J":       `"a\x1b[2J"`,
		"two\nlines":     `"two\nlines"`,
		"tab\there":      `"tab\there"`,
	} {
		if got := Named(in); got != want {
			t.Errorf("Named(%q) = %s, want %s", in, got, want)
		}
	}
}
