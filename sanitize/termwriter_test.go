package sanitize

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
)

// writeSplit writes in through a new TerminalWriter in pieces cut at cuts
// (offsets into in, ascending) and returns what reached the stream.
func writeSplit(t testing.TB, in string, cuts ...int) string {
	t.Helper()
	var out bytes.Buffer
	w := NewTerminalWriter(&out)
	prev := 0
	for _, c := range append(cuts, len(in)) {
		n, err := w.Write([]byte(in[prev:c]))
		if err != nil || n != c-prev {
			t.Fatalf("Write(%q) = %d, %v; want %d, nil", in[prev:c], n, err, c-prev)
		}
		prev = c
	}
	return out.String()
}

// Plain text, tabs, line breaks and every script pass unchanged, and are
// handed to the stream without a copy or an allocation.
func TestTerminalWriterPassesPlainTextUnchanged(t *testing.T) {
	in := []byte("ID  TITLE\n1\tGopher Notes — héllo 世界 👩‍💻 {\"a\": \"<b>\"}\n")
	var got []byte
	w := NewTerminalWriter(writerFunc(func(p []byte) (int, error) { got = p; return len(p), nil }))
	if _, err := w.Write(in); err != nil {
		t.Fatal(err)
	}
	if string(got) != string(in) || &got[0] != &in[0] {
		t.Errorf("plain text reached the stream as %q (copied: %v), want it as written", got, &got[0] != &in[0])
	}
	if n := testing.AllocsPerRun(100, func() { w.Write(in) }); n != 0 {
		t.Errorf("a write with nothing to drop allocates %v times, want 0", n)
	}
}

// A control is dropped wherever the writes cut it: an escape sequence, a
// C1 control or a bidi override split between writes, a raw 0x9B byte,
// invalid UTF-8 at a boundary; a character split between writes is kept.
func TestTerminalWriterDropsControlsAcrossWrites(t *testing.T) {
	tests := []struct {
		name string
		in   string
		cuts []int
		want string
	}{
		{"OSC 0 title, ESC alone", "a\x1b]0;pwned\x07b", []int{1, 2}, "a]0;pwnedb"},
		{"screen clear cut in the middle", "a\x1b[2Jb", []int{3}, "a[2Jb"},
		{"OSC 52 cut everywhere", "\x1b]52;c;ZXZpbA==\x07x", []int{1, 2, 3, 4, 5, 6, 7}, "]52;c;ZXZpbA==x"},
		{"raw 0x9b byte", "a\x9b31mb", nil, "a31mb"},
		{"raw 0x9b byte at the end of a write", "a\x9b31mb", []int{2}, "a31mb"},
		{"C1 CSI character split", "a\u009b31mb", []int{2}, "a31mb"},
		{"right-to-left override split twice", "a\u202eb", []int{2, 3}, "ab"},
		{"BOM split", "\ufeffx", []int{1}, "x"},
		{"carriage return", "fake\rreal", []int{4}, "fakereal"},
		{"unfinished sequence then ASCII", "a\xe2\x80Ab", []int{3}, "aAb"},
		{"unfinished sequence then a new one", "\xe2\x80\xe4\xb8\x96", []int{2, 3}, "世"},
		{"four-byte character cut in each place", "x👩y", []int{2, 3, 4}, "x👩y"},
		{"unfinished sequence at the very end", "ok\xf0\x9f", nil, "ok"},
		{"empty writes between", "a\u009bb", []int{1, 1, 2, 2}, "ab"},
		{"tab and newline kept", "a\tb\nc", []int{1, 3}, "a\tb\nc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := writeSplit(t, tt.in, tt.cuts...); got != tt.want {
				t.Errorf("writes of %q cut at %v gave %q, want %q", tt.in, tt.cuts, got, tt.want)
			}
		})
	}
}

// Whatever two or three pieces the hostile inputs are cut into, the
// stream receives exactly what Terminal makes of the whole, and writing
// that again changes nothing.
func TestTerminalWriterEverySplitIsTerminal(t *testing.T) {
	for _, in := range fuzzSeeds {
		want := Terminal(in)
		for i := 0; i <= len(in); i++ {
			for j := i; j <= len(in); j++ {
				if got := writeSplit(t, in, i, j); got != want {
					t.Fatalf("%q cut at %d and %d gave %q, want %q", in, i, j, got, want)
				}
			}
		}
		if again := writeSplit(t, want); again != want {
			t.Errorf("writing %q again gave %q", want, again)
		}
	}
}

// The stream's error and short writes reach the caller.
func TestTerminalWriterReportsTheStreamsError(t *testing.T) {
	boom := errors.New("disk full")
	w := NewTerminalWriter(writerFunc(func([]byte) (int, error) { return 0, boom }))
	if _, err := w.Write([]byte("plain")); !errors.Is(err, boom) {
		t.Errorf("plain write: err %v, want %v", err, boom)
	}
	if _, err := w.Write([]byte("a\x1bb")); !errors.Is(err, boom) {
		t.Errorf("cleaned write: err %v, want %v", err, boom)
	}
	short := NewTerminalWriter(writerFunc(func(p []byte) (int, error) { return len(p) / 2, nil }))
	if _, err := short.Write([]byte("abcd")); err == nil {
		t.Error("a short write reported no error")
	}
}

// Writers on many goroutines, as a sync's feeds report, interleave whole
// writes and lose nothing (run with -race).
func TestTerminalWriterIsSafeForConcurrentUse(t *testing.T) {
	var out bytes.Buffer
	w := NewTerminalWriter(&out)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				w.Write([]byte("line \x1b[2J\u202e世界\n"))
			}
		})
	}
	wg.Wait()
	if want := strings.Repeat("line [2J世界\n", 800); out.String() != want {
		t.Errorf("concurrent writes gave %d bytes, want %d", out.Len(), len(want))
	}
}

// RawTerminal hands back the stream itself, unfiltered.
func TestRawTerminalIsTheStream(t *testing.T) {
	var out bytes.Buffer
	w := NewTerminalWriter(&out)
	RawTerminal(w).Write([]byte("\x1b[K"))
	if out.String() != "\x1b[K" {
		t.Errorf("raw path wrote %q", out.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
