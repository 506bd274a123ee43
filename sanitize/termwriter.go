package sanitize

import (
	"io"
	"sync"
	"unicode/utf8"
)

// TerminalWriter is the door out to a terminal: whatever is written to it
// reaches the stream under it as [Terminal] would leave it, so no value,
// whatever its origin, can drive the terminal. The bytes of one character
// or of one escape sequence may arrive in separate writes: what passes is
// exactly Terminal of all the bytes written so far, whatever the split
// points, but for an unfinished UTF-8 sequence at the end, which waits
// for its next bytes (and is dropped, being invalid, if none come).
//
// Writes of text with nothing to drop go to the stream as they are,
// without copying; the others are cleaned into a buffer the writer
// reuses. A TerminalWriter is safe for concurrent use, as an *os.File is.
type TerminalWriter struct {
	mu  sync.Mutex
	raw io.Writer
	// pending is an unfinished UTF-8 sequence the last write ended with.
	pending [utf8.UTFMax - 1]byte
	npend   int
	buf     []byte
}

// NewTerminalWriter returns a TerminalWriter over w.
func NewTerminalWriter(w io.Writer) *TerminalWriter {
	return &TerminalWriter{raw: w}
}

// RawTerminal is the one way past w's filter: it returns the stream under
// w. It is for the places that must send control sequences of their own
// (a terminal UI's renderer, a clipboard write, a progress line), which
// build them from no value they have not cleaned or encoded first.
func RawTerminal(w *TerminalWriter) io.Writer { return w.raw }

// Write writes what [Terminal] keeps of p (with what earlier writes left
// pending) to the stream under w. It reports len(p) when that write
// succeeded: the bytes dropped were handled, not lost.
func (w *TerminalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	out := w.buf[:0]
	if w.npend > 0 {
		out, p = w.finishPending(out, p)
	}
	if len(out) == 0 && len(p) == 0 {
		return n, nil
	}
	if len(out) == 0 {
		i := firstDroppedBytes(p)
		if i < 0 {
			return n, writeAll(w.raw, p) // the common case: nothing to drop
		}
		out = append(out, p[:i]...)
		p = p[i:]
	}
	out = w.clean(out, p)
	w.buf = out[:0]
	if len(w.buf) > maxKeptBuffer {
		w.buf = nil // a rare huge write does not pin its buffer
	}
	if len(out) == 0 {
		return n, nil
	}
	return n, writeAll(w.raw, out)
}

// maxKeptBuffer bounds the cleaning buffer a TerminalWriter keeps between
// writes.
const maxKeptBuffer = 64 << 10

// clean appends to out what Terminal keeps of p, and keeps an unfinished
// UTF-8 sequence at p's end pending.
func (w *TerminalWriter) clean(out, p []byte) []byte {
	for len(p) > 0 {
		i := firstDroppedBytes(p)
		if i < 0 {
			return append(out, p...)
		}
		out = append(out, p[:i]...)
		p = p[i:]
		if !utf8.FullRune(p) {
			w.npend = copy(w.pending[:], p)
			return out
		}
		_, size := utf8.DecodeRune(p)
		p = p[size:]
	}
	return out
}

// finishPending reads, after the unfinished sequence pending from the last
// write, as many bytes of p as decide it: the character they complete is
// appended to out unless Terminal drops it; a pending byte that starts no
// character is dropped. It returns out and the rest of p.
func (w *TerminalWriter) finishPending(out, p []byte) ([]byte, []byte) {
	for w.npend > 0 {
		var seq [utf8.UTFMax]byte
		k := copy(seq[:], w.pending[:w.npend])
		taken := copy(seq[k:], p)
		s := seq[:k+taken]
		if !utf8.FullRune(s) {
			w.npend = copy(w.pending[:], s) // still unfinished: p was too short
			return out, p[taken:]
		}
		r, size := utf8.DecodeRune(s)
		if size <= w.npend { // an invalid byte: drop it, decide the rest
			w.npend = copy(w.pending[:], w.pending[size:w.npend])
			continue
		}
		if !dropped(r, size, keepTab|keepLF) {
			out = append(out, s[:size]...)
		}
		p = p[size-w.npend:]
		w.npend = 0
	}
	return out, p
}

// writeAll writes p to w, reporting a short write as an error.
func writeAll(w io.Writer, p []byte) error {
	n, err := w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	return err
}

// firstDroppedBytes returns the offset of the first byte of p where a
// character Terminal drops starts, or an unfinished UTF-8 sequence; -1
// when there is none.
func firstDroppedBytes(p []byte) int {
	for i := 0; i < len(p); {
		i += printablePrefix(p[i:])
		if i == len(p) {
			break
		}
		if c := p[i]; c == '\n' || c == '\t' {
			i++
			continue
		}
		if !utf8.FullRune(p[i:]) {
			return i
		}
		r, size := utf8.DecodeRune(p[i:])
		if dropped(r, size, keepTab|keepLF) {
			return i
		}
		i += size
	}
	return -1
}
