package engine

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

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
