package enclosure

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

// endless writes chunks of size until the client leaves or n chunks went
// (a bound, so a test never hangs on a server that outlives it).
func endless(w http.ResponseWriter, r *http.Request, size, n int, every time.Duration) {
	buf := bytes.Repeat([]byte("x"), size)
	var tick <-chan time.Time
	if every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	for range n {
		if _, err := w.Write(buf); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		if tick == nil {
			continue
		}
		select {
		case <-tick:
		case <-r.Context().Done():
			return
		}
	}
}

// The reviewed attack: every Range request answered with 206, an
// open-ended Content-Range and a body without end, for an enclosure that
// declared 1,000 bytes.
func TestOpenEndedContentRangeIsRefused(t *testing.T) {
	r := newRig(t, nil)
	r.mux.HandleFunc("/open.mp3", func(w http.ResponseWriter, req *http.Request) {
		first, _ := requested(req)
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/*", first, int64(1)<<50))
		w.WriteHeader(http.StatusPartialContent)
		endless(w, req, 32<<10, 1<<20, 0)
	})
	res, j := r.download(r.item("/open.mp3", 1000))
	if !errors.Is(res.Err, ErrBadRange) || j.Status != store.EnclosureFailed {
		t.Fatalf("result %+v, job %+v; want failed on the Content-Range", res, j)
	}
	oneLine(t, res.Err, "asked for bytes 0-65535, the server sent 0-1125899906842624")
	r.mustBeWithin(0, j) // nothing of it was written
}

// The same server, answering what was asked but with an unknown total
// ("*") and full chunks for ever: the declared length with its slack ends
// it.
func TestEndlessChunksOfUnknownTotalStopAtTheDeclaredLength(t *testing.T) {
	r := newRig(t, nil)
	r.mux.HandleFunc("/star.mp3", func(w http.ResponseWriter, req *http.Request) {
		first, last := requested(req)
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/*", first, last))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(bytes.Repeat([]byte("y"), int(last-first+1)))
	})
	limit := r.cfg.ByteLimit(1000)
	res, j := r.download(r.item("/star.mp3", 1000))
	if !errors.Is(res.Err, ErrTooLarge) || j.Status != store.EnclosureFailed || j.PartPath != "" || j.Path != "" {
		t.Fatalf("result %+v, job %+v; want failed as too large, no file kept", res, j)
	}
	oneLine(t, res.Err, "declared length of 1000 bytes")
	r.mustBeWithin(limit, j)
	if files := r.files(); len(files) != 0 {
		t.Errorf("files left: %v", files)
	}
}

// Without a declared length, max_bytes is the bound.
func TestUndeclaredLengthStopsAtMaxBytes(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxBytes = 300 << 10 })
	r.mux.HandleFunc("/big.mp3", func(w http.ResponseWriter, req *http.Request) {
		first, last := requested(req)
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", first, last, int64(1)<<40))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(bytes.Repeat([]byte("y"), int(last-first+1)))
	})
	res, j := r.download(r.item("/big.mp3", 0))
	if !errors.Is(res.Err, ErrTooLarge) || j.Status != store.EnclosureFailed {
		t.Fatalf("result %+v, job %+v; want failed as too large", res, j)
	}
	oneLine(t, res.Err, "enclosures.max_bytes")
	r.mustBeWithin(0, j) // the total said so before any byte was written
}

func TestContentRangeStartingElsewhereIsRefused(t *testing.T) {
	r := newRig(t, nil)
	body := bytes.Repeat([]byte("z"), 200<<10)
	r.mux.HandleFunc("/shift.mp3", func(w http.ResponseWriter, req *http.Request) {
		_, last := requested(req)
		n := last + 1 // always from the start, whatever was asked
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes 0-%d/%d", n-1, len(body)))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(body[:n])
	})
	res, j := r.download(r.item("/shift.mp3", int64(len(body))))
	if !errors.Is(res.Err, ErrBadRange) || j.Status != store.EnclosureFailed {
		t.Fatalf("result %+v, job %+v; want failed on the Content-Range", res, j)
	}
	oneLine(t, res.Err, "asked for bytes from 65536, the server sent from 0")
	if j.BytesDone != 64<<10 || j.PartPath == "" {
		t.Errorf("job %+v, want the first chunk kept to resume", j)
	}
	r.mustBeWithin(64<<10, j)
}

func TestTotalChangingBetweenChunksIsRefused(t *testing.T) {
	r := newRig(t, nil)
	calls := 0
	r.mux.HandleFunc("/grow.mp3", func(w http.ResponseWriter, req *http.Request) {
		first, last := requested(req)
		calls++
		total := 200_000 + calls*100_000
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", first, last, total))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(bytes.Repeat([]byte("g"), int(last-first+1)))
	})
	res, j := r.download(r.item("/grow.mp3", 0))
	if !errors.Is(res.Err, ErrBadRange) || j.Status != store.EnclosureFailed {
		t.Fatalf("result %+v, job %+v; want failed on the changed total", res, j)
	}
	oneLine(t, res.Err, "size changed from 300000 to 400000 bytes")
	if calls != 2 {
		t.Errorf("%d requests, want the second to end it", calls)
	}
	r.mustBeWithin(64<<10, j)
}

// A body longer than its Content-Range: with a Content-Length that says
// so it is refused; sent chunked, only the range is read and the rest is
// never written.
func TestBodyLongerThanTheContentRangeIsNotWritten(t *testing.T) {
	r := newRig(t, nil)
	body := bytes.Repeat([]byte("b"), 1000)
	r.mux.HandleFunc("/length.mp3", func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("Content-Range", fmt.Sprintf("bytes 0-%d/%d", len(body)-1, len(body)))
		w.Header().Set("Content-Length", strconv.Itoa(len(body)+5000))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(body)
		w.Write(bytes.Repeat([]byte("!"), 5000))
	})
	r.mux.HandleFunc("/chunked.mp3", func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("Content-Range", fmt.Sprintf("bytes 0-%d/%d", len(body)-1, len(body)))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(body)
		w.(http.Flusher).Flush()
		endless(w, req, 32<<10, 1<<15, 0)
	})
	res, j := r.download(r.item("/length.mp3", 1000))
	if !errors.Is(res.Err, ErrBadRange) || j.Status != store.EnclosureFailed {
		t.Fatalf("result %+v, job %+v; want failed on the Content-Length", res, j)
	}
	oneLine(t, res.Err, "a body of 6000 bytes for the 1000 bytes of its Content-Range")
	r.mustBeWithin(0, j)

	res, j = r.download(r.item("/chunked.mp3", 1000))
	if res.Err != nil || j.Status != store.EnclosureDownloaded || j.BytesDone != 1000 {
		t.Fatalf("result %+v, job %+v; want the 1000 bytes of the range", res, j)
	}
	r.mustBeWithin(1000, j)
}

// A server that ignores Range and sends for ever: the fallback cap, or the
// declared length when it is smaller, ends it, and nothing is kept.
func TestEndless200WithoutRangeStopsAtItsCap(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) { c.FallbackCapBytes = 3 << 20 })
	r.mux.HandleFunc("/plain.mp3", func(w http.ResponseWriter, req *http.Request) {
		endless(w, req, 32<<10, 1<<15, 0)
	})
	for _, c := range []struct {
		length int64
		want   error
		line   string
	}{
		{0, ErrFallbackCap, "fallback_cap_bytes"},
		{1000, ErrTooLarge, "declared length of 1000 bytes"},
	} {
		res, j := r.download(r.item("/plain.mp3", c.length))
		if !errors.Is(res.Err, c.want) || j.Status != store.EnclosureFailed || j.Path != "" || j.PartPath != "" {
			t.Fatalf("declared %d: result %+v, job %+v; want failed on %v", c.length, res, j, c.want)
		}
		oneLine(t, res.Err, c.line)
		if files := r.files(); len(files) != 0 {
			t.Errorf("declared %d: files left: %v", c.length, files)
		}
	}
}

// A byte now and then keeps the connection alive but is no progress: the
// stall timeout ends the transfer, and the queue moves on to the next
// enclosure.
func TestDripIsAStallAndTheQueueMovesOn(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) { c.StallTimeout = 300 * time.Millisecond })
	r.mux.HandleFunc("/drip.mp3", func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", "bytes 0-65535/100000")
		w.WriteHeader(http.StatusPartialContent)
		endless(w, req, 1, 65536, 20*time.Millisecond)
	})
	good := bytes.Repeat([]byte("ok"), 5000)
	r.mux.HandleFunc("/good.mp3", func(w http.ResponseWriter, req *http.Request) {
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(good))
	})
	drip, next := r.item("/drip.mp3", 100000), r.item("/good.mp3", int64(len(good)))
	ctx, cancel := contextWithCleanup(t)
	stopped := r.d.Start(ctx)
	t.Cleanup(func() { cancel(); <-stopped })
	r.d.Enqueue(ctx, []store.EnclosureJob{drip, next}, store.EnclosureNone)
	if err := r.d.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	j := r.job(drip.ID)
	if j.Status != store.EnclosureFailed || !bytes.Contains([]byte(j.Error), []byte("stalled: less than 16 KiB received in 300ms (enclosures.stall_timeout)")) {
		t.Fatalf("drip: %+v, want failed as stalled", j)
	}
	r.mustBeWithin(100000, j)
	if n := r.job(next.ID); n.Status != store.EnclosureDownloaded || n.BytesDone != int64(len(good)) {
		t.Fatalf("the next enclosure: %+v, want downloaded", n)
	}
}

// Steady progress that never ends (fast enough for the stall timeout, too
// slow ever to finish) is ended by max_duration; what arrived is kept to
// resume, and recorded as it is on disk.
func TestSlowProgressEndsAtTheTotalTimeBound(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) {
		c.StallTimeout = time.Second
		c.MaxDuration = 600 * time.Millisecond
	})
	r.mux.HandleFunc("/slow.mp3", func(w http.ResponseWriter, req *http.Request) {
		first, last := requested(req)
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", first, last, 1<<30))
		w.WriteHeader(http.StatusPartialContent)
		endless(w, req, 16<<10, int(last-first+1)/(16<<10), 25*time.Millisecond)
	})
	start := time.Now()
	res, j := r.download(r.item("/slow.mp3", 0))
	if !errors.Is(res.Err, ErrTransferTime) || j.Status != store.EnclosureFailed {
		t.Fatalf("result %+v, job %+v; want failed on max_duration", res, j)
	}
	oneLine(t, res.Err, "still running after 600ms (enclosures.max_duration)")
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the transfer took %s", took)
	}
	if j.PartPath == "" || j.BytesDone == 0 || j.Validator != `"e"` {
		t.Errorf("job %+v, want its partial file kept to resume", j)
	}
	r.mustBeWithin(1<<30, j)
}

// A server that answers each request with a few bytes of a known file
// would take a request per byte: a piece under 16 KiB, when more was
// asked and the file goes on, ends the transfer.
func TestTinyPiecesAreRefused(t *testing.T) {
	r := newRig(t, nil)
	calls := 0
	r.mux.HandleFunc("/tiny.mp3", func(w http.ResponseWriter, req *http.Request) {
		first, _ := requested(req)
		calls++
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", first, first, 1<<20))
		w.WriteHeader(http.StatusPartialContent)
		w.Write([]byte("t"))
	})
	res, j := r.download(r.item("/tiny.mp3", 1<<20))
	if !errors.Is(res.Err, ErrBadRange) || calls != 1 {
		t.Fatalf("result %+v after %d requests, want failed on the first", res, calls)
	}
	oneLine(t, res.Err, "1 bytes of the 65536 asked for")
	r.mustBeWithin(1, j)
}

// A file within its declared length and slack arrives whole: the bound
// does not get in the way of the usual inaccuracy.
func TestAFileSomewhatLargerThanDeclaredArrives(t *testing.T) {
	r := newRig(t, nil)
	body := bytes.Repeat([]byte("a"), 300<<10)
	r.mux.HandleFunc("/ads.mp3", func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("ETag", `"e"`)
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(body))
	})
	res, j := r.download(r.item("/ads.mp3", 200<<10)) // ads made it half as large again
	if res.Err != nil || j.Status != store.EnclosureDownloaded || j.BytesDone != int64(len(body)) {
		t.Fatalf("result %+v, job %+v", res, j)
	}
}
