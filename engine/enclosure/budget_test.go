package enclosure

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

// serveCounted serves body at path with Range support and counts the
// requests.
func (r *rig) serveCounted(path string, body []byte) *atomic.Int64 {
	var n atomic.Int64
	r.mux.HandleFunc(path, func(w http.ResponseWriter, req *http.Request) {
		n.Add(1)
		w.Header().Set("ETag", `"f"`)
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(body))
	})
	return &n
}

// deleteFile does what the queue's D does: the record forgets the file,
// then it is deleted.
func (r *rig) deleteFile(j store.EnclosureJob) {
	r.t.Helper()
	if _, err := r.st.RemoveEnclosure(context.Background(), j.ID, store.EnclosureDownloaded); err != nil {
		r.t.Fatal(err)
	}
	if errs := RemoveFiles([]string{j.Path}); len(errs) > 0 {
		r.t.Fatal(errs)
	}
}

// mustTakeAtMost fails unless the files in the directory take at most
// budget bytes together.
func (r *rig) mustTakeAtMost(budget int64) {
	r.t.Helper()
	var total int64
	for _, size := range r.files() {
		total += size
	}
	if total > budget {
		r.t.Errorf("the enclosures take %d bytes, more than the budget of %d: %v", total, budget, r.files())
	}
}

// Two downloads reach a budget of 200 KiB: the third is refused before
// any request, with one line, failed and retryable; the two files stay.
// Deleting one frees the budget, and the retry downloads it.
func TestBudgetReachedRefusesTheNextDownloadUntilAFileIsDeleted(t *testing.T) {
	const budget = 200 << 10
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = budget })
	bodies := [][]byte{bytes.Repeat([]byte("a"), 100<<10), bytes.Repeat([]byte("b"), 100<<10), bytes.Repeat([]byte("c"), 100<<10)}
	r.serveFile("/a.mp3", bodies[0])
	r.serveFile("/b.mp3", bodies[1])
	third := r.serveCounted("/c.mp3", bodies[2])
	a := r.mustDownload(r.item("/a.mp3", 0))
	b := r.mustDownload(r.item("/b.mp3", 0))

	res, c := r.download(r.item("/c.mp3", 0))
	want := "the enclosures already take 200.0 KiB of the 200.0 KiB enclosures.max_total_bytes allows; delete some (Q, D) or raise it"
	if !errors.Is(res.Err, ErrOverBudget) || c.Status != store.EnclosureFailed || c.Error != want {
		t.Fatalf("third download: %+v, job %+v; want failed with %q", res, c, want)
	}
	oneLine(t, res.Err, want)
	if n := third.Load(); n != 0 || c.Path != "" || c.PartPath != "" {
		t.Errorf("%d requests for the refused file, record %+v; want none, no file", n, c)
	}
	mustHold(t, a.Path, bodies[0])
	mustHold(t, b.Path, bodies[1])
	r.mustTakeAtMost(budget)

	r.deleteFile(a)
	queued := r.d.Enqueue(context.Background(), []store.EnclosureJob{c}, store.EnclosureFailed)
	if len(queued.Queued) != 1 {
		t.Fatalf("the refused enclosure is not retryable: %+v", queued)
	}
	c = r.mustDownload(r.job(c.ID))
	mustHold(t, c.Path, bodies[2])
	r.mustTakeAtMost(budget)
}

// A feed that declares a length the budget has no room for is refused
// before any request, naming the length.
func TestBudgetRefusesADeclaredLengthThatDoesNotFit(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = 200 << 10 })
	r.serveFile("/a.mp3", bytes.Repeat([]byte("a"), 100<<10))
	big := r.serveCounted("/big.mp3", bytes.Repeat([]byte("b"), 150<<10))
	r.mustDownload(r.item("/a.mp3", 0))
	res, j := r.download(r.item("/big.mp3", 150<<10))
	want := "its declared 150.0 KiB would take the enclosures' 100.0 KiB past the 200.0 KiB enclosures.max_total_bytes allows; delete some (Q, D) or raise it"
	if !errors.Is(res.Err, ErrOverBudget) || j.Status != store.EnclosureFailed || j.Error != want {
		t.Fatalf("download: %+v, job %+v; want failed with %q", res, j, want)
	}
	if n := big.Load(); n != 0 {
		t.Errorf("%d requests for the refused file, want none", n)
	}
}

