package newsboat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// The bounds of a newsboat text file (urls, config): real ones are a few
// kilobytes, with lines far shorter than a kilobyte.
const (
	// MaxFileBytes is the largest urls or config file read.
	MaxFileBytes = 16 << 20
	// MaxLineBytes is the longest line read.
	MaxLineBytes = 64 << 10
)

// lines reads a text file line by line within MaxFileBytes and
// MaxLineBytes, and refuses a line holding a NUL byte (a binary file).
type lines struct {
	sc  *bufio.Scanner
	src *countingReader
	n   int
	err error
}

// newLines returns the lines of r.
func newLines(r io.Reader) *lines {
	src := &countingReader{r: io.LimitReader(r, MaxFileBytes+1)}
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 0, 4096), MaxLineBytes)
	return &lines{sc: sc, src: src}
}

// next moves to the next line; false at the end or on an error (Err).
func (l *lines) next() bool {
	if l.err != nil || !l.sc.Scan() {
		return false
	}
	if l.src.n > MaxFileBytes {
		l.err = fmt.Errorf("larger than %d MB", MaxFileBytes>>20)
		return false
	}
	l.n++
	if bytes.IndexByte(l.sc.Bytes(), 0) >= 0 {
		l.err = fmt.Errorf("line %d: a NUL byte: not a text file", l.n)
		return false
	}
	return true
}

// line returns the current line's text and number (from 1).
func (l *lines) line() (string, int) {
	return l.sc.Text(), l.n
}

// Err returns what ended the lines early, nil at a clean end.
func (l *lines) Err() error {
	switch err := l.sc.Err(); {
	case l.err != nil:
		return l.err
	case l.src.n > MaxFileBytes:
		return fmt.Errorf("larger than %d MB", MaxFileBytes>>20)
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Errorf("line %d: longer than %d KB", l.n+1, MaxLineBytes>>10)
	default:
		return err
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
