package enclosure

import (
	"context"
	"net/http"
	"os"
	"testing"

	"github.com/tidings-rss/tidings/store"
)

// Enqueue judges only the enclosures it would queue: once the configuration
// blocks mp3, a downloaded episode keeps its state and its file, one being
// transferred is not marked blocked under its feet, and only the new one,
// which Enqueue would have queued, is blocked.
func TestEnqueueBlocksOnlyWhatItWouldQueue(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, nil)
	r.mux.HandleFunc("/done.mp3", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("0123456789")) })
	done := r.item("/done.mp3", 10)
	if res, j := r.download(done); j.Status != store.EnclosureDownloaded {
		t.Fatalf("download: %+v, job %+v", res, j)
	}
	busy := r.item("/busy.mp3", 10)
	if _, ok, holder, err := r.st.ClaimEnclosure(ctx, busy.ID, "other"); !ok || holder != "" || err != nil {
		t.Fatalf("claim: %v %q %v", ok, holder, err)
	}
	fresh := r.item("/new.mp3", 10)

	cfg := r.cfg
	cfg.ExtraBlockedExtensions = []string{"mp3"}
	var events []Event
	later := New(Options{Store: r.st, Config: cfg, Owner: "test", HTTP: r.d.client.http,
		Emit: func(e Event) { events = append(events, e) }})
	jobs := []store.EnclosureJob{r.job(done.ID), r.job(busy.ID), r.job(fresh.ID)}
	got := later.Enqueue(ctx, jobs, store.EnclosureNone, store.EnclosureFailed, store.EnclosureRemoved)

	if len(got.Queued) != 0 || len(got.Blocked) != 1 || got.Blocked[0].ID != fresh.ID {
		t.Errorf("enqueued %+v, want only the new one (%d) blocked", got, fresh.ID)
	}
	for id, want := range map[int64]string{done.ID: store.EnclosureDownloaded, busy.ID: store.EnclosureDownloading,
		fresh.ID: store.EnclosureBlocked} {
		if j := r.job(id); j.Status != want {
			t.Errorf("enclosure %d afterwards: %+v, want %s", id, j, want)
		}
	}
	if j := r.job(done.ID); j.Path == "" || !fileThere(j.Path) {
		t.Errorf("the downloaded file is gone: %+v, files %v", j, r.files())
	}
	if len(events) != 1 {
		t.Errorf("events %+v, want one (the new enclosure blocked)", events)
	}
}

// fileThere reports whether a regular file is at p.
func fileThere(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
