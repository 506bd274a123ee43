package fetch

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// countReader counts the bytes read from an endless stream of 'x'.
type countReader struct{ n int64 }

func (c *countReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	c.n += int64(len(p))
	return len(p), nil
}

func TestReadCapped(t *testing.T) {
	tests := []struct {
		name    string
		size    int64
		hint    int64
		tooBig  bool
		wantCap int64 // the returned slice's capacity at most
	}{
		{name: "empty", size: 0, wantCap: minChunk},
		{name: "small", size: 1000, wantCap: minChunk},
		{name: "many chunks, joined exactly", size: 3*maxChunk + 17, wantCap: 3*maxChunk + 17},
		{name: "announced size read in one piece", size: 5 << 20, hint: 5 << 20, wantCap: 5<<20 + 1},
		{name: "exactly the cap", size: 8 << 20, wantCap: 8 << 20},
		{name: "one byte over the cap", size: 8<<20 + 1, tooBig: true},
		{name: "announced size lies short", size: 8<<20 + 1, hint: 100, tooBig: true},
	}
	const limit = 8 << 20
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Repeat("y", int(tt.size))
			got, err := readCapped(strings.NewReader(src), limit, tt.hint)
			if tt.tooBig {
				if !errors.Is(err, ErrTooLarge) || got != nil {
					t.Fatalf("got %d bytes, %v; want ErrTooLarge", len(got), err)
				}
				return
			}
			if err != nil || string(got) != src {
				t.Fatalf("got %d bytes, %v; want the %d bytes", len(got), err, tt.size)
			}
			if int64(cap(got)) > tt.wantCap {
				t.Fatalf("capacity %d, want at most %d", cap(got), tt.wantCap)
			}
		})
	}
}

// TestReadCappedStopsAtTheCap reads an endless body: it stops one byte past
// the cap, never reading (or holding) more.
func TestReadCappedStopsAtTheCap(t *testing.T) {
	const limit = 4 << 20
	src := &countReader{}
	_, err := readCapped(src, limit, 0)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err %v, want ErrTooLarge", err)
	}
	if src.n != limit+1 {
		t.Fatalf("read %d bytes of an endless body, want %d", src.n, limit+1)
	}
}

func TestReadCappedPassesReadErrors(t *testing.T) {
	boom := errors.New("connection reset")
	r := io.MultiReader(bytes.NewReader(make([]byte, 100)), iotestErr{boom})
	if _, err := readCapped(r, 1<<20, 0); !errors.Is(err, boom) {
		t.Fatalf("err %v, want %v", err, boom)
	}
}

type iotestErr struct{ err error }

func (e iotestErr) Read([]byte) (int, error) { return 0, e.err }
