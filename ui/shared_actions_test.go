package ui

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// Subscribing in the reader is the engine's Subscribe, as 'tidings add'
// is: [enclosures] download = true gives the new feed enclosures on.
func TestSubscribeFromTheReaderHonoursEnclosureDownload(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t, "First post")
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0
	cfg.Enclosures.Download = true
	cfg.Enclosures.Directory = t.TempDir()
	h := newHarness(t, f.st, 160, 45, withEngine(engine.New(f.st, cfg, engine.Options{})))
	h.keys("a")
	h.typeText(fh.URL + "/feed.xml")
	h.keys("enter")
	h.waitFor("subscribed", func() bool { return h.m.tree.feedByID(5) != nil })
	fd, err := f.st.Feed(context.Background(), 5)
	if err != nil {
		t.Fatal(err)
	}
	if !fd.DownloadEnclosures {
		t.Fatal("the feed subscribed from the reader does not download enclosures")
	}
}

// Unsubscribing in the reader is the engine's Unsubscribe, as 'tidings
// remove' is: the finished file, a partial one with its sidecar, and the
// emptied feed folder all go.
func TestUnsubscribeFromTheReaderRemovesEveryFile(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Enclosures.Directory = dir
	id := addFeed(t, f.st, "http://127.0.0.1:9/pod.xml", "", "Pod", []document.Item{
		{GUID: "e1", Title: "One", Enclosures: []document.Enclosure{{URL: "http://127.0.0.1:9/one.mp3", Type: "audio/mpeg"}}},
		{GUID: "e2", Title: "Two", Enclosures: []document.Enclosure{{URL: "http://127.0.0.1:9/two.mp3", Type: "audio/mpeg"}}},
	})
	folder := filepath.Join(dir, strconv.FormatInt(id, 10))
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	all, err := f.st.EnclosureJobs(ctx, store.EnclosureQuery{})
	if err != nil {
		t.Fatal(err)
	}
	byURL := map[string]int64{}
	for _, j := range all {
		if j.FeedID == id {
			byURL[j.URL] = j.ID
		}
	}
	done, partial := filepath.Join(folder, "one.mp3"), filepath.Join(folder, "two.mp3")
	for _, p := range []string{done, partial + ".part"} {
		if err := os.WriteFile(p, []byte("data"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.st.FinishEnclosure(ctx, byURL["http://127.0.0.1:9/one.mp3"], store.EnclosureOutcome{Status: store.EnclosureDownloaded, Path: done, BytesDone: 4, BytesTotal: 4}); err != nil {
		t.Fatal(err)
	}
	if err := f.st.SetEnclosureProgress(ctx, byURL["http://127.0.0.1:9/two.mp3"],
		store.EnclosureProgress{Path: partial, PartPath: partial + ".part", BytesDone: 4, BytesTotal: 100}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, f.st, 160, 45, withEngine(engine.New(f.st, cfg, engine.Options{})))
	h.selectNode("Pod")
	h.keys("d", "y")
	h.waitFor("feed removed", func() bool { _, err := f.st.Feed(ctx, id); return err != nil })
	h.waitFor("folder removed", func() bool { _, err := os.Stat(folder); return os.IsNotExist(err) })
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("the enclosure directory still holds %v", entries)
	}
}
