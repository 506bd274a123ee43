package engine

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/store"
)

// Deleting a downloaded file removes it and keeps it from coming back
// when the item changes; r (RequeueEnclosure) downloads it again.
func TestDeletedEnclosureIsNotDownloadedAgainAutomatically(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	events := h.recordEvents()
	h.srv.handle("/ep.mp3", servePlain(content(100, 1)))
	f := h.podcast("/feed", true, "/ep.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/ep.mp3")
	if e.Status != store.EnclosureDownloaded {
		t.Fatalf("enclosure %+v", e)
	}
	ctx := context.Background()
	if err := h.eng.CancelEnclosure(ctx, e.ID); !errors.Is(err, ErrNotRemovable) {
		t.Errorf("cancel a downloaded one: %v, want ErrNotRemovable", err)
	}
	if err := h.eng.DeleteEnclosureFile(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(e.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file is still there: %v", err)
	}
	h.srv.serveDoc("/feed", strings.Replace(podcastDoc("/ep.mp3"), "Episode 1", "Episode 1 again", 1))
	h.mustSync(f)
	h.wait()
	if got := h.enclosure(f, "/ep.mp3"); got.Status != store.EnclosureRemoved || len(h.srv.requests("/ep.mp3")) != 1 {
		t.Fatalf("after the item changed: %+v, %d requests; want it removed, fetched once", got, len(h.srv.requests("/ep.mp3")))
	}
	if ok, err := h.eng.RequeueEnclosure(ctx, e.ID); !ok || err != nil {
		t.Fatalf("requeue: %v, %v", ok, err)
	}
	h.wait()
	got := h.enclosure(f, "/ep.mp3")
	mustEqualFile(t, got.Path, content(100, 1))
	events.stop()
	removed := 0
	for _, ev := range events.evs {
		if r, ok := ev.(EnclosureRemoved); ok && r.EnclosureID == e.ID {
			removed++
		}
	}
	if removed != 1 {
		t.Errorf("%d EnclosureRemoved events, want 1", removed)
	}
}

// d on a failed enclosure whose type a later configuration blocks does not
// report it queued: the error names the file and the checker's reason, and
// the enclosure is blocked, never requested again. One in another state is
// not requeued, and not blocked either.
func TestRequeueReportsAnEnclosureItBlocks(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	f := h.podcast("/feed", true, "/ep.mp3") // not served: 404
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/ep.mp3")
	if e.Status != store.EnclosureFailed {
		t.Fatalf("enclosure %+v, want failed", e)
	}
	later := newEncHarnessOver(t, h)
	later.cfg.Enclosures.ExtraBlockedExtensions = []string{"mp3"}
	later.eng = New(later.store, later.cfg, later.opts)
	ok, err := later.eng.RequeueEnclosure(context.Background(), e.ID)
	want := "requeue ep.mp3: blocked: the URL's extension .mp3 is on the blocked list"
	if ok || !errors.Is(err, enclosure.ErrEnclosureBlocked) || err.Error() != want {
		t.Fatalf("requeue: %v, %v; want false, %q", ok, err, want)
	}
	if got := h.enclosure(f, "/ep.mp3"); got.Status != store.EnclosureBlocked {
		t.Errorf("after requeue: %+v, want blocked", got)
	}
	if n := len(h.srv.requests("/ep.mp3")); n != 1 {
		t.Errorf("%d requests for the file, want the first one only", n)
	}

	h.srv.handle("/ok.mp3", servePlain(content(10, 1)))
	g := h.podcast("/feed2", true, "/ok.mp3")
	h.mustSync(g)
	h.wait()
	done := h.enclosure(g, "/ok.mp3")
	if ok, err := later.eng.RequeueEnclosure(context.Background(), done.ID); ok || err != nil {
		t.Errorf("requeue a downloaded one: %v, %v; want false, nil", ok, err)
	}
	if got := h.enclosure(g, "/ok.mp3"); got.Status != store.EnclosureDownloaded {
		t.Errorf("a downloaded one after requeue: %+v, want it left downloaded", got)
	}
}

// e on an item whose enclosure is downloaded, after the configuration came
// to block its type, leaves it downloaded with its file: only what
// QueueItemEnclosures would queue is judged.
func TestQueueItemLeavesADownloadedEnclosureItWouldBlock(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	h.srv.handle("/ep.mp3", servePlain(content(10, 1)))
	f := h.podcast("/feed", true, "/ep.mp3")
	h.mustSync(f)
	h.wait()
	e := h.enclosure(f, "/ep.mp3")
	if e.Status != store.EnclosureDownloaded {
		t.Fatalf("enclosure %+v, want downloaded", e)
	}
	later := newEncHarnessOver(t, h)
	later.cfg.Enclosures.ExtraBlockedExtensions = []string{"mp3"}
	later.eng = New(later.store, later.cfg, later.opts)
	if err := later.eng.QueueItemEnclosures(context.Background(), e.ItemID); err != nil {
		t.Fatal(err)
	}
	if got := h.enclosure(f, "/ep.mp3"); got.Status != store.EnclosureDownloaded || got.Path != e.Path {
		t.Errorf("after e: %+v, want it left downloaded at %s", got, e.Path)
	}
	mustEqualFile(t, e.Path, content(10, 1))
}
