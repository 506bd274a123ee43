package enclosure

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// rig is a Downloader over a real store in a temporary directory, whose
// enclosures are served by a loopback server.
type rig struct {
	t    *testing.T
	st   *store.Store
	cfg  config.EnclosureConfig
	d    *Downloader
	srv  *httptest.Server
	mux  *http.ServeMux
	feed int64
	at   time.Time
	n    int
}

// newRig starts the server and the store; edit changes the enclosure
// configuration (the defaults, with a temporary directory). Chunks are
// 64 KiB.
func newRig(t *testing.T, edit func(*config.EnclosureConfig)) *rig {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "tidings.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	r := &rig{t: t, st: st, mux: http.NewServeMux(), at: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	r.srv = httptest.NewServer(r.mux)
	t.Cleanup(r.srv.Close)
	r.cfg = config.Default().Enclosures
	r.cfg.Directory = t.TempDir()
	if edit != nil {
		edit(&r.cfg)
	}
	if r.feed, err = st.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse(r.srv.URL + "/feed.xml")}); err != nil {
		t.Fatal(err)
	}
	r.d = New(Options{Store: st, Config: r.cfg, Idle: 10 * time.Second, ChunkBytes: 64 << 10, Owner: "test",
		HTTP: fetch.New(fetch.Options{UserAgent: "tidings/test", ConnectTimeout: 5 * time.Second,
			ResponseTimeout: 10 * time.Second, MaxBody: 1 << 20, BucketCapacity: 1, InFlight: 4, PerHost: 4})})
	return r
}

// item records a new item (newer than the ones before) with one enclosure
// at path on the server, declaring length, and returns its job.
func (r *rig) item(path string, length int64) store.EnclosureJob {
	r.t.Helper()
	r.n++
	pub := r.at.Add(time.Duration(r.n) * time.Hour)
	res := r.record(document.Item{GUID: fmt.Sprint("ep-", r.n), Title: fmt.Sprint("Episode ", r.n), Published: &pub,
		Enclosures: []document.Enclosure{{URL: r.srv.URL + path, Type: "audio/mpeg", Length: length}}}, 0)
	jobs, err := r.st.EnclosureJobs(context.Background(), store.EnclosureQuery{ItemIDs: res.NewItems})
	if err != nil || len(jobs) != 1 {
		r.t.Fatalf("jobs %+v, %v", jobs, err)
	}
	return jobs[0]
}

// record stores a download of the feed with the items the rig made and
// extra, keeping maxItems (0: all), and returns its result.
func (r *rig) record(extra document.Item, maxItems int) store.DownloadResult {
	r.t.Helper()
	res, err := r.st.RecordDownload(context.Background(), r.feed, store.Download{At: r.at, Status: 200,
		NextSyncAt: r.at.Add(time.Hour), Document: &document.Document{Title: "Pod", Items: []document.Item{extra}},
		Partial: true, MaxItems: maxItems})
	if err != nil {
		r.t.Fatal(err)
	}
	return res
}

// download runs the job now and returns how it ended, with the job as the
// store has it afterwards.
func (r *rig) download(job store.EnclosureJob) (Result, store.EnclosureJob) {
	r.t.Helper()
	res := r.d.DownloadNow(context.Background(), job)
	return res, r.job(job.ID)
}

func (r *rig) job(id int64) store.EnclosureJob {
	r.t.Helper()
	jobs, err := r.st.EnclosureJobs(context.Background(), store.EnclosureQuery{IDs: []int64{id}})
	if err != nil || len(jobs) != 1 {
		r.t.Fatalf("job %d: %+v, %v", id, jobs, err)
	}
	return jobs[0]
}

// files maps each file in the enclosure directory to its size.
func (r *rig) files() map[string]int64 {
	r.t.Helper()
	out := map[string]int64{}
	filepath.WalkDir(r.cfg.Directory, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if fi, err := e.Info(); err == nil {
				rel, _ := filepath.Rel(r.cfg.Directory, p)
				out[rel] = fi.Size()
			}
		}
		return nil
	})
	return out
}

// mustBeWithin fails unless every file in the directory is at most limit
// bytes, and a failed job's kept partial file is exactly what its record
// says.
func (r *rig) mustBeWithin(limit int64, j store.EnclosureJob) {
	r.t.Helper()
	for name, size := range r.files() {
		if size > limit {
			r.t.Errorf("%s holds %d bytes, more than the bound %d", name, size, limit)
		}
	}
	if j.PartPath != "" {
		fi, err := os.Stat(j.PartPath)
		if err != nil || fi.Size() != j.BytesDone {
			r.t.Errorf("the recorded partial file %s (%d bytes done): %v %v", j.PartPath, j.BytesDone, fi, err)
		}
	}
	if j.Status == store.EnclosureDownloading {
		r.t.Errorf("the enclosure is still downloading: %+v", j)
	}
}

// requested parses a request's Range header "bytes=first-last".
func requested(req *http.Request) (first, last int64) {
	if _, err := fmt.Sscanf(req.Header.Get("Range"), "bytes=%d-%d", &first, &last); err != nil {
		return -1, -1
	}
	return first, last
}

// oneLine fails unless err is one line naming want.
func oneLine(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one line naming %q", err, want)
	}
}

// contextWithCleanup is a context canceled when the test ends.
func contextWithCleanup(t *testing.T) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return ctx, cancel
}