// A file of undeclared length that would cross the budget stops where the
// next read would: the enclosures never take more than the budget, the
// partial file is kept (the server resumes), and once a file is deleted
// the retry resumes it to the end.
func TestBudgetStopsATransferThatWouldCrossIt(t *testing.T) {
	const budget = 250 << 10
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = budget })
	body := bytes.Repeat([]byte("c"), 100<<10)
	r.serveFile("/a.mp3", bytes.Repeat([]byte("a"), 100<<10))
	r.serveFile("/b.mp3", bytes.Repeat([]byte("b"), 100<<10))
	r.serveFile("/c.mp3", body)
	a := r.mustDownload(r.item("/a.mp3", 0))
	r.mustDownload(r.item("/b.mp3", 0))

	res, c := r.download(r.item("/c.mp3", 0))
	if !errors.Is(res.Err, ErrOverBudget) || c.Status != store.EnclosureFailed {
		t.Fatalf("download: %+v, job %+v; want failed over the budget", res, c)
	}
	oneLine(t, res.Err, "the enclosures' 200.0 KiB and this file would pass the 250.0 KiB enclosures.max_total_bytes allows; delete some (Q, D) or raise it")
	if c.PartPath == "" || c.BytesDone <= 0 || c.BytesDone > 50<<10 {
		t.Errorf("record %+v; want the partial file kept, at most 50 KiB", c)
	}
	r.mustBeWithin(100<<10, c)
	r.mustTakeAtMost(budget)

	r.deleteFile(a)
	c = r.mustDownload(r.job(c.ID))
	mustHold(t, c.Path, body)
	r.mustTakeAtMost(budget)
}

// Another transfer (here, another process's, as the store records it)
// grows while this one runs: the room is taken again at each recorded
// chunk, and the transfer stops where the next read would pass the budget.
func TestBudgetSeesOtherTransfersGrowDuringATransfer(t *testing.T) {
	const budget = 300 << 10
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = budget })
	other := r.item("/other.mp3", 0)
	body := bytes.Repeat([]byte("c"), 200<<10)
	var grown atomic.Bool
	r.mux.HandleFunc("/c.mp3", func(w http.ResponseWriter, req *http.Request) {
		if !grown.Swap(true) {
			err := r.st.SetEnclosureProgress(req.Context(), other.ID, store.EnclosureProgress{
				Path: filepath.Join(r.cfg.Directory, "other.mp3"), PartPath: filepath.Join(r.cfg.Directory, "other.mp3.part"),
				BytesDone: 200 << 10})
			if err != nil {
				t.Error(err)
			}
		}
		w.Header().Set("ETag", `"f"`)
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(body))
	})
	res, c := r.download(r.item("/c.mp3", 0))
	if !errors.Is(res.Err, ErrOverBudget) || c.Status != store.EnclosureFailed {
		t.Fatalf("download: %+v, job %+v; want failed over the budget", res, c)
	}
	oneLine(t, res.Err, "the enclosures' 200.0 KiB and this file would pass the 300.0 KiB enclosures.max_total_bytes allows")
	if c.BytesDone < 64<<10 || c.BytesDone > 100<<10 {
		t.Errorf("stopped at %d bytes, want past the first chunk and at most the 100 KiB left", c.BytesDone)
	}
	total, err := r.st.EnclosureBytes(context.Background())
	if err != nil || total > budget {
		t.Errorf("the store records %d bytes (%v), more than the budget %d", total, err, budget)
	}
}

