package engine

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/internal/fakeclock"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// harness is one engine over a real store in a temporary folder, with a
// fake clock, a fixed salt and a recording loopback server.
type harness struct {
	t     testing.TB
	store *store.Store
	clock *fakeclock.Clock
	eng   *Engine
	srv   *recorder
	cfg   config.Config
	opts  Options
}

// testSalt makes every salt 5% (half of the 10% maximum).
const testSalt = 0.5

var t0 = time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC) // a Monday

func newHarness(t testing.TB, edit ...func(*config.Config)) *harness {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "tidings.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0 // unthrottled unless a test says otherwise
	for _, e := range edit {
		e(&cfg)
	}
	h := &harness{t: t, store: st, clock: fakeclock.New(t0), srv: newRecorder(t), cfg: cfg}
	h.opts = Options{Version: "test", Clock: h.clock, Salt: func() float64 { return testSalt }, Owner: "test",
		Machine: newFakeMachine(t, routeDefault).options()} // the same on every machine, CI's included
	h.eng = New(st, cfg, h.opts)
	return h
}

// setChunk makes enclosure transfers ask for n bytes a Range request; it
// builds the engine anew, so it comes before anything runs.
func (h *harness) setChunk(n int64) {
	h.opts.EnclosureChunkBytes = n
	h.eng = New(h.store, h.cfg, h.opts)
}

// add subscribes to path on the recording server.
func (h *harness) add(path string, nf ...store.NewFeed) store.Feed {
	h.t.Helper()
	f := store.NewFeed{URL: weburl.MustParse(h.srv.URL + path)}
	if len(nf) > 0 {
		f = nf[0]
		f.URL = weburl.MustParse(h.srv.URL + path)
	}
	id, err := h.store.AddFeed(context.Background(), f)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.feed(id)
}

func (h *harness) feed(id int64) store.Feed {
	h.t.Helper()
	f, err := h.store.Feed(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return f
}

// sync downloads one feed now (forced) and returns the result.
func (h *harness) sync(f store.Feed) Result {
	h.t.Helper()
	return h.eng.SyncFeeds(context.Background(), []store.Feed{h.feed(f.ID)}, true, nil)[0]
}

// mustSync syncs and fails the test on an error.
func (h *harness) mustSync(f store.Feed) Result {
	h.t.Helper()
	r := h.sync(f)
	if r.Err != nil {
		h.t.Fatalf("sync %s: %v", f.URL, r.Err)
	}
	return r
}

func (h *harness) items(f store.Feed) []store.Item {
	h.t.Helper()
	items, err := h.store.Items(context.Background(), store.ItemQuery{FeedID: f.ID})
	if err != nil {
		h.t.Fatal(err)
	}
	return items
}

// recorder is a loopback HTTP server whose handlers tests set per path and
// which keeps every request it received.
type recorder struct {
	*httptest.Server
	mu       sync.Mutex
	handlers map[string]http.HandlerFunc
	reqs     []*http.Request
}

func newRecorder(t testing.TB) *recorder {
	r := &recorder{handlers: map[string]http.HandlerFunc{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.Close)
	return r
}

func (r *recorder) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req.Clone(context.Background()))
	hf := r.handlers[req.URL.Path]
	r.mu.Unlock()
	if hf == nil {
		http.NotFound(w, req)
		return
	}
	hf(w, req)
}

func (r *recorder) handle(path string, hf http.HandlerFunc) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.handlers[path] = hf
}

// serveDoc answers path with body and the given headers (name, value …).
func (r *recorder) serveDoc(path, body string, headers ...string) {
	r.handle(path, func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Write([]byte(body))
	})
}

// requests returns the requests received for path.
func (r *recorder) requests(path string) []*http.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*http.Request
	for _, q := range r.reqs {
		if q.URL.Path == path {
			out = append(out, q)
		}
	}
	return out
}

// rssDoc is a small RSS 2.0 document with the given items (guid = title).
func rssDoc(channelExtra string, titles ...string) string {
	s := `<?xml version="1.0"?><rss version="2.0" xmlns:cf="http://www.microsoft.com/schemas/rss/core/2005"><channel><title>T</title><link>http://example.com/</link>` + channelExtra
	for _, t := range titles {
		s += `<item><title>` + t + `</title><guid>` + t + `</guid><description>about ` + t + `</description></item>`
	}
	return s + `</channel></rss>`
}
