package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/store"
)

// A budget of 200 bytes and a feed of three enclosures of 100 bytes,
// transferred at once: two are downloaded, the third fails with the
// budget's one line, its files untouched. Deleting a file (the queue's D)
// frees the budget, and d (RequeueEnclosure) downloads it; removing a feed
// frees its files' bytes too.
func TestEnclosureBudgetReachedRefusesTheRestUntilFilesAreDeleted(t *testing.T) {
	h := newEncHarness(t, func(c *config.Config) { c.Enclosures.MaxTotalBytes = 200 })
	h.start()
	for i, p := range []string{"/a.mp3", "/b.mp3", "/c.mp3", "/d.mp3"} {
		h.srv.handle(p, serveRanges(content(100, uint64(i)), `"e"`))
	}
	f := h.podcast("/feed", true, "/a.mp3", "/b.mp3", "/c.mp3")
	h.mustSync(f)
	h.wait()
	var done, refused []store.Enclosure
	for _, e := range h.enclosures(f) {
		switch e.Status {
		case store.EnclosureDownloaded:
			done = append(done, e)
		case store.EnclosureFailed:
			refused = append(refused, e)
		}
	}
	want := "the enclosures already take 200 bytes of the 200 bytes enclosures.max_total_bytes allows; delete some (Q, D) or raise it"
	if len(done) != 2 || len(refused) != 1 || refused[0].Error != want {
		t.Fatalf("downloaded %+v, failed %+v; want two downloaded and one failed with %q", done, refused, want)
	}
	if files := h.files(); len(files) != 2 {
		t.Fatalf("files %v, want the two downloaded", files)
	}

	ctx := context.Background()
	if err := h.eng.DeleteEnclosureFile(ctx, done[0].ID); err != nil {
		t.Fatal(err)
	}
	if ok, err := h.eng.RequeueEnclosure(ctx, refused[0].ID); !ok || err != nil {
		t.Fatalf("requeue: %v, %v", ok, err)
	}
	h.wait()
	if e := h.enclosure(f, refused[0].URL[len(h.srv.URL):]); e.Status != store.EnclosureDownloaded {
		t.Fatalf("after deleting a file and d: %+v, want downloaded", e)
	}

	g := h.podcast("/feed2", true, "/d.mp3")
	h.mustSync(g)
	h.wait()
	d := h.enclosure(g, "/d.mp3")
	if d.Status != store.EnclosureFailed || d.Error != want {
		t.Fatalf("a second feed's enclosure %+v, want failed with %q", d, want)
	}
	if _, err := h.eng.Unsubscribe(ctx, f.ID); err != nil {
		t.Fatal(err)
	}
	if ok, err := h.eng.RequeueEnclosure(ctx, d.ID); !ok || err != nil {
		t.Fatalf("requeue: %v, %v", ok, err)
	}
	h.wait()
	if d := h.enclosure(g, "/d.mp3"); d.Status != store.EnclosureDownloaded {
		t.Fatalf("after removing the first feed: %+v, want downloaded", d)
	}
}

// Reason gives the budget's line as the status bar and the queue show it.
func TestEnclosureBudgetErrorIsOneLine(t *testing.T) {
	h := newEncHarness(t, func(c *config.Config) { c.Enclosures.MaxTotalBytes = 100 })
	h.start()
	events := h.recordEvents()
	h.srv.handle("/a.mp3", serveRanges(content(100, 1), `"e"`))
	h.srv.handle("/b.mp3", serveRanges(content(100, 2), `"e"`))
	f := h.podcast("/feed", true, "/a.mp3")
	h.mustSync(f)
	h.wait()
	h.srv.serveDoc("/feed", podcastDoc("/b.mp3", "/a.mp3"))
	h.mustSync(f)
	h.wait()
	events.stop()
	var failed []error
	for _, ev := range events.evs {
		if ev, ok := ev.(EnclosureFailed); ok {
			failed = append(failed, ev.Err)
		}
	}
	want := "the enclosures already take 100 bytes of the 100 bytes enclosures.max_total_bytes allows; delete some (Q, D) or raise it"
	if len(failed) != 1 || !errors.Is(failed[0], enclosure.ErrOverBudget) || Reason(failed[0]) != want {
		t.Fatalf("failures %v, want one: %q", failed, want)
	}
}
