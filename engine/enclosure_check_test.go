package engine

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

func TestDangerousTypesAreBlockedWithoutARequest(t *testing.T) {
	h := newEncHarness(t)
	h.start()
	cases := map[string]string{ // enclosure (path|declared type) → what the error names
		"/setup.exe":                 ".exe",
		"/install.sh":                ".sh",
		"/launcher.desktop":          ".desktop",
		"/SHOUT.EXE":                 ".exe",
		"/trailing.exe.":             ".exe",
		"/dir/evil.exe/":             ".exe",
		"/song.mp3|application/x-sh": "application/x-sh",
		"/song2.mp3|Application/X-MSDownload; q=1": "application/x-msdownload",
		"/page?x=1|text/javascript":                "text/javascript",
	}
	var encs []string
	for enc := range cases {
		encs = append(encs, enc)
		p, _, _ := strings.Cut(enc, "|")
		p, _, _ = strings.Cut(p, "?")
		h.srv.handle(p, servePlain([]byte("#!/bin/sh\n")))
	}
	f := h.podcast("/feed", true, encs...)
	r := h.mustSync(f)
	h.wait()
	if len(r.Enclosures) != len(cases) {
		t.Fatalf("the sync reported %d enclosures, want %d", len(r.Enclosures), len(cases))
	}
	for enc, reason := range cases {
		p, _, _ := strings.Cut(enc, "|")
		e := h.enclosure(f, p)
		if e.Status != store.EnclosureBlocked || !strings.HasPrefix(e.Error, "blocked: ") || !strings.Contains(e.Error, reason) {
			t.Errorf("%s: %+v, want blocked naming %s", enc, e, reason)
		}
		path, _, _ := strings.Cut(p, "?")
		if n := len(h.srv.requests(path)); n != 0 {
			t.Errorf("%s was requested %d times, want never", enc, n)
		}
	}
	if files := h.files(); len(files) != 0 {
		t.Fatalf("files written: %v", files)
	}
}

func TestExtraBlockedExtensionsFromTheConfig(t *testing.T) {
	h := newEncHarness(t, func(c *config.Config) { c.Enclosures.ExtraBlockedExtensions = []string{".mp3"} })
	h.start()
	f := h.podcast("/feed", true, "/ep.mp3")
	h.mustSync(f)
	h.wait()
	if e := h.enclosure(f, "/ep.mp3"); e.Status != store.EnclosureBlocked || len(h.srv.requests("/ep.mp3")) != 0 {
		t.Fatalf("enclosure %+v", e)
	}
}

func TestTheResponseIsCheckedAgain(t *testing.T) {
	exe := []byte("MZ\x90\x00")
	for _, c := range []struct {
		name, reason string
		handler      http.HandlerFunc
	}{
		{"redirect to an .exe", "final URL's extension .exe", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/payload.exe", http.StatusFound)
		}},
		{"executable Content-Type", "served type application/x-msdownload", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/x-msdownload")
			w.Write(exe)
		}},
		{"Content-Disposition names a script", "file name .sh", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Disposition", `attachment; filename="../../run.sh"`)
			w.Write(exe)
		}},
		{"RFC 2231 file name", "file name .desktop", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Disposition", `attachment; filename*=UTF-8''app%2Edesktop`)
			w.Write(exe)
		}},
		{"malformed Content-Disposition", "file name .exe", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Disposition", `attachment; filename=x.mp3; filename=setup.exe`)
			w.Write(exe)
		}},
		{"range response with an executable type", "served type application/x-sh", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/x-sh")
			w.Header().Set("Content-Range", "bytes 0-3/4")
			w.WriteHeader(http.StatusPartialContent)
			w.Write(exe)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newEncHarness(t)
			h.start()
			h.srv.handle("/ep.mp3", c.handler)
			h.srv.handle("/payload.exe", servePlain(exe))
			f := h.podcast("/feed", true, "/ep.mp3")
			h.mustSync(f)
			h.wait()
			e := h.enclosure(f, "/ep.mp3")
			if e.Status != store.EnclosureBlocked || !strings.Contains(e.Error, c.reason) || e.Path != "" {
				t.Fatalf("enclosure %+v, want blocked naming %q", e, c.reason)
			}
			if files := h.files(); len(files) != 0 {
				t.Fatalf("files left: %v", files)
			}
		})
	}
}
