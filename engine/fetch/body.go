package fetch

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Chunk sizes of readCapped: the first chunk is small (most feeds are),
// later ones double up to maxChunk.
const (
	minChunk = 32 << 10
	maxChunk = 256 << 10
)

// readCapped reads r to its end and returns its bytes in one slice of
// their size, or ErrTooLarge as soon as more than limit bytes came: what a
// body past the cap makes us hold is the cap, never more. hint, when
// positive, is the size the server announced; the body is then read in
// one piece. Unlike a growing buffer, it never holds two copies of a
// large body but at the final join.
func readCapped(r io.Reader, limit, hint int64) ([]byte, error) {
	var chunks [][]byte
	var total int64
	size := int64(minChunk)
	if hint > 0 {
		size = min(hint, limit) + 1 // one byte more tells a longer body
	}
	for {
		buf := make([]byte, min(size, limit+1-total))
		n, err := io.ReadFull(r, buf)
		total += int64(n)
		if total > limit {
			return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
		}
		chunks = append(chunks, buf[:n])
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return join(chunks, total), nil
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, maxChunk)
	}
}

// join returns the chunks as one slice (the only chunk itself when there is
// one).
func join(chunks [][]byte, total int64) []byte {
	if len(chunks) == 1 {
		return chunks[0]
	}
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out
}

// declaredSize is the body size a response announces when it is the
// decompressed size too (no Content-Encoding), else 0.
func declaredSize(resp *http.Response) int64 {
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	if enc != "" && enc != "identity" {
		return 0
	}
	return max(resp.ContentLength, 0)
}
