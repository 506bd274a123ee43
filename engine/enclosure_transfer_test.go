package engine

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/store"
)

func TestRangeCapableServerGetsRangeRequestsAndTheFileArrivesIntact(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	body := content(3<<20+123, 10)
	h.srv.handle("/show/ep1.mp3", serveRanges(body, `"abc"`))
	f := h.podcast("/feed", true, "/show/ep1.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/show/ep1.mp3")
	if e.Status != store.EnclosureDownloaded || e.Error != "" || e.BytesDone != int64(len(body)) || e.BytesTotal != int64(len(body)) {
		t.Fatalf("enclosure %+v", e)
	}
	if e.Path != filepath.Join(h.folder(f), "ep1.mp3") {
		t.Fatalf("path %s, want ep1.mp3 in the feed's folder %s", e.Path, h.folder(f))
	}
	mustEqualFile(t, e.Path, body)
	reqs := h.srv.requests("/show/ep1.mp3")
	want := []string{"bytes=0-1048575", "bytes=1048576-2097151", "bytes=2097152-3145727", "bytes=3145728-4194303"}
	if len(reqs) != len(want) {
		t.Fatalf("%d requests, want %d chunks", len(reqs), len(want))
	}
	for i, r := range reqs {
		ifRange := r.Header.Get("If-Range")
		if r.Header.Get("Range") != want[i] || (i == 0) != (ifRange == "") || (i > 0 && ifRange != `"abc"`) {
			t.Errorf("request %d: Range %q If-Range %q, want %q and the ETag after the first", i,
				r.Header.Get("Range"), ifRange, want[i])
		}
		if ua := r.Header.Get("User-Agent"); !strings.HasPrefix(ua, "tidings/test ") {
			t.Errorf("request %d: User-Agent %q", i, ua)
		}
	}
	if files := h.files(); len(files) != 1 {
		t.Fatalf("files %v, want only the enclosure (no partial or meta file)", files)
	}
}

func TestServerWithoutRangeSupportGetsOneRequestCapped(t *testing.T) {
	for _, c := range []struct {
		name   string
		size   int
		length bool // the server sends Content-Length
		ok     bool
	}{
		{"10 MiB arrives", 10 << 20, true, true},
		{"20 MiB fails on its Content-Length", 20 << 20, true, false},
		{"20 MiB fails at the cap while reading", 20 << 20, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newEncHarness(t)
			h.start()
			body := content(c.size, 11)
			h.srv.handle("/big.mp3", func(w http.ResponseWriter, _ *http.Request) {
				if c.length {
					w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				}
				for off := 0; off < len(body); off += 1 << 20 { // chunked when no length is set
					if _, err := w.Write(body[off:min(off+1<<20, len(body))]); err != nil {
						return
					}
					w.(http.Flusher).Flush()
				}
			})
			f := h.podcast("/feed", true, "/big.mp3")
			h.mustSync(f)
			h.wait()
			reqs := h.srv.requests("/big.mp3")
			if len(reqs) != 1 || reqs[0].Header.Get("Range") != "bytes=0-1048575" {
				t.Fatalf("%d requests (first Range %q), want the one Range probe, read as the fallback",
					len(reqs), reqs[0].Header.Get("Range"))
			}
			e := h.enclosure(f, "/big.mp3")
			if c.ok {
				if e.Status != store.EnclosureDownloaded {
					t.Fatalf("enclosure %+v", e)
				}
				mustEqualFile(t, e.Path, body)
				return
			}
			if e.Status != store.EnclosureFailed || !strings.Contains(e.Error, "15 MiB") || e.Path != "" || e.BytesDone != 0 {
				t.Fatalf("enclosure %+v, want failed naming the 15 MiB cap", e)
			}
			if files := h.files(); len(files) != 0 {
				t.Fatalf("files left behind: %v", files)
			}
		})
	}
}

// cutOnce answers like serveRanges, except that the first request for a
// range starting at from sends cut bytes and then drops the connection.
func cutOnce(body []byte, etag string, from, cut int) http.HandlerFunc {
	var done atomic.Bool
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Range") == "" || !strings.HasPrefix(r.Header.Get("Range"), fmt.Sprintf("bytes=%d-", from)) || done.Swap(true) {
			serveRanges(body, etag)(w, r)
			return
		}
		var last int
		fmt.Sscanf(r.Header.Get("Range"), fmt.Sprintf("bytes=%d-%%d", from), &last)
		last = min(last, len(body)-1)
		w.Header().Set("ETag", etag)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", from, last, len(body)))
		w.Header().Set("Content-Length", strconv.Itoa(last-from+1))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(body[from : from+cut])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // the connection breaks
	}
}

