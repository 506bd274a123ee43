package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// fakeGReader is a Google Reader server a test scripts: its subscription
// list is what the test sets, it holds no items (unless ids says
// otherwise), and it counts the requests it answers.
type fakeGReader struct {
	url      string
	mu       sync.Mutex
	subs     []map[string]any
	requests atomic.Int64
	// ids, when not nil, answers stream/items/ids.
	ids http.HandlerFunc
	// login, when not nil, answers accounts/ClientLogin.
	login http.HandlerFunc
}

func newFakeGReader(t *testing.T, host string) *fakeGReader {
	t.Helper()
	g := &fakeGReader{}
	srv := serveOnHost(t, host, http.HandlerFunc(g.serve))
	g.url = srv.URL + "/api/greader.php"
	return g
}

// setSubscriptions sets the subscription list: id, URL and title each.
func (g *fakeGReader) setSubscriptions(subs ...[3]string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.subs = nil
	for _, s := range subs {
		g.subs = append(g.subs, map[string]any{"id": s[0], "url": s[1], "title": s[2], "htmlUrl": "",
			"categories": []map[string]string{{"id": "user/-/label/Server", "label": "Server"}}})
	}
}

func (g *fakeGReader) serve(w http.ResponseWriter, r *http.Request) {
	g.requests.Add(1)
	path := r.URL.Path
	switch {
	case strings.HasSuffix(path, "/accounts/ClientLogin"):
		if g.login != nil {
			g.login(w, r)
			return
		}
		io.WriteString(w, "SID=x\nAuth=me/abc\n")
	case strings.HasSuffix(path, "/reader/api/0/token"):
		io.WriteString(w, "tok")
	case strings.HasSuffix(path, "/subscription/list"):
		g.mu.Lock()
		defer g.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"subscriptions": g.subs})
	case strings.HasSuffix(path, "/stream/items/ids") && g.ids != nil:
		g.ids(w, r)
	case strings.HasSuffix(path, "/stream/items/ids"):
		io.WriteString(w, `{"itemRefs":[]}`)
	case strings.HasSuffix(path, "/stream/items/contents"):
		io.WriteString(w, `{"items":[]}`)
	default:
		io.WriteString(w, "OK")
	}
}

// greaderConfig is a config with the account at url, unthrottled.
func greaderConfig(url, password, extra string) string {
	return fmt.Sprintf("[sync]\nbucket_refill_per_second = 0\n%s\n[remote]\ntype = \"greader\"\nurl = %q\nuser = \"me\"\npassword = %q\n",
		extra, url, password)
}

// noControls fails t when s holds a terminal control (ESC, BEL, C1).
func noControls(t *testing.T, what, s string) {
	t.Helper()
	for _, r := range s {
		if (r < ' ' && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			t.Errorf("%s holds control %U: %q", what, r, s)
			return
		}
	}
}
