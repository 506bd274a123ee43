package engine

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/store"
)

func TestHostileNamesCannotWriteOutsideTheFeedFolder(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	paths := []string{
		"/..%2F..%2Fescape.mp3", "/%2e%2e%2f%2e%2e%2fescape2.mp3", "/..%5C..%5Cescape3.mp3",
		"/.hidden.mp3", "/ctl%1B%5D0%3Bpwned%07.mp3", "/cd.mp3", "/",
	}
	body := content(5000, 20)
	for _, p := range paths {
		decoded, _ := url.PathUnescape(p) // the recorder routes by the decoded path
		h.srv.handle(decoded, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Disposition", `attachment; filename="../../../../cd-escape.mp3"`)
			serveRanges(body, `"h"`)(w, r)
		})
	}
	doc := strings.Replace(podcastDoc(paths...), "<title>Episode 1</title>", "<title>../../../title-escape</title>", 1)
	h.srv.serveDoc("/feed", doc)
	f := h.add("/feed", store.NewFeed{DownloadEnclosures: true})
	h.mustSync(f)
	h.wait()
	var names []string
	for _, e := range h.enclosures(f) {
		if e.Status != store.EnclosureDownloaded {
			t.Errorf("%s: %+v", e.URL, e)
			continue
		}
		if filepath.Dir(e.Path) != h.folder(f) {
			t.Errorf("%s was written to %s, outside the feed's folder %s", e.URL, e.Path, h.folder(f))
		}
		names = append(names, filepath.Base(e.Path))
		mustEqualFile(t, e.Path, body)
	}
	slices.Sort(names)
	want := []string{"cd.mp3", "ctl]0;pwned.mp3", "escape.mp3", "escape2.mp3", "escape3.mp3", "hidden.mp3", "title-escape.mp3"}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("names %q, want %q", names, want)
	}
	for _, dir := range []string{h.dir, filepath.Dir(h.dir), filepath.Dir(filepath.Dir(h.dir))} {
		for _, bad := range []string{"escape.mp3", "cd-escape.mp3", "title-escape.mp3", "hidden.mp3"} {
			if _, err := os.Lstat(filepath.Join(dir, bad)); err == nil {
				t.Errorf("%s escaped to %s", bad, dir)
			}
		}
	}
	if got := len(h.files()); got != len(want) {
		t.Errorf("%d files in the enclosure directory, want %d: %v", got, len(want), h.files())
	}
}

func TestSameNameIsMadeUnique(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	for _, p := range []string{"/a/ep.mp3", "/b/ep.mp3", "/c/ep.mp3"} {
		h.srv.handle(p, serveRanges(content(10, 21), `"u"`))
	}
	f := h.podcast("/feed", true, "/a/ep.mp3", "/b/ep.mp3", "/c/ep.mp3")
	h.mustSync(f)
	h.wait()
	var names []string
	for _, e := range h.enclosures(f) {
		names = append(names, filepath.Base(e.Path))
	}
	slices.Sort(names)
	if fmt.Sprint(names) != "[ep (2).mp3 ep (3).mp3 ep.mp3]" {
		t.Fatalf("names %q", names)
	}
}

func TestPurgedItemsTakeTheirFilesWithThem(t *testing.T) {
	h := newEncHarness(t)
	h.setChunk(64 << 10)
	h.start()
	h.srv.handle("/one.mp3", serveRanges(content(1000, 22), `"1"`))
	h.srv.handle("/two.mp3", cutOnce(content(200<<10, 23), `"2"`, 65536, 10))
	h.srv.handle("/three.mp3", serveRanges(content(1000, 24), `"3"`))
	h.srv.serveDoc("/feed", podcastDoc("/one.mp3"))
	f := h.add("/feed", store.NewFeed{DownloadEnclosures: true, MaxItems: 1})
	h.mustSync(f)
	h.wait()
	one := h.enclosure(f, "/one.mp3").Path
	h.srv.serveDoc("/feed", podcastDoc("/two.mp3"))
	r := h.mustSync(f)
	h.wait()
	if _, err := os.Stat(one); !os.IsNotExist(err) || len(r.Files) != 1 {
		t.Fatalf("the purged item's file is still there (%v), result files %v", err, r.Files)
	}
	two := h.enclosure(f, "/two.mp3")
	if two.Status != store.EnclosureFailed || two.Path == "" {
		t.Fatalf("two %+v, want a failed transfer that keeps its partial file", two)
	}
	h.srv.serveDoc("/feed", podcastDoc("/three.mp3"))
	h.mustSync(f)
	h.wait()
	if files := h.files(); fmt.Sprint(files) != fmt.Sprint([]string{filepath.Join(fmt.Sprint(f.ID), "three.mp3")}) {
		t.Fatalf("files %v, want only three.mp3 (partial and meta files of two purged too)", files)
	}
}

func TestRemovedFeedTakesItsFolder(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	h.srv.handle("/ep.mp3", serveRanges(content(100, 25), `"r"`))
	f := h.podcast("/feed", true, "/ep.mp3")
	h.mustSync(f)
	h.wait()
	if _, err := h.eng.Unsubscribe(context.Background(), f.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(h.folder(f)); !os.IsNotExist(err) {
		t.Fatalf("the feed's folder is still there: %v", err)
	}
}
