package cli

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// serveEndlessIDs answers stream/items/ids with pages of 10,000 fresh
// ids of 16 digits (as FreshRSS writes them) and a new continuation,
// forever; pages counts them.
func serveEndlessIDs(pages *atomic.Int64) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := pages.Add(1)
		var b strings.Builder
		b.WriteString(`{"itemRefs":[`)
		for i := range int64(10000) {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"%d","directStreamIds":[],"timestampUsec":"%d"}`, 1700000000000000+p*10000+i, 1700000000000000+i)
		}
		fmt.Fprintf(&b, `],"continuation":"%d"}`, 1700000000000000+p*10000)
		io.WriteString(w, b.String())
	}
}

// A sync server whose listing of item ids never ends (pages of 10,000
// ids with a new continuation every time) is stopped after a bounded
// number of requests with one line, and the real binary's peak RSS stays
// at most 100 MB — the twin of TestHostileServersAllAtOnceStayUnder100MB
// for the sync server.
func TestHostileSyncServerStaysUnder100MB(t *testing.T) {
	g := newFakeGReader(t, "127.0.0.2")
	g.setSubscriptions([3]string{"feed/1", "http://127.0.0.1/f.xml", "F"})
	var pages atomic.Int64
	g.ids = serveEndlessIDs(&pages)
	u := newUser(t)
	u.writeConfig(greaderConfig(g.url, "pw", "")) // the defaults but the bucket: memory does not depend on it
	r, rss := u.runMeasured("sync")
	t.Logf("endless sync server: %d pages of ids, peak RSS %.1f MB (limit %d MB); stderr %q",
		pages.Load(), float64(rss)/(1<<20), maxHostileRSS>>20, r.stderr)
	if r.code != 0 {
		t.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
	}
	if lines := stderrLines(r.stderr); len(lines) != 1 || !strings.Contains(lines[0], "remote.max_listed_items") {
		t.Errorf("stderr %q, want one line naming remote.max_listed_items", r.stderr)
	}
	if n := pages.Load(); n > 21 {
		t.Errorf("%d pages asked of an endless listing, want at most 21 (200,000 ids)", n)
	}
	if rss > maxHostileRSS {
		t.Fatalf("peak RSS %.1f MB, want at most %d MB", float64(rss)/(1<<20), maxHostileRSS>>20)
	}
}
