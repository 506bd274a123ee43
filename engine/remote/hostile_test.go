package remote_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
)

// The hostile servers of these tests speak just enough of each protocol
// to log in and then attack one answer.

const (
	hostileUser     = "me"
	hostilePassword = "pa$$ word/ü"
	hostileToken    = "tok-3f9a1c"
	// osc sets the terminal's title; csi clears the screen.
	osc = "\x1b]0;pwned\x07"
	csi = "\x1b[2J"
)

// hostile starts a loopback server on host (127.0.0.N) whose API answers
// come from h; ClientLogin and token are answered unless h handles them.
func hostile(t *testing.T, host string, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// greaderBasics answers ClientLogin and token, and hands the rest to h.
func greaderBasics(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/accounts/ClientLogin"):
			io.WriteString(w, "SID=x\nAuth=me/0123abcd\n")
		case strings.HasSuffix(r.URL.Path, "/reader/api/0/token"):
			io.WriteString(w, "tok\n")
		default:
			h(w, r)
		}
	}
}

// serviceOf opens an account of type typ at rawURL through a real door
// (limits of a default configuration, unthrottled).
func serviceOf(t *testing.T, typ, rawURL string, opts ...func(*remote.Options)) remote.Service {
	t.Helper()
	return serviceVia(t, typ, rawURL, nil, opts...)
}

func serviceVia(t *testing.T, typ, rawURL string, transport http.RoundTripper, opts ...func(*remote.Options)) remote.Service {
	t.Helper()
	door := fetch.New(fetch.Options{Transport: transport, UserAgent: "tidings-test", ConnectTimeout: 5 * time.Second,
		ResponseTimeout: 30 * time.Second, MaxBody: 1 << 20, BucketInitial: 1, BucketCapacity: 1,
		InFlight: 4, PerHost: 2})
	o := remote.Options{Type: typ, URL: rawURL, User: hostileUser, HTTP: door, Timeout: 30 * time.Second,
		Secret: func(context.Context) (string, error) { return hostilePassword, nil }}
	for _, opt := range opts {
		opt(&o)
	}
	s, err := remote.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkOneCleanLine fails unless msg is one line of printable text
// without the secrets.
func checkOneCleanLine(t *testing.T, msg string) {
	t.Helper()
	for _, r := range msg {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			t.Errorf("message holds control %U: %q", r, msg)
			break
		}
	}
	for _, secret := range []string{hostilePassword, "pa%24%24", "pa$$", hostileToken, "me/0123abcd"} {
		if strings.Contains(msg, secret) {
			t.Errorf("message holds the secret %q: %q", secret, msg)
		}
	}
}

