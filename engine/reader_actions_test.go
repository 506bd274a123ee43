package engine

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/store"
)

func TestFolderActions(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	f := h.add("/a.xml", store.NewFeed{FolderPath: "News/Tech"})
	if err := h.eng.MoveFolder(ctx, "News/Tech", "Technology"); err != nil {
		t.Fatal(err)
	}
	if got := h.feed(f.ID).FolderPath; got != "Technology" {
		t.Fatalf("after the move the feed is in %q", got)
	}
	if err := h.eng.MoveFolder(ctx, "Technology", "News"); !errors.Is(err, store.ErrFolderExists) {
		t.Fatalf("moving onto an existing folder: %v", err)
	}
	if err := h.eng.MoveFeed(ctx, f.ID, " Reading / Later "); err != nil {
		t.Fatal(err)
	}
	if got := h.feed(f.ID).FolderPath; got != "Reading/Later" {
		t.Fatalf("MoveFeed put it in %q", got)
	}
	if err := h.eng.RemoveFolder(ctx, "Reading"); err != nil {
		t.Fatal(err)
	}
	if got := h.feed(f.ID).FolderPath; got != "Later" {
		t.Fatalf("after removing its parent the feed is in %q", got)
	}
}

func TestMarkQueryReadAndUndo(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.srv.serveDoc("/a.xml", rssDoc("", "one", "two", "three"))
	h.srv.serveDoc("/b.xml", rssDoc("", "four"))
	a := h.add("/a.xml", store.NewFeed{FolderPath: "News"})
	b := h.add("/b.xml")
	h.mustSync(a)
	h.mustSync(b)
	h.eng.MarkItems(ctx, MarkRead, []int64{h.items(a)[0].ID})
	ids, err := h.eng.MarkQueryRead(ctx, store.ItemQuery{FolderPath: "News"})
	if err != nil || len(ids) != 2 {
		t.Fatalf("marked %v, %v", ids, err)
	}
	if h.feed(a.ID).UnreadCount != 0 || h.feed(b.ID).UnreadCount != 1 {
		t.Fatalf("unread after marking News: %d, %d", h.feed(a.ID).UnreadCount, h.feed(b.ID).UnreadCount)
	}
	if n, err := h.eng.UndoMarkRead(ctx, ids); n != 2 || err != nil {
		t.Fatalf("undo changed %d, %v", n, err)
	}
	if got := h.feed(a.ID).UnreadCount; got != 2 {
		t.Errorf("undo left %d unread; the item read before stays read", got)
	}
}

func TestHealthSaysWhenAndWhy(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.srv.serveDoc("/ttl.xml", rssDoc("<ttl>2880</ttl>", "a"), "ETag", `"v1"`)
	h.srv.serveDoc("/plain.xml", rssDoc("", "a"))
	h.srv.handle("/down.xml", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "no", 503) })
	ttl, plain, down := h.add("/ttl.xml"), h.add("/plain.xml"), h.add("/down.xml")
	never := h.add("/never.xml")
	manual := h.add("/manual.xml", store.NewFeed{Sync: store.SyncManual})
	h.mustSync(ttl)
	h.mustSync(plain)
	h.sync(down)
	for _, tc := range []struct {
		name string
		feed store.Feed
		next bool
		want []string
	}{
		{"ttl wins", ttl, true, []string{"publisher's TTL of 2 days", "default interval of 1 day"}},
		{"default interval", plain, true, []string{"the default interval of 1 day", "10% salt"}},
		{"back-off", down, true, []string{"back-off after 1 failure"}},
		{"never downloaded", never, false, []string{"never downloaded"}},
		{"manual", manual, false, []string{"manual"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := h.eng.Health(ctx, tc.feed.ID)
			if err != nil {
				t.Fatal(err)
			}
			if (got.NextSync != nil) != tc.next {
				t.Errorf("next sync %v", got.NextSync)
			}
			for _, w := range tc.want {
				if !strings.Contains(got.Why, w) {
					t.Errorf("why %q lacks %q", got.Why, w)
				}
			}
		})
	}
	hl, _ := h.eng.Health(ctx, ttl.ID)
	if hl.LastSync == nil || hl.LastSync.Status != 200 || hl.Feed.State.ETag != `"v1"` {
		t.Errorf("last sync %+v, etag %q", hl.LastSync, hl.Feed.State.ETag)
	}
	h.clock.Advance(72 * time.Hour)
	if hl, _ := h.eng.Health(ctx, plain.ID); !strings.HasPrefix(hl.Why, "due now") {
		t.Errorf("an overdue feed: %q", hl.Why)
	}
}

func TestImportKeepsTheOutlinesTitles(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.srv.serveDoc("/a.xml", rssDoc("", "one")) // the feed calls itself "T"
	doc := &opml.Document{Root: opml.Folder{Feeds: []opml.Feed{{URL: h.srv.URL + "/a.xml", Title: "My name for it"}}}}
	if _, err := h.eng.ImportOPML(ctx, doc); err != nil {
		t.Fatal(err)
	}
	f, err := h.store.ResolveFeed(ctx, h.srv.URL+"/a.xml")
	if err != nil {
		t.Fatal(err)
	}
	h.mustSync(f)
	if got := h.feed(f.ID); got.Title != "My name for it" || !got.CustomTitle {
		t.Errorf("after a download the title is %q (custom %v)", got.Title, got.CustomTitle)
	}
}

func TestDownloadedEnclosureOnlyOnceTheFileIsThere(t *testing.T) {
	h := newEncHarness(t)
	ctx := context.Background()
	h.srv.handle("/ep1.mp3", serveRanges(content(3000, 1), `"e1"`))
	f := h.podcast("/pod.xml", false, "/ep1.mp3")
	h.mustSync(f)
	item := h.items(f)[0]
	if _, err := h.eng.DownloadedEnclosure(ctx, item.ID); !errors.Is(err, ErrNotDownloaded) {
		t.Fatalf("before the download: %v", err)
	}
	if _, err := h.eng.DownloadItem(ctx, item.ID); err != nil {
		t.Fatal(err)
	}
	enc, err := h.eng.DownloadedEnclosure(ctx, item.ID)
	if err != nil || enc.Path == "" {
		t.Fatalf("after the download: %+v, %v", enc, err)
	}
	mustEqualFile(t, enc.Path, content(3000, 1))
}
