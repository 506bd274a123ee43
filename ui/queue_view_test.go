package ui

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// queueView is the open podcast queue, or nil.
func openQueue(h *harness) *queueView {
	q, _ := h.m.dialog.(*queueView)
	return q
}

// The podcast queue (Q) follows a download to its file; P plays it; D
// asks, then deletes the file, which stays removed; d downloads it again.
func TestPodcastQueuePlaysDeletesAndDownloadsAgain(t *testing.T) {
	ps := newPodcastSetup(t)
	h := ps.h
	h.keys("Q")
	if q := openQueue(h); q == nil || !strings.Contains(h.view(), "Podcast queue — empty") {
		t.Fatalf("Q on nothing downloaded:\n%s", h.view())
	}
	h.keys("esc")
	h.selectNode("Pod")
	h.keys("tab", "e", "Q")
	h.waitFor("the download", func() bool { return strings.Contains(h.view(), "1 downloaded") })
	q := openQueue(h)
	path := q.rows[0].Path
	for _, want := range []string{"› downloaded   Pod — Episode one", "20.5 KiB", path, "P play enclosure · D delete the file"} {
		if !strings.Contains(h.view(), want) {
			t.Errorf("the queue lacks %q:\n%s", want, h.view())
		}
	}
	h.keys("P")
	h.waitFor("played", func() bool { return strings.HasPrefix(h.m.status.message, "played ") })
	if b, _ := os.ReadFile(ps.played); string(b) != path {
		t.Errorf("the player got %q, want %q", b, path)
	}
	h.keys("c")
	if !strings.Contains(h.m.status.message, "P plays it, D deletes it") {
		t.Errorf("c on a downloaded one: %q", h.m.status.message)
	}
	h.keys("D")
	if !strings.Contains(h.view(), "Delete "+path+"?") {
		t.Fatalf("D does not ask:\n%s", h.view())
	}
	h.keys("n")
	if _, err := os.Stat(path); err != nil || strings.Contains(h.view(), "Delete ") {
		t.Fatalf("n deleted the file (%v) or kept asking:\n%s", err, h.view())
	}
	h.keys("D", "y")
	h.waitFor("removed", func() bool { return strings.Contains(h.view(), "1 removed") })
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file is still there: %v", err)
	}
	if !strings.Contains(h.m.status.message, "deleted "+path) {
		t.Errorf("status %q", h.m.status.message)
	}
	h.keys("d")
	h.waitFor("downloaded again", func() bool { return strings.Contains(h.view(), "1 downloaded") })
	h.keys("esc")
	if h.m.dialog != nil {
		t.Errorf("esc left %T open", h.m.dialog)
	}
}

// c takes a queued enclosure off the queue (the downloader is not
// running here, so it stays queued until then).
func TestPodcastQueueCancelsAQueuedOne(t *testing.T) {
	f := newFixture(t)
	eng := newEngine(f.st)
	id := addFeed(t, f.st, "http://127.0.0.1:9/pod.xml", "", "Pod", []document.Item{{GUID: "p1", Title: "Pilot",
		Enclosures: []document.Enclosure{{URL: "http://127.0.0.1:9/pilot.mp3", Type: "audio/mpeg"}}}})
	items, err := f.st.Items(context.Background(), store.ItemQuery{FeedID: id})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.QueueItemEnclosures(context.Background(), items[0].ID); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 100, 30, withEngine(eng))
	h.keys("Q")
	if !strings.Contains(h.view(), "› queued       Pod — Pilot") {
		t.Fatalf("the queue:\n%s", h.view())
	}
	h.keys("c")
	h.waitFor("canceled", func() bool { return strings.Contains(h.view(), "1 removed") })
	if !strings.Contains(h.m.status.message, "canceled pilot.mp3") {
		t.Errorf("status %q", h.m.status.message)
	}
	jobs, err := f.st.EnclosureQueue(context.Background())
	if err != nil || len(jobs) != 1 || jobs[0].Status != store.EnclosureRemoved {
		t.Errorf("after c: %+v, %v", jobs, err)
	}
	if strings.Contains(h.view(), "↓") {
		t.Errorf("the status line still counts it queued:\n%s", h.view())
	}
}

