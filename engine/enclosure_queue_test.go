package engine

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/store"
)

func TestEnclosuresOfAFeedWithTheSettingOffAreNeverRequested(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	h.srv.handle("/a.mp3", servePlain(content(100, 1)))
	f := h.podcast("/feed", false, "/a.mp3")
	r := h.mustSync(f)
	h.wait()
	if n := len(h.srv.requests("/a.mp3")); n != 0 || len(r.Enclosures) != 0 {
		t.Fatalf("the enclosure was requested %d times (queued %v), want never", n, r.Enclosures)
	}
	if e := h.enclosure(f, "/a.mp3"); e.Status != store.EnclosureNone || e.Path != "" {
		t.Fatalf("enclosure %+v, want untouched", e)
	}
	if files := h.files(); len(files) != 0 {
		t.Fatalf("files written: %v", files)
	}
}

func TestEnclosuresTurnedOnLaterTakeOnlyNewAndUpdatedItems(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	for _, p := range []string{"/old.mp3", "/new.mp3"} {
		h.srv.handle(p, serveRanges(content(1000, 2), `"v1"`))
	}
	f := h.podcast("/feed", false, "/old.mp3")
	h.mustSync(f)
	on := true
	if err := h.store.UpdateFeedSettings(context.Background(), f.ID, store.FeedSettings{DownloadEnclosures: &on}); err != nil {
		t.Fatal(err)
	}
	h.srv.serveDoc("/feed", podcastDoc("/new.mp3", "/old.mp3"))
	r := h.mustSync(f)
	h.wait()
	if len(r.Enclosures) != 1 {
		t.Fatalf("the sync queued %v, want only the new item's enclosure", r.Enclosures)
	}
	if e := h.enclosure(f, "/new.mp3"); e.Status != store.EnclosureDownloaded {
		t.Fatalf("new item's enclosure %+v, want downloaded", e)
	}
	if n := len(h.srv.requests("/old.mp3")); n != 0 || h.enclosure(f, "/old.mp3").Status != store.EnclosureNone {
		t.Fatalf("the old item's enclosure was requested %d times, want never", n)
	}
	// The old item changes: now it counts as updated, and its enclosure goes.
	h.srv.serveDoc("/feed", strings.Replace(podcastDoc("/new.mp3", "/old.mp3"), "Episode 1<", "Episode 1, fixed<", 1))
	h.mustSync(f)
	h.wait()
	if e := h.enclosure(f, "/old.mp3"); e.Status != store.EnclosureDownloaded || len(h.srv.requests("/new.mp3")) != 1 {
		t.Fatalf("after the old item changed: %+v, /new.mp3 requested %d times", e, len(h.srv.requests("/new.mp3")))
	}
}

func TestNoMoreThanFourTransfersRunAtOnce(t *testing.T) {
	// enclosures.max_concurrent is 4 by default; every file is on one
	// host here, which the per-host limit would otherwise hold to one.
	h := newEncHarness(t, func(c *config.Config) { c.Sync.PerHostConnections = 8 })
	h.start()
	var c concurrency
	var arrived atomic.Int32
	full := make(chan struct{})
	paths := make([]string, 10)
	for i := range paths {
		paths[i] = fmt.Sprintf("/ep%d.mp3", i)
		h.srv.handle(paths[i], func(w http.ResponseWriter, r *http.Request) {
			c.enter()
			defer c.leave()
			// The first four wait for each other, so four do run at once.
			if n := arrived.Add(1); n == 4 {
				close(full)
			} else if n < 4 {
				select {
				case <-full:
				case <-time.After(10 * time.Second):
					t.Errorf("only %d transfers started together, want 4", arrived.Load())
				}
			}
			time.Sleep(10 * time.Millisecond) // a slow server widens the window for a fifth
			serveRanges(content(2000, 3), `"x"`)(w, r)
		})
	}
	f := h.podcast("/feed", true, paths...)
	h.mustSync(f)
	h.wait()
	if got := c.peak(); got != 4 {
		t.Fatalf("%d transfers at once, want exactly 4", got)
	}
	for p, e := range h.enclosures(f) {
		if e.Status != store.EnclosureDownloaded {
			t.Errorf("%s: %+v", p, e)
		}
	}
}

func TestQueueIsFirstInFirstOut(t *testing.T) {
	h := newEncHarness(t, func(c *config.Config) { c.Enclosures.MaxConcurrent = 1 })
	var mu sync.Mutex
	var order []string
	for _, p := range []string{"/a.mp3", "/b.mp3", "/c.mp3"} {
		h.srv.handle(p, func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			order = append(order, r.URL.Path)
			mu.Unlock()
			servePlain(content(10, 4))(w, r)
		})
	}
	// The feed lists newest first; items are stored (and queued) oldest first.
	f := h.podcast("/feed", true, "/c.mp3", "/b.mp3", "/a.mp3")
	h.mustSync(f)
	h.start()
	h.wait()
	mu.Lock()
	defer mu.Unlock()
	if fmt.Sprint(order) != "[/a.mp3 /b.mp3 /c.mp3]" {
		t.Fatalf("downloaded in the order %v, want the queue's", order)
	}
}

