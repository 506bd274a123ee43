package engine

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/sanitize"
)

// hostileSuffixes are what a redirect, an XML redirect or an OPML file
// tried to carry into a stored address: C1 controls (as a character and as
// a raw 8-bit CSI byte), a bidi override, a zero-width space and ESC.
var hostileSuffixes = map[string]string{
	"NEL":        "/moved\u0085",
	"raw CSI":    "/moved\x9b2J",
	"C1 CSI":     "/moved\u009b2J",
	"RLO":        "/moved\u202egpj.exe",
	"zero width": "/mo\u200bved",
	"ESC":        "/moved\x1b]0;pwned\x07",
}

// A 301 whose Location holds what a terminal or a log could misread is not
// followed: the sync fails in one line, nothing moves, the target is never
// asked.
func TestHostileRedirectLocationIsRefused(t *testing.T) {
	for name, suffix := range hostileSuffixes {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.handle("/old", func(w http.ResponseWriter, _ *http.Request) {
				w.Header()["Location"] = []string{h.srv.URL + suffix}
				w.WriteHeader(http.StatusMovedPermanently)
			})
			h.srv.serveDoc(suffix, rssDoc("", "should not be read"))
			f := h.add("/old")
			r := h.sync(f)
			if r.Err == nil {
				t.Fatal("a redirect to a hostile address was followed")
			}
			checkNoMove(t, h, f.ID, suffix, r.Err)
		})
	}
}

// An XML redirect's newLocation passes the same check.
func TestHostileXMLRedirectIsRefused(t *testing.T) {
	for name, suffix := range hostileSuffixes {
		if strings.ContainsAny(suffix, "\x1b\x07\x9b") {
			continue // not a character XML can hold: the document itself is refused
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.serveDoc("/old", `<?xml version="1.0"?><redirect><newLocation>`+h.srv.URL+suffix+`</newLocation></redirect>`)
			h.srv.serveDoc(suffix, rssDoc("", "should not be read"))
			f := h.add("/old")
			r := h.sync(f)
			if r.Err == nil {
				t.Fatal("an XML redirect to a hostile address was followed")
			}
			checkNoMove(t, h, f.ID, suffix, r.Err)
		})
	}
}

// checkNoMove fails t when the feed moved, when anything was asked of the
// hostile target, or when the error is not one clean line.
func checkNoMove(t *testing.T, h *harness, feedID int64, target string, err error) {
	t.Helper()
	got := h.feed(feedID)
	if got.URL != h.srv.URL+"/old" {
		t.Fatalf("the subscription moved to %q", got.URL)
	}
	if n := len(h.srv.requests(target)); n != 0 {
		t.Fatalf("the hostile target was asked %d times", n)
	}
	for _, s := range []string{err.Error(), got.State.LastError} {
		if sanitize.Terminal(s) != s || strings.ContainsAny(s, "\n\r") {
			t.Fatalf("the error carries a control: %q", s)
		}
	}
}

// Validators are stored only when they are printable ASCII: a byte of
// 0x80 or more (or a control) leaves that validator empty.
func TestValidatorsAreKeptPrintable(t *testing.T) {
	cases := []struct{ etag, lastModified, wantETag, wantLM string }{
		{`"abc"`, "Mon, 02 Nov 2026 10:00:00 GMT", `"abc"`, "Mon, 02 Nov 2026 10:00:00 GMT"},
		{"\"a\x9b2J\"", "Mon, 02 Nov 2026 10:00:00 GMT\xe2\x80\xae", "", ""},
		{"\"\xc3\xa9\"", "", "", ""},
		{`"` + strings.Repeat("x", 600) + `"`, "", "", ""},
	}
	for _, c := range cases {
		h := newHarness(t)
		h.srv.handle("/f", func(w http.ResponseWriter, _ *http.Request) {
			w.Header()["Etag"] = []string{c.etag}
			if c.lastModified != "" {
				w.Header()["Last-Modified"] = []string{c.lastModified}
			}
			w.Write([]byte(rssDoc("", "one")))
		})
		f := h.add("/f")
		h.mustSync(f)
		st := h.feed(f.ID).State
		if st.ETag != c.wantETag || st.LastModified != c.wantLM {
			t.Errorf("ETag %q, Last-Modified %q stored as %q, %q; want %q, %q", c.etag, c.lastModified, st.ETag, st.LastModified, c.wantETag, c.wantLM)
		}
	}
}

// An OPML outline whose xmlUrl is not a web address — another scheme, a
// newline that would forge an output line, a bidi override, C1 — is
// skipped with one notice; the others are imported.
func TestImportOPMLRefusesAddressesThatAreNotWebAddresses(t *testing.T) {
	h := newHarness(t)
	doc, err := opml.Decode(strings.NewReader(`<?xml version="1.0"?><opml version="2.0"><body>
<outline text="passwd" xmlUrl="file:///etc/passwd"/>
<outline text="forged" xmlUrl="http://127.0.0.1/a&#10;tidings: all feeds removed"/>
<outline text="rlo" xmlUrl="http://127.0.0.1/&#x202E;lmx.exe"/>
<outline text="c1" xmlUrl="http://127.0.0.1/&#x9B;2J"/>
<outline text="script" xmlUrl="javascript:alert(1)"/>
<outline text="good" xmlUrl="http://127.0.0.1/good.xml"/>
</body></opml>`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := h.eng.ImportOPML(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if out.Added != 1 || len(out.Notices) != 5 {
		t.Fatalf("added %d with notices %q; want 1 added and 5 notices", out.Added, out.Notices)
	}
	for _, n := range out.Notices {
		if sanitize.Terminal(n) != n || strings.ContainsAny(n, "\n\r") {
			t.Fatalf("notice carries a control: %q", n)
		}
	}
	feeds, err := h.store.Feeds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(feeds) != 1 || feeds[0].URL != "http://127.0.0.1/good.xml" {
		t.Fatalf("stored feeds %v", feeds)
	}
}

// A parser's error quotes what the document held; the error stored with
// the failure is plain text on one line, bounded.
func TestStoredFailureIsPlainText(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", "<rss version=\"2.0\"><channel></chan\u202e\u0085nel"+strings.Repeat("x", 3000)+"></rss>")
	f := h.add("/f")
	if r := h.sync(f); r.Err == nil {
		t.Fatal("a broken document was accepted")
	}
	got := h.feed(f.ID).State.LastError
	if got == "" || sanitize.Text(got) != got || len(got) > maxFailureText+len("…") {
		t.Fatalf("stored error %q is not plain bounded text", got)
	}
}
