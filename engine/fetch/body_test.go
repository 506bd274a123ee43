package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
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
			got, err := new(bodyPool).readCapped(strings.NewReader(src), limit, tt.hint)
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
	_, err := new(bodyPool).readCapped(src, limit, 0)
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
	if _, err := new(bodyPool).readCapped(r, 1<<20, 0); !errors.Is(err, boom) {
		t.Fatalf("err %v, want %v", err, boom)
	}
}

type iotestErr struct{ err error }

func (e iotestErr) Read([]byte) (int, error) { return 0, e.err }

// TestReadCappedReusedChunksLeaveEarlierBodiesIntact reads bodies of every
// shape through one pool, one after another: each comes back whole and
// unchanged by the reads after it, although they reuse the same chunks.
func TestReadCappedReusedChunksLeaveEarlierBodiesIntact(t *testing.T) {
	p := new(bodyPool)
	sizes := []int{0, 1000, minChunk, minChunk + 1, 3*maxChunk + 17, 70 << 10}
	type read struct{ src, got string }
	var reads []read
	for round := range 3 {
		for i, n := range sizes {
			src := strings.Repeat(string(rune('a'+(round*len(sizes)+i)%26)), n)
			got, err := p.readCapped(strings.NewReader(src), 8<<20, 0)
			if err != nil {
				t.Fatalf("round %d, %d bytes: %v", round, n, err)
			}
			reads = append(reads, read{src: src, got: string(got)})
			if cap(got) != n {
				t.Fatalf("round %d: capacity %d for %d bytes, want the body's size", round, cap(got), n)
			}
		}
	}
	for i, r := range reads {
		if r.got != r.src {
			t.Fatalf("read %d (%d bytes) changed after later reads", i, len(r.src))
		}
	}
}

// TestReadBodyGzipReadersAreReused reads gzip bodies one after another
// through one client, a corrupt one among them: every good body comes back
// whole, the corrupt one fails alone.
func TestReadBodyGzipReadersAreReused(t *testing.T) {
	c := New(Options{MaxBody: 1 << 20})
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	tests := []struct {
		name string
		wire []byte
		want string
		bad  bool
	}{
		{name: "first", wire: gz(strings.Repeat("first ", 20000)), want: strings.Repeat("first ", 20000)},
		{name: "second", wire: gz("<rss/>"), want: "<rss/>"},
		{name: "not gzip", wire: []byte("plain text"), bad: true},
		{name: "bad header", wire: append([]byte{0x1f, 0x8b, 99}, gz("x")[3:]...), bad: true},
		{name: "after the failures", wire: gz(strings.Repeat("third ", 3000)), want: strings.Repeat("third ", 3000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := &http.Response{Header: http.Header{"Content-Encoding": {"gzip"}},
				Body: io.NopCloser(bytes.NewReader(tt.wire)), ContentLength: int64(len(tt.wire))}
			got, wire, err := c.readBody(resp)
			if tt.bad {
				if err == nil {
					t.Fatalf("read %d bytes, want an error", len(got))
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("got %d bytes, %v; want the %d bytes", len(got), err, len(tt.want))
			}
			if wire != int64(len(tt.wire)) {
				t.Fatalf("counted %d bytes on the wire, want %d", wire, len(tt.wire))
			}
		})
	}
}

// BenchmarkReadBody reads a gzip feed body of 70 KB (a 20-item feed of
// 2-4 KB items) as Get does; B/op is what one body costs the heap.
func BenchmarkReadBody(b *testing.B) {
	src := bytes.Repeat([]byte("<item><title>x</title><description>&lt;p&gt;words words</description></item>\n"), 900)
	var wire bytes.Buffer
	w := gzip.NewWriter(&wire)
	w.Write(src)
	w.Close()
	c := New(Options{MaxBody: 20 << 20})
	b.ReportAllocs()
	for b.Loop() {
		resp := &http.Response{Header: http.Header{"Content-Encoding": {"gzip"}},
			Body: io.NopCloser(bytes.NewReader(wire.Bytes())), ContentLength: int64(wire.Len())}
		if _, _, err := c.readBody(resp); err != nil {
			b.Fatal(err)
		}
	}
}

// A body that ends before it should — a gzip stream cut short, fewer bytes
// than its Content-Length — is an error, not a shorter feed: taken as whole,
// a list feed cut short would lose the items past the cut.
func TestABodyCutShortIsNotAWholeBody(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write([]byte(strings.Repeat("<item><title>x</title></item>", 4000))); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"gzip stream cut short", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz.Bytes()[:gz.Len()/2])
		}},
		{"fewer bytes than its Content-Length", func(w http.ResponseWriter, _ *http.Request) {
			conn, buf, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: 1000\r\n\r\n%s", strings.Repeat("a", 500))
			buf.Flush()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handler)
			t.Cleanup(srv.Close)
			resp, err := testClient(nil, 5*time.Second).Get(context.Background(), srv.URL, Validators{})
			if err == nil {
				t.Fatalf("Get = %d bytes and no error, want an error", len(resp.Body))
			}
		})
	}
	// A whole body still reads whole, compressed or not.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gz.Bytes())
	}))
	t.Cleanup(srv.Close)
	resp, err := testClient(nil, 5*time.Second).Get(context.Background(), srv.URL, Validators{})
	if err != nil || len(resp.Body) != 4000*len("<item><title>x</title></item>") {
		t.Fatalf("whole gzip body: %v, %d bytes", err, len(resp.Body))
	}
}