func TestFailedEnclosureIsNotRetriedAutomatically(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	f := h.podcast("/feed", true, "/gone.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/gone.mp3")
	if e.Status != store.EnclosureFailed || !strings.Contains(e.Error, "404") {
		t.Fatalf("enclosure %+v, want failed with the 404", e)
	}
	// The item changes, the feed is synced again: the failed one stays.
	h.srv.serveDoc("/feed", strings.Replace(podcastDoc("/gone.mp3"), "Episode 1", "Episode 1 again", 1))
	h.mustSync(f)
	h.wait()
	if n := len(h.srv.requests("/gone.mp3")); n != 1 {
		t.Fatalf("the failed enclosure was requested %d times, want once", n)
	}
	// A retry on request does fetch it again.
	h.srv.handle("/gone.mp3", servePlain(content(10, 5)))
	if err := h.eng.QueueItemEnclosures(context.Background(), e.ItemID); err != nil {
		t.Fatal(err)
	}
	h.wait()
	if e := h.enclosure(f, "/gone.mp3"); e.Status != store.EnclosureDownloaded {
		t.Fatalf("after a retry: %+v", e)
	}
}

func TestEnclosureEventsAndProgress(t *testing.T) {
	h := newEncHarness(t)
	h.setChunk(64 << 10)
	body := content(200<<10, 6)
	h.srv.handle("/big.mp3", serveRanges(body, `"big"`))
	f := h.podcast("/feed", true, "/big.mp3", "/setup.exe")
	log := h.recordEvents()
	h.start()
	h.mustSync(f)
	h.wait()
	log.stop()
	want := []string{"failed /setup.exe blocked=true", "queued /big.mp3", "completed /big.mp3"}
	if got := log.enclosureEvents(h); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("events %q, want %q", got, want)
	}
	var progress []string
	for _, ev := range log.evs {
		if p, ok := ev.(EnclosureProgress); ok {
			progress = append(progress, fmt.Sprintf("%d/%d", p.Bytes, p.Total))
		}
	}
	if want := "[65536/204800 131072/204800 196608/204800]"; fmt.Sprint(progress) != want {
		t.Fatalf("progress %v, want %s", progress, want)
	}
}

func TestStoppedDownloadResumesAfterARestart(t *testing.T) {
	h := newEncHarness(t)
	h.setChunk(64 << 10)
	body := content(300<<10, 7)
	blocked := make(chan struct{})
	var first atomic.Bool
	h.srv.handle("/ep.mp3", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Header.Get("Range"), "bytes=65536-") && !first.Swap(true) {
			close(blocked)
			<-r.Context().Done() // hangs until the client goes away
			return
		}
		serveRanges(body, `"e1"`)(w, r)
	})
	f := h.podcast("/feed", true, "/ep.mp3")
	ctx, cancel := context.WithCancel(context.Background())
	stopped := h.eng.StartEnclosures(ctx)
	h.mustSync(f)
	<-blocked
	cancel() // tidings quits in the middle of the second chunk
	<-stopped
	e := h.enclosure(f, "/ep.mp3")
	if e.Status != store.EnclosureQueued || e.BytesDone != 65536 || e.Path == "" {
		t.Fatalf("after the stop: %+v, want queued with the first chunk kept", e)
	}
	// A crash leaves it "downloading", claimed by a process that is gone;
	// the next process takes it back.
	if _, ok, err := h.store.ClaimNextEnclosure(context.Background(), exitedOwner()); !ok || err != nil {
		t.Fatalf("claim: %v %v", ok, err)
	}
	next := newEncHarnessOver(t, h)
	next.start()
	next.wait()
	e = h.enclosure(f, "/ep.mp3")
	if e.Status != store.EnclosureDownloaded {
		t.Fatalf("after the restart: %+v", e)
	}
	mustEqualFile(t, e.Path, body)
	reqs := h.srv.requests("/ep.mp3")
	resumed := reqs[2]
	if resumed.Header.Get("Range") != "bytes=65536-131071" || resumed.Header.Get("If-Range") != `"e1"` {
		t.Fatalf("resumed with Range %q If-Range %q, want bytes=65536-131071 and the ETag",
			resumed.Header.Get("Range"), resumed.Header.Get("If-Range"))
	}
	if _, err := os.Stat(e.Path + enclosure.PartSuffix); !os.IsNotExist(err) {
		t.Fatalf("the partial file is still there: %v", err)
	}
}

// newEncHarnessOver is a second engine (another run of tidings) over h's
// store, server and enclosure directory.
func newEncHarnessOver(t *testing.T, h *encHarness) *encHarness {
	next := *h.harness
	next.opts.Owner = "next"
	next.eng = New(h.store, h.cfg, next.opts)
	return &encHarness{harness: &next, dir: h.dir}
}

func TestWaitReturnsAtOnceWhenNothingIsQueued(t *testing.T) {
	h := newEncHarness(t)
	if err := h.eng.WaitEnclosures(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.start()
	h.wait()
	if files, _ := filepath.Glob(filepath.Join(h.dir, "*")); len(files) != 0 {
		t.Fatalf("files: %v", files)
	}
}

// exitedOwner names a process that has exited: this process's pid with
// another start time, as when a pid is given to a new process.
func exitedOwner() string {
	o := store.CurrentOwner()
	o.Start += "0"
	return o.String()
}
