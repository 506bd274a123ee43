package fetch

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
)

// Chunk sizes of readCapped: the first chunk is small (most feeds are),
// later ones double up to maxChunk; chunkClasses is how many sizes that
// makes (32, 64, 128 and 256 KiB).
const (
	minChunk     = 32 << 10
	maxChunk     = 256 << 10
	chunkClasses = 4
)

// bodyPool lends the buffers a feed body is read through: the chunks
// readCapped fills and the gzip readers that undo a compressed body (each
// holds a 32 KiB window and its tables). A round of downloads reuses a
// few of each instead of allocating them for every feed. The zero value
// is ready to use.
type bodyPool struct {
	chunks [chunkClasses]sync.Pool // *[]byte of minChunk << class bytes
	gzip   sync.Pool               // *gzip.Reader
}

// readCapped reads r to its end and returns its bytes in one slice of
// their size, or ErrTooLarge as soon as more than limit bytes came: what a
// body past the cap makes us hold is the cap, never more. hint, when
// positive, is the size the server announced; the body is then read in
// one piece. Otherwise it is read into chunks lent by the pool and copied
// once into the slice returned: it holds two copies of a body only at
// that copy, and allocates only the body's own bytes.
func (p *bodyPool) readCapped(r io.Reader, limit, hint int64) ([]byte, error) {
	if hint > 0 {
		return p.readAnnounced(r, limit, hint)
	}
	var chunks []*[]byte
	defer func() {
		for _, c := range chunks {
			p.putChunk(c)
		}
	}()
	var total int64
	size := int64(minChunk)
	for {
		c := p.chunk(min(size, limit+1-total))
		chunks = append(chunks, c)
		n, err := fill(r, *c)
		total += int64(n)
		if total > limit {
			return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
		}
		*c = (*c)[:n]
		if err == io.EOF {
			return join(chunks, total), nil
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, maxChunk)
	}
}

// fill reads r into buf until buf is full (nil) or r ends (io.EOF, with
// what came before it). Unlike io.ReadFull it passes on every other error
// as it is, io.ErrUnexpectedEOF included: that is how a gzip stream cut
// short, or a body shorter than its Content-Length, reports itself, and
// such a body is not a whole one.
func fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// readAnnounced reads a body whose size the server announced in one slice
// of that size and one byte more, which tells a longer body.
func (p *bodyPool) readAnnounced(r io.Reader, limit, hint int64) ([]byte, error) {
	buf := make([]byte, min(hint, limit)+1)
	n, err := fill(r, buf)
	if int64(n) > limit {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	if err == io.EOF {
		return buf[:n], nil
	}
	if err != nil {
		return nil, err
	}
	// The body is longer than announced: read the rest in chunks.
	rest, err := p.readCapped(r, limit-int64(n), 0)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
		}
		return nil, err
	}
	return append(buf, rest...), nil
}

// chunk lends a buffer of size bytes: a pooled one when size is one of
// the chunk sizes, else a new one (the last chunk before the cap).
func (p *bodyPool) chunk(size int64) *[]byte {
	if k, ok := chunkClass(size); ok {
		if c, _ := p.chunks[k].Get().(*[]byte); c != nil {
			*c = (*c)[:size]
			return c
		}
	}
	c := make([]byte, size)
	return &c
}

// putChunk gives a chunk back to the pool when it is of a chunk size.
func (p *bodyPool) putChunk(c *[]byte) {
	if k, ok := chunkClass(int64(cap(*c))); ok {
		p.chunks[k].Put(c)
	}
}

// chunkClass is the pool a buffer of size bytes belongs to.
func chunkClass(size int64) (int, bool) {
	for k := range chunkClasses {
		if size == minChunk<<k {
			return k, true
		}
	}
	return 0, false
}

// join copies the chunks into one slice of their total size.
func join(chunks []*[]byte, total int64) []byte {
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, *c...)
	}
	return out
}

// gunzip returns a reader undoing gzip on r, a pooled one when there is
// one; release gives it back once the body is read.
func (p *bodyPool) gunzip(r io.Reader) (zr *gzip.Reader, release func(), err error) {
	if pooled, _ := p.gzip.Get().(*gzip.Reader); pooled != nil {
		if err := pooled.Reset(r); err != nil {
			return nil, nil, err
		}
		zr = pooled
	} else if zr, err = gzip.NewReader(r); err != nil {
		return nil, nil, err
	}
	return zr, func() { p.gzip.Put(zr) }, nil
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
