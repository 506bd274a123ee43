package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

// encHarness is a harness whose engine downloads enclosures into a
// temporary directory.
type encHarness struct {
	*harness
	dir string
}

func newEncHarness(t testing.TB, edit ...func(*config.Config)) *encHarness {
	t.Helper()
	dir := t.TempDir()
	edit = append([]func(*config.Config){func(c *config.Config) { c.Enclosures.Directory = dir }}, edit...)
	return &encHarness{harness: newHarness(t, edit...), dir: dir}
}

// start runs the enclosure downloader until the test ends, and waits for
// it (and its transfers) to stop before the temporary folders go.
func (h *encHarness) start() {
	h.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stopped := h.eng.StartEnclosures(ctx)
	h.t.Cleanup(func() {
		cancel()
		<-stopped
	})
}

// wait blocks until the queue is empty and no transfer runs.
func (h *encHarness) wait() {
	h.t.Helper()
	if err := h.eng.WaitEnclosures(context.Background()); err != nil {
		h.t.Fatal(err)
	}
}

// podcast adds a feed (downloading enclosures when on) served at path with
// one item per enclosure path, and returns it.
func (h *encHarness) podcast(path string, on bool, enclosures ...string) store.Feed {
	h.t.Helper()
	h.srv.serveDoc(path, podcastDoc(enclosures...))
	return h.add(path, store.NewFeed{DownloadEnclosures: on})
}

// podcastDoc is an RSS document with one item per enclosure (a path on
// the same server, resolved against the feed's URL), newest first: the
// last is "Episode 1". An entry "path|type" declares a type; the default
// is audio/mpeg. No length is declared: the files are bounded by
// enclosures.max_bytes alone.
func podcastDoc(enclosures ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><rss version="2.0"><channel><title>Pod</title>`)
	for i, e := range enclosures {
		p, typ, ok := strings.Cut(e, "|")
		if !ok {
			typ = "audio/mpeg"
		}
		fmt.Fprintf(&b, `<item><title>Episode %d</title><guid>ep-%s</guid><enclosure url="%s" type="%s"/></item>`,
			len(enclosures)-i, p, strings.ReplaceAll(p, "&", "&amp;"), typ)
	}
	b.WriteString(`</channel></rss>`)
	return b.String()
}

// enclosures returns every enclosure of the feed's items, by URL path.
func (h *encHarness) enclosures(f store.Feed) map[string]store.Enclosure {
	h.t.Helper()
	out := map[string]store.Enclosure{}
	for _, it := range h.items(f) {
		for _, e := range it.Enclosures {
			out[strings.TrimPrefix(e.URL, h.srv.URL)] = e
		}
	}
	return out
}

// enclosure returns the feed's one enclosure at path.
func (h *encHarness) enclosure(f store.Feed, path string) store.Enclosure {
	h.t.Helper()
	e, ok := h.enclosures(f)[path]
	if !ok {
		h.t.Fatalf("no enclosure %s in feed %d", path, f.ID)
	}
	return e
}

// folder is the feed's enclosure folder.
func (h *encHarness) folder(f store.Feed) string {
	return filepath.Join(h.dir, strconv.FormatInt(f.ID, 10))
}

// files lists the names in the enclosure directory, recursively.
func (h *encHarness) files() []string {
	h.t.Helper()
	var out []string
	filepath.WalkDir(h.dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(h.dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

// content returns n deterministic pseudo-random bytes.
func content(n int, seed uint64) []byte {
	b := make([]byte, n)
	var key [32]byte
	key[0] = byte(seed)
	rand.NewChaCha8(key).Read(b)
	return b
}

// mustEqualFile fails unless the file at path holds want.
func mustEqualFile(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: %d bytes (sha256 %x), want %d bytes (sha256 %x)", path, len(got), sha256.Sum256(got),
			len(want), sha256.Sum256(want))
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm()&0o111 != 0 || fi.Mode().Perm()&0o644 != 0o644 {
		t.Fatalf("%s has mode %v, want 0644 and never executable", path, fi.Mode().Perm())
	}
}

// serveRanges answers with Range support (http.ServeContent: 206, If-Range
// by the strong ETag given).
func serveRanges(body []byte, etag string) http.HandlerFunc {
	mod := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", etag)
		w.Header().Set("Content-Type", "audio/mpeg")
		http.ServeContent(w, r, "", mod, bytes.NewReader(body))
	}
}

// servePlain ignores Range: always a 200 with the whole body.
func servePlain(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "audio/mpeg")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}
}

// concurrency counts requests in a handler at once and their maximum.
type concurrency struct {
	mu       sync.Mutex
	now, max int
}

func (c *concurrency) enter() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now++
	c.max = max(c.max, c.now)
}

func (c *concurrency) leave() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now--
}

func (c *concurrency) peak() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.max
}

// eventLog collects the engine's enclosure events until stop is called.
type eventLog struct {
	mu   sync.Mutex
	evs  []Event
	done chan struct{}
	quit chan struct{}
}

func (h *encHarness) recordEvents() *eventLog {
	l := &eventLog{done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		defer close(l.done)
		for {
			select {
			case ev := <-h.eng.Events():
				l.mu.Lock()
				l.evs = append(l.evs, ev)
				l.mu.Unlock()
			case <-l.quit:
				l.drain(h.eng.Events())
				return
			}
		}
	}()
	h.t.Cleanup(l.stop)
	return l
}

// drain takes the events already sent.
func (l *eventLog) drain(ch <-chan Event) {
	for {
		select {
		case ev := <-ch:
			l.mu.Lock()
			l.evs = append(l.evs, ev)
			l.mu.Unlock()
		default:
			return
		}
	}
}

// stop ends the collection, after the events already sent are read.
func (l *eventLog) stop() {
	select {
	case <-l.quit:
		return
	default:
	}
	close(l.quit)
	<-l.done
}

// enclosureEvents returns the enclosure events, progress left out.
func (l *eventLog) enclosureEvents(h *encHarness) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, ev := range l.evs {
		switch ev := ev.(type) {
		case EnclosureQueued:
			out = append(out, "queued "+strings.TrimPrefix(ev.URL, h.srv.URL))
		case EnclosureCompleted:
			out = append(out, "completed "+strings.TrimPrefix(ev.URL, h.srv.URL))
		case EnclosureFailed:
			out = append(out, fmt.Sprintf("failed %s blocked=%v", strings.TrimPrefix(ev.URL, h.srv.URL), ev.Blocked))
		}
	}
	return out
}