// Three transfers of undeclared length that all start with the budget
// empty, their first requests answered only once all three are in:
// together they never take the files past the budget. The ones stopped
// (which may be all three, each holding a part) fail over the budget, their
// partial files kept for a retry.
func TestBudgetHoldsForTransfersRunningAtOnce(t *testing.T) {
	const budget = 200 << 10
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = budget })
	var arrived atomic.Int64
	all := make(chan struct{})
	paths := []string{"/a.mp3", "/b.mp3", "/c.mp3"}
	for _, p := range paths {
		body := bytes.Repeat([]byte(p[1:2]), 100<<10)
		r.mux.HandleFunc(p, func(w http.ResponseWriter, req *http.Request) {
			if first, _ := requested(req); first == 0 {
				if arrived.Add(1) == int64(len(paths)) {
					close(all)
				}
				select {
				case <-all:
				case <-req.Context().Done():
					return
				}
			}
			w.Header().Set("ETag", `"f"`)
			http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(body))
		})
	}
	jobs := make([]store.EnclosureJob, len(paths))
	for i, p := range paths {
		jobs[i] = r.item(p, 0)
	}
	results := make([]Result, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Go(func() { results[i] = r.d.DownloadNow(context.Background(), j) })
	}
	wg.Wait()
	completed := 0
	for _, res := range results {
		switch {
		case res.Err == nil:
			completed++
		case !errors.Is(res.Err, ErrOverBudget):
			t.Errorf("%s: %v, want over the budget", res.URL, res.Err)
		}
	}
	if completed == len(jobs) {
		t.Errorf("all %d completed, past the budget", completed)
	}
	r.mustTakeAtMost(budget)
	total, err := r.st.EnclosureBytes(context.Background())
	if err != nil || total > budget {
		t.Errorf("the store records %d bytes (%v), more than the budget %d", total, err, budget)
	}
}

// Declared lengths are reserved: of three transfers asked for at once, the
// two that fit complete and the other is refused before any request,
// whichever order they run in.
func TestBudgetReservesDeclaredLengthsOfTransfersAtOnce(t *testing.T) {
	const budget = 200 << 10
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = budget })
	var jobs []store.EnclosureJob
	var requests []*atomic.Int64
	for _, p := range []string{"/a.mp3", "/b.mp3", "/c.mp3"} {
		requests = append(requests, r.serveCounted(p, bytes.Repeat([]byte(p[1:2]), 100<<10)))
		jobs = append(jobs, r.item(p, 100<<10))
	}
	results := make([]Result, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Go(func() { results[i] = r.d.DownloadNow(context.Background(), j) })
	}
	wg.Wait()
	completed := 0
	for i, res := range results {
		switch {
		case res.Err == nil:
			completed++
		case !errors.Is(res.Err, ErrOverBudget) || requests[i].Load() != 0:
			t.Errorf("%s: %v after %d requests, want refused over the budget before any", res.URL, res.Err, requests[i].Load())
		}
	}
	if completed != 2 {
		t.Errorf("%d of %d completed, want the two that fit", completed, len(jobs))
	}
	r.mustTakeAtMost(budget)
}

// A downloaded file whose download again fails stays recorded with its
// size, so the budget still counts it.
func TestBudgetCountsAFileKeptByAFailedDownloadAgain(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = 150 << 10 })
	var gone atomic.Bool
	body := bytes.Repeat([]byte("a"), 100<<10)
	r.mux.HandleFunc("/a.mp3", func(w http.ResponseWriter, req *http.Request) {
		if gone.Load() {
			http.NotFound(w, req)
			return
		}
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(body))
	})
	a := r.mustDownload(r.item("/a.mp3", 0))
	gone.Store(true)
	if res, j := r.download(a); res.Err == nil || j.Status != store.EnclosureFailed || j.Path != a.Path {
		t.Fatalf("download again: %+v, job %+v; want failed, the file kept", res, j)
	}
	mustHold(t, a.Path, body)
	if n, err := r.st.EnclosureBytes(context.Background()); err != nil || n != 100<<10 {
		t.Errorf("the store counts %d bytes (%v), want the kept file's %d", n, err, 100<<10)
	}
}

// With max_total_bytes 0 there is no budget.
func TestBudgetIsOffWhenMaxTotalBytesIsZero(t *testing.T) {
	r := newRig(t, func(c *config.EnclosureConfig) { c.MaxTotalBytes = 0 })
	for _, p := range []string{"/a.mp3", "/b.mp3", "/c.mp3"} {
		r.serveFile(p, bytes.Repeat([]byte("x"), 100<<10))
		r.mustDownload(r.item(p, 0))
	}
}