// A server's subscriptions enter as checked values: a URL that is not a
// web address (a script, controls, bidi, whitespace) makes the
// subscription be left out with one line; titles and labels are plain
// text of bounded length; ids are checked; an empty title stays empty
// (the engine shows the normalised URL). Both protocols.
func TestHostileSubscriptionsPassTheEntryRules(t *testing.T) {
	long := strings.Repeat("T", 100<<10)
	type sub struct{ id, url, title, site, label string }
	subs := []sub{
		{"1", "http://127.0.0.1/ok.xml", "Fine " + osc + "title" + csi, "javascript:alert(1)", "News" + osc},
		{"2", "http://127.0.0.1/a.xml\x1b]0;x\x07", "control in URL", "", ""},
		{"3", "javascript:alert(1)", "script URL", "", ""},
		{"4", "http://127.0.0.1/\u202egnp.xml", "bidi in URL", "", ""},
		{"5", "http://127.0.0.1/empty.xml", "", "http://127.0.0.1/site", ""},
		{"6", "http://127.0.0.1/long.xml", long, "", long},
	}
	greader := func(w http.ResponseWriter, r *http.Request) {
		var list []map[string]any
		for _, s := range subs {
			list = append(list, map[string]any{"id": "feed/" + s.id, "url": s.url, "title": s.title, "htmlUrl": s.site,
				"categories": []map[string]string{{"id": "user/-/label/" + s.label, "label": s.label}}})
		}
		list = append(list, map[string]any{"id": "feed/\x1b[2J", "url": "http://127.0.0.1/badid.xml", "title": "bad id"})
		json.NewEncoder(w).Encode(map[string]any{"subscriptions": list})
	}
	miniflux := func(w http.ResponseWriter, r *http.Request) {
		var list []map[string]any
		for _, s := range subs {
			list = append(list, map[string]any{"id": json.Number(s.id), "feed_url": s.url, "title": s.title, "site_url": s.site,
				"category": map[string]any{"id": 1, "title": s.label}})
		}
		list = append(list, map[string]any{"id": -4, "feed_url": "http://127.0.0.1/badid.xml", "title": "bad id"})
		json.NewEncoder(w).Encode(list)
	}
	for _, tc := range []struct {
		typ string
		h   http.HandlerFunc
	}{{remote.TypeGReader, greaderBasics(greader)}, {remote.TypeMiniflux, miniflux}} {
		t.Run(tc.typ, func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", tc.h)
			feeds, refused, err := serviceOf(t, tc.typ, srv.URL).Feeds(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(feeds) != 3 || len(refused) != 4 {
				t.Fatalf("got %d feeds and %d refused (%q), want 3 and 4", len(feeds), len(refused), refused)
			}
			for _, line := range refused {
				checkOneCleanLine(t, line)
			}
			first := feeds[0]
			if first.Title != "Fine ]0;pwnedtitle[2J" || first.Label != "News]0;pwned" || !first.SiteURL.IsZero() || first.URL.String() != "http://127.0.0.1/ok.xml" {
				t.Errorf("first subscription = %+v", first)
			}
			if f := feeds[1]; f.Title != "" || f.SiteURL.String() != "http://127.0.0.1/site" {
				t.Errorf("subscription without a title = %+v", f)
			}
			if f := feeds[2]; len(f.Title) > 1024 || len(f.Label) > 1024 || f.Title == "" {
				t.Errorf("long title kept as %d bytes, label %d", len(f.Title), len(f.Label))
			}
		})
	}
}

// idsServer answers stream/items/ids with pages of n fresh ids and a new
// continuation every time (cont returns it), counting the requests.
func idsServer(n int, cont func(page int64) string, requests *atomic.Int64) http.HandlerFunc {
	return greaderBasics(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/stream/items/ids") {
			io.WriteString(w, `{"subscriptions":[],"items":[]}`)
			return
		}
		page := requests.Add(1)
		io.WriteString(w, `{"itemRefs":[`)
		for i := range n {
			if i > 0 {
				io.WriteString(w, ",")
			}
			fmt.Fprintf(w, `{"id":"%d"}`, page*int64(n)+int64(i)+1)
		}
		fmt.Fprintf(w, `],"continuation":%q}`, cont(page))
	})
}

// A Google Reader server whose listing never ends is stopped: by the
// items a listing may hold, by the pages it may take, at once when a
// continuation repeats or a page brings nothing new; each in a bounded
// number of requests, with ErrTooMuch.
func TestEndlessGReaderListingsAreStopped(t *testing.T) {
	pull := func(s remote.Service) error {
		_, err := s.Pull(context.Background(), "", func(string) bool { return false }, func([]remote.Item) error { return nil })
		return err
	}
	for _, tc := range []struct {
		name     string
		n        int
		cont     func(int64) string
		maxItems int
		requests int64 // at most
	}{
		{"full pages", 10000, func(p int64) string { return fmt.Sprint("c", p) }, 50000, 6},
		{"one id a page", 1, func(p int64) string { return fmt.Sprint("c", p) }, 0, 500},
		{"continuation repeats", 10, func(p int64) string { return fmt.Sprint("c", p%3) }, 0, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var requests atomic.Int64
			srv := hostile(t, "127.0.0.1", idsServer(tc.n, tc.cont, &requests))
			err := pull(serviceOf(t, remote.TypeGReader, srv.URL, func(o *remote.Options) { o.MaxItems = tc.maxItems }))
			if !errors.Is(err, remote.ErrTooMuch) {
				t.Fatalf("err = %v, want ErrTooMuch", err)
			}
			checkOneCleanLine(t, err.Error())
			if got := requests.Load(); got > tc.requests {
				t.Errorf("%d requests, want at most %d", got, tc.requests)
			}
			t.Logf("%d requests: %v", requests.Load(), err)
		})
	}
	t.Run("same page again", func(t *testing.T) {
		var requests atomic.Int64
		srv := hostile(t, "127.0.0.1", greaderBasics(func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			fmt.Fprintf(w, `{"itemRefs":[{"id":"1"},{"id":"2"}],"continuation":"c%d"}`, requests.Load())
		}))
		err := pull(serviceOf(t, remote.TypeGReader, srv.URL))
		if !errors.Is(err, remote.ErrTooMuch) || requests.Load() != 2 {
			t.Errorf("err = %v after %d requests, want ErrTooMuch after 2", err, requests.Load())
		}
	})
}