// d on an enclosure whose type the configuration now blocks says why it
// was not queued, and the queue shows it blocked; d on a row that changed
// since the queue was read says it was not queued — never "queued".
func TestPodcastQueueRetrySaysWhyNothingWasQueued(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	before := newEngine(f.st)
	id := addFeed(t, f.st, "http://127.0.0.1:9/pod.xml", "", "Pod", []document.Item{
		{GUID: "p1", Title: "Pilot", Enclosures: []document.Enclosure{{URL: "http://127.0.0.1:9/pilot.mp3", Type: "audio/mpeg"}}},
		{GUID: "p2", Title: "Second", Enclosures: []document.Enclosure{{URL: "http://127.0.0.1:9/second.ogg", Type: "audio/ogg"}}}})
	items, err := f.st.Items(ctx, store.ItemQuery{FeedID: id})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if err := before.QueueItemEnclosures(ctx, it.ID); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := f.st.EnclosureQueue(ctx)
	if err != nil || len(jobs) != 2 {
		t.Fatalf("queue %+v, %v", jobs, err)
	}
	for _, j := range jobs {
		if err := before.CancelEnclosure(ctx, j.ID); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.Default()
	cfg.Enclosures.ExtraBlockedExtensions = []string{"mp3"}
	h := newHarness(t, f.st, 100, 30, withEngine(engine.New(f.st, cfg, engine.Options{})))
	h.keys("Q")
	q := openQueue(h)
	for q.cursor < len(q.rows) && !strings.HasSuffix(q.rows[q.cursor].URL, "pilot.mp3") {
		h.keys("j")
	}
	h.keys("d")
	h.waitFor("blocked", func() bool { return strings.Contains(h.view(), "1 blocked") })
	want := "requeue pilot.mp3: blocked: the URL's extension .mp3 is on the blocked list"
	if !h.m.status.isError || h.m.status.message != want {
		t.Errorf("d on a blocked type: status %q (error %v), want %q", h.m.status.message, h.m.status.isError, want)
	}

	for q.cursor < len(q.rows) && !strings.HasSuffix(q.rows[q.cursor].URL, "second.ogg") {
		h.keys("j")
	}
	second := q.rows[q.cursor]
	if ok, err := before.RequeueEnclosure(ctx, second.ID); !ok || err != nil { // elsewhere: no event here
		t.Fatalf("requeue elsewhere: %v, %v", ok, err)
	}
	h.keys("d")
	want = "second.ogg was not queued: it is no longer failed or removed"
	if !h.m.status.isError || h.m.status.message != want {
		t.Errorf("d on a row that changed: status %q (error %v), want %q", h.m.status.message, h.m.status.isError, want)
	}
}

func TestGoldenPodcastQueue(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 100, 30)
	pod := func(status, title, errText string, done, total int64) store.QueueEntry {
		var e store.QueueEntry
		e.Status, e.ItemTitle, e.Error, e.BytesDone, e.BytesTotal = status, title, errText, done, total
		e.URL, e.FeedTitle = "https://pod.test/"+strings.ToLower(strings.ReplaceAll(title, " ", "-"))+".mp3", "Night Radio"
		if status == store.EnclosureDownloaded {
			e.Path = "/home/ann/podcasts/1/" + strings.ToLower(strings.ReplaceAll(title, " ", "-")) + ".mp3"
		}
		return e
	}
	q := newQueueView(h.m.keys.dialogs, h.m.styles, h.m.be, h.m.out, h.m.player)
	h.m.openDialog(q)
	h.send(routedMsg{to: q, msg: queueMsg{rows: []store.QueueEntry{
		pod(store.EnclosureDownloading, "Episode 12", "", 4_500_000, 10_000_000),
		pod(store.EnclosureQueued, "Episode 13", "", 0, 0),
		pod(store.EnclosureFailed, "Episode 9", "404 Not Found", 0, 0),
		pod(store.EnclosureDownloaded, "Episode 11", "", 31_400_000, 31_400_000),
		pod(store.EnclosureRemoved, "Episode 10", "", 0, 0),
	}}})
	h.keys("j", "j", "j")
	golden(t, "podcast_queue_100x30", screen(h))
}

// A burst of enclosures queued elsewhere reads the queue once, and once
// more after that read for what was queued meanwhile — not once each.
func TestPodcastQueueReadsOnceForABurst(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 100, 30)
	q := newQueueView(h.m.keys.dialogs, h.m.styles, h.m.be, h.m.out, h.m.player)
	reads := 0
	for id := int64(1); id <= 50; id++ {
		if q.event(engine.EnclosureQueued{EnclosureID: id}) != nil {
			reads++
		}
	}
	if reads != 1 {
		t.Fatalf("50 events started %d reads, want 1", reads)
	}
	if _, cmd := q.Update(queueMsg{}); cmd == nil {
		t.Errorf("no second read for the events that came during the first")
	}
	if _, cmd := q.Update(queueMsg{}); cmd != nil {
		t.Errorf("a third read with nothing new")
	}
}
