package enclosure

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// serveFile serves body at path with Range support.
func (r *rig) serveFile(path string, body []byte) {
	r.mux.HandleFunc(path, func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("ETag", `"f"`)
		http.ServeContent(w, req, "", time.Time{}, bytes.NewReader(body))
	})
}

// mustDownload downloads job and returns its record.
func (r *rig) mustDownload(job store.EnclosureJob) store.EnclosureJob {
	r.t.Helper()
	res, j := r.download(job)
	if res.Err != nil || j.Status != store.EnclosureDownloaded {
		r.t.Fatalf("download %s: %+v %+v", job.URL, res, j)
	}
	return j
}

// purgeOldest adds an item and keeps the newest two: the item just added
// and the newest of the rig's, and deletes what the store says the purged
// ones leave.
func (r *rig) purgeOldest() {
	r.t.Helper()
	r.n++
	pub := r.at.Add(time.Duration(r.n) * time.Hour)
	res := r.record(document.Item{GUID: "newest", Title: "Newest", Published: &pub}, 2)
	if errs := RemoveFiles(res.RemovedFiles); len(errs) > 0 {
		r.t.Fatal(errs)
	}
}

func mustHold(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: %d bytes (%v), want its %d bytes intact", path, len(got), err, len(want))
	}
}

func mustBeGone(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Fatalf("%s is still there (%v)", path, err)
	}
}

// Two items of one feed whose files are a.mp3 and a.mp3.part: purging the
// first deletes its file and nothing named after it.
func TestPurgeDeletesOnlyTheRecordedFile(t *testing.T) {
	r := newRig(t, nil)
	one, two := []byte("first episode"), []byte("second episode, named like a partial file")
	r.serveFile("/a.mp3", one)
	r.serveFile("/a.mp3.part", two)
	a := r.mustDownload(r.item("/a.mp3", 0))
	b := r.mustDownload(r.item("/a.mp3.part", 0))
	if filepath.Base(b.Path) != "a.mp3.part" || filepath.Dir(a.Path) != filepath.Dir(b.Path) {
		t.Fatalf("files %s and %s, want a.mp3 and a.mp3.part side by side", a.Path, b.Path)
	}
	r.purgeOldest() // a.mp3's item
	mustBeGone(t, a.Path)
	mustHold(t, b.Path, two)
}

// The other way round: a.mp3.part is taken first, so a.mp3 must not write
// its partial file there; purging a.mp3.part's item leaves a.mp3 whole.
func TestANameIsNotGivenOutWhileItsPartialNameIsAnothersFile(t *testing.T) {
	r := newRig(t, nil)
	one, two := []byte("named like a partial file"), []byte("the episode")
	r.serveFile("/a.mp3.part", one)
	r.serveFile("/a.mp3", two)
	b := r.mustDownload(r.item("/a.mp3.part", 0))
	a := r.mustDownload(r.item("/a.mp3", 0))
	if filepath.Base(a.Path) != "a (2).mp3" {
		t.Fatalf("a.mp3 went to %s, want a (2).mp3 (a.mp3.part is another item's file)", a.Path)
	}
	mustHold(t, b.Path, one)
	r.purgeOldest() // a.mp3.part's item
	mustBeGone(t, b.Path)
	mustHold(t, a.Path, two)
}

// Downloading a.mp3 again once another item's a.mp3.part exists neither
// truncates nor deletes that file, and keeps a.mp3's own name.
func TestDownloadingAgainLeavesAnotherItemsFileAlone(t *testing.T) {
	r := newRig(t, nil)
	one, two := []byte("the episode"), []byte("named like a partial file")
	r.serveFile("/a.mp3", one)
	r.serveFile("/a.mp3.part", two)
	first := r.item("/a.mp3", 0)
	a := r.mustDownload(first)
	b := r.mustDownload(r.item("/a.mp3.part", 0))
	again := r.mustDownload(r.job(first.ID))
	mustHold(t, b.Path, two)
	mustHold(t, again.Path, one)
	if again.Path != a.Path && exists(a.Path) {
		t.Errorf("the earlier file %s stayed beside the new %s", a.Path, again.Path)
	}
	if files := r.files(); len(files) != 2 {
		t.Errorf("files %v, want the two episodes only", files)
	}
}

// An enclosure directory that someone else could change — a folder others
// may write, or one owned by another user — is never written into: a
// link planted there would have a download write through it.
func TestAFolderOthersCouldChangeIsNotWrittenInto(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a folder to another user (chown)")
	}
	for name, prepare := range map[string]func(dir string) error{
		"writable by others": func(dir string) error { return os.Chmod(dir, 0o777) },
		"owned by nobody":    func(dir string) error { return os.Chown(dir, 65534, 65534) },
	} {
		t.Run(name, func(t *testing.T) {
			shared := filepath.Join(t.TempDir(), "public")
			if err := os.Mkdir(shared, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := prepare(shared); err != nil {
				t.Fatal(err)
			}
			r := newRig(t, func(c *config.EnclosureConfig) { c.Directory = shared })
			r.serveFile("/a.mp3", []byte("episode"))
			res, _ := r.download(r.item("/a.mp3", 0))
			if res.Err == nil || !strings.Contains(res.Err.Error(), "will not write into") {
				t.Fatalf("download into a folder %s: %v, want a refusal", name, res.Err)
			}
			if entries, _ := os.ReadDir(shared); len(entries) != 0 {
				t.Fatalf("%d entries written into the folder", len(entries))
			}
		})
	}
}