func TestInterruptedDownloadResumesWhereItStopped(t *testing.T) {
	h := newEncHarness(t)
	h.setChunk(64 << 10)
	h.start()
	body := content(300<<10, 12)
	h.srv.handle("/ep.mp3", cutOnce(body, `"r1"`, 65536, 10000))
	f := h.podcast("/feed", true, "/ep.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/ep.mp3")
	if e.Status != store.EnclosureFailed || e.BytesDone != 75536 || e.Path == "" || !strings.Contains(e.Error, "interrupted") {
		t.Fatalf("after the cut: %+v, want failed at 75536 bytes with its partial file", e)
	}
	if fi, err := os.Stat(e.Path + enclosure.PartSuffix); err != nil || fi.Size() != 75536 {
		t.Fatalf("partial file: %v %v", fi, err)
	}
	results, err := h.eng.DownloadItem(context.Background(), e.ItemID)
	if err != nil || len(results) != 1 || results[0].Err != nil {
		t.Fatalf("download on request: %+v %v", results, err)
	}
	mustEqualFile(t, results[0].Path, body)
	reqs := h.srv.requests("/ep.mp3")
	resumed := reqs[2]
	if resumed.Header.Get("Range") != "bytes=75536-141071" || resumed.Header.Get("If-Range") != `"r1"` {
		t.Fatalf("resumed with Range %q If-Range %q, want bytes=75536-141071 and the first ETag",
			resumed.Header.Get("Range"), resumed.Header.Get("If-Range"))
	}
	if e := h.enclosure(f, "/ep.mp3"); e.Status != store.EnclosureDownloaded || e.Error != "" {
		t.Fatalf("after the retry: %+v", e)
	}
}

func TestFileChangedOnTheServerStartsOver(t *testing.T) {
	h := newEncHarness(t)
	h.setChunk(64 << 10)
	h.start()
	old, changed := content(200<<10, 13), content(150<<10, 14)
	h.srv.handle("/ep.mp3", cutOnce(old, `"old"`, 65536, 100))
	f := h.podcast("/feed", true, "/ep.mp3")
	h.mustSync(f)
	h.wait()
	h.srv.handle("/ep.mp3", serveRanges(changed, `"new"`))
	results, err := h.eng.DownloadItem(context.Background(), h.enclosure(f, "/ep.mp3").ItemID)
	if err != nil || results[0].Err != nil {
		t.Fatalf("download: %+v %v", results, err)
	}
	mustEqualFile(t, results[0].Path, changed)
	reqs := h.srv.requests("/ep.mp3")
	if r := reqs[2]; r.Header.Get("If-Range") != `"old"` {
		t.Fatalf("the resume did not send If-Range: %v", r.Header)
	}
	if r := reqs[3]; r.Header.Get("Range") != "bytes=0-65535" || r.Header.Get("If-Range") != "" {
		t.Fatalf("after the 200 to If-Range: Range %q If-Range %q, want a fresh start",
			r.Header.Get("Range"), r.Header.Get("If-Range"))
	}
}

func TestSilentServerTimesOut(t *testing.T) {
	h := newEncHarness(t, func(c *config.Config) { c.Sync.ResponseTimeout = 100 * time.Millisecond })
	h.start()
	h.srv.handle("/slow.mp3", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 0-99/100")
		w.WriteHeader(http.StatusPartialContent)
		w.Write([]byte("a few bytes"))
		w.(http.Flusher).Flush()
		<-r.Context().Done() // then nothing, until the client gives up
	})
	f := h.podcast("/feed", true, "/slow.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/slow.mp3")
	if e.Status != store.EnclosureFailed || !strings.Contains(e.Error, "no data received for 100ms") {
		t.Fatalf("enclosure %+v, want failed on the idle timeout", e)
	}
}

func TestFileOfUnknownSizeEndsWithAShortChunk(t *testing.T) {
	h := newEncHarness(t)
	h.setChunk(1000)
	h.start()
	body := content(2500, 15)
	h.srv.handle("/live.mp3", func(w http.ResponseWriter, r *http.Request) {
		var first, last int
		fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-%d", &first, &last)
		last = min(last, len(body)-1)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/*", first, last))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(body[first : last+1])
	})
	f := h.podcast("/feed", true, "/live.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/live.mp3")
	if e.Status != store.EnclosureDownloaded {
		t.Fatalf("enclosure %+v", e)
	}
	mustEqualFile(t, e.Path, body)
}
