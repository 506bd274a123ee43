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
	"unicode"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/store"
)

func TestEnclosureFileName(t *testing.T) {
	for _, c := range []struct{ url, title, typ, want string }{
		{"http://a.example/show/ep%201.mp3?x=1", "", "", "ep 1.mp3"},
		{"http://a.example/..%2F..%2Fescape.mp3", "", "", "escape.mp3"},
		{"http://a.example/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "", "", "etcpasswd"},
		{`http://a.example/..%5C..%5Cwin.mp3`, "", "", "win.mp3"},
		{"http://a.example/.bashrc", "", "", "bashrc"},
		{"http://a.example/...", "Talk", "audio/mpeg", "Talk.mp3"},
		{"http://a.example/a..b.mp3", "", "", "ab.mp3"},
		{"http://a.example/%1B%5B31mred%07.mp3", "", "", "[31mred.mp3"},
		{"http://a.example/rtl%E2%80%AEgpj.exe", "", "", "rtlgpj.exe"},
		{"http://a.example/", "Episode 1: ../../The Start", "audio/mp4", "Episode 1: The Start.m4a"},
		{"http://a.example/", "", "video/mp4", "enclosure-7.mp4"},
		{"http://a.example/", "...", "", "enclosure-7"},
		{"http://a.example/name.mp3.", "", "", "name.mp3"},
	} {
		if got := enclosureFileName(c.url, c.title, c.typ, 7); got != c.want {
			t.Errorf("enclosureFileName(%q, %q) = %q, want %q", c.url, c.title, got, c.want)
		}
	}
	long := strings.Repeat("é", 300) + ".mp3"
	if got := cleanFileName(long); len(got) > maxNameBytes || !strings.HasSuffix(got, "é.mp3") || !utf8.ValidString(got) {
		t.Errorf("a long name became %q (%d bytes)", got, len(got))
	}
}

func TestNumberedNames(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want string
	}{{"ep.mp3", 1, "ep.mp3"}, {"ep.mp3", 2, "ep (2).mp3"}, {"README", 3, "README (3)"}} {
		if got := numbered(c.name, c.n); got != c.want {
			t.Errorf("numbered(%q, %d) = %q, want %q", c.name, c.n, got, c.want)
		}
	}
}

func TestInFolder(t *testing.T) {
	dir := filepath.Join(string(filepath.Separator), "enc", "7")
	for _, c := range []struct {
		p  string
		ok bool
	}{
		{filepath.Join(dir, "ep.mp3"), true},
		{filepath.Join(dir, "..", "ep.mp3"), false},
		{filepath.Join(dir, "sub", "ep.mp3"), false},
		{dir, false},
		{filepath.Join(dir, "..", "7", "ep.mp3"), true},
		{"/etc/passwd", false},
	} {
		if got := inFolder(dir, c.p); got != c.ok {
			t.Errorf("inFolder(%q, %q) = %v", dir, c.p, got)
		}
	}
}

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
	h.eng.dl.chunk = 64 << 10
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
	files, err := h.store.RemoveFeed(context.Background(), f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if errs := RemoveEnclosureFiles(files); len(errs) > 0 {
		t.Fatal(errs)
	}
	if _, err := os.Stat(h.folder(f)); !os.IsNotExist(err) {
		t.Fatalf("the feed's folder is still there: %v", err)
	}
}

func FuzzCleanFileName(f *testing.F) {
	for _, s := range []string{"ep.mp3", "../../x", `..\..\x`, ".hidden", "a\x00b", "\u202egpj.exe", "...", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name := cleanFileName(s)
		if name == "" {
			return
		}
		if strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || strings.HasPrefix(name, ".") ||
			len(name) > maxNameBytes || !utf8.ValidString(name) {
			t.Fatalf("cleanFileName(%q) = %q", s, name)
		}
		for _, r := range name {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				t.Fatalf("cleanFileName(%q) = %q keeps %U", s, name, r)
			}
		}
		dir := filepath.Join(string(filepath.Separator), "enc", "1")
		if !inFolder(dir, filepath.Join(dir, name)) {
			t.Fatalf("cleanFileName(%q) = %q leaves the folder", s, name)
		}
	})
}