// A Miniflux server whose entries never end is stopped: by the items a
// pull may bring, and at once when a page does not move forward.
func TestEndlessMinifluxListingsAreStopped(t *testing.T) {
	for _, tc := range []struct {
		name     string
		first    func(page int64) int64 // the first id of a page
		requests int64
	}{
		{"forward forever", func(p int64) int64 { return p*1000 + 1 }, 6},
		{"the same page", func(int64) int64 { return 1 }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var requests atomic.Int64
			srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
				p := requests.Add(1)
				io.WriteString(w, `{"total":1,"entries":[`)
				for i := range int64(1000) {
					if i > 0 {
						io.WriteString(w, ",")
					}
					fmt.Fprintf(w, `{"id":%d,"feed_id":1,"title":"t"}`, tc.first(p)+i)
				}
				io.WriteString(w, `]}`)
			})
			s := serviceOf(t, remote.TypeMiniflux, srv.URL, func(o *remote.Options) { o.MaxItems = 5000 })
			var got int
			_, err := s.Pull(context.Background(), "", nil, func(items []remote.Item) error { got += len(items); return nil })
			if !errors.Is(err, remote.ErrTooMuch) {
				t.Fatalf("err = %v, want ErrTooMuch", err)
			}
			if n := requests.Load(); n > tc.requests {
				t.Errorf("%d requests, want at most %d", n, tc.requests)
			}
			t.Logf("%d requests, %d items handed over: %v", requests.Load(), got, err)
		})
	}
}

// An answer over its cap is refused without being read whole: a page of
// ids of 9 MB, a list of 20 MB of empty subscriptions, a gzip bomb.
func TestHugeAnswersAreRefused(t *testing.T) {
	flood := func(head string, n int, elem, tail string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, head)
			chunk := strings.Repeat(elem+",", 1024)
			for sent := 0; sent < n; sent += len(chunk) {
				if _, err := io.WriteString(w, chunk); err != nil {
					return
				}
			}
			io.WriteString(w, elem+tail)
		}
	}
	for _, tc := range []struct {
		name, typ string
		h         http.HandlerFunc
		call      func(remote.Service) error
	}{
		{"greader ids", remote.TypeGReader, greaderBasics(flood(`{"itemRefs":[`, 9<<20, `{"id":"1"}`, `]}`)),
			func(s remote.Service) error {
				_, err := s.Pull(context.Background(), "", func(string) bool { return true }, nil)
				return err
			}},
		{"greader subscriptions", remote.TypeGReader, greaderBasics(flood(`{"subscriptions":[`, 20<<20, `{}`, `]}`)),
			func(s remote.Service) error { _, _, err := s.Feeds(context.Background()); return err }},
		{"miniflux feeds", remote.TypeMiniflux, flood(`[`, 20<<20, `{}`, `]`),
			func(s remote.Service) error { _, _, err := s.Feeds(context.Background()); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", tc.h)
			err := tc.call(serviceOf(t, tc.typ, srv.URL))
			if !errors.Is(err, remote.ErrTooMuch) {
				t.Fatalf("err = %v, want ErrTooMuch", err)
			}
			checkOneCleanLine(t, err.Error())
		})
	}
}

// hostileTLS starts an https server on 127.0.0.1.
func hostileTLS(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	return srv
}
