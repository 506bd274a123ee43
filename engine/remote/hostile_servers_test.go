package remote_test

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tidings-rss/tidings/engine/remote"
)

// The hostile servers of TT-RSS's API and of Fever: the same entry rules
// and bounds as the other protocols.

// ttrssCall reads the op of a TT-RSS call.
func ttrssCall(r *http.Request) map[string]any {
	var in map[string]any
	json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&in)
	return in
}

// ttrssServer answers login with a session and hands the rest to h with
// the call's content written by it.
func ttrssServer(h func(in map[string]any) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		in := ttrssCall(r)
		if in["op"] == "login" {
			io.WriteString(w, `{"seq":0,"status":0,"content":{"session_id":"s3ss10n","api_level":15}}`)
			return
		}
		fmt.Fprintf(w, `{"seq":0,"status":0,"content":%s}`, h(in))
	}
}

// feverKey is Fever's api_key for the hostile account.
func feverKey() string {
	sum := md5.Sum([]byte(hostileUser + ":" + hostilePassword))
	return hex.EncodeToString(sum[:])
}

// feverServer answers with auth 1 and the members h writes (",…").
func feverServer(h func(r *http.Request) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		if r.PostForm.Get("api_key") != feverKey() {
			io.WriteString(w, `{"api_version":3,"auth":0}`)
			return
		}
		fmt.Fprintf(w, `{"api_version":3,"auth":1%s}`, h(r))
	}
}

func TestHostileTTRSSAndFeverSubscriptionsPassTheEntryRules(t *testing.T) {
	long := strings.Repeat("T", 100<<10)
	type sub struct{ id, url, title string }
	subs := []sub{
		{"1", "http://127.0.0.1/ok.xml", "Fine " + osc + "title" + csi},
		{"2", "http://127.0.0.1/a.xml\x1b]0;x\x07", "control in URL"},
		{"3", "javascript:alert(1)", "script URL"},
		{"4", "http://127.0.0.1/\u202egnp.xml", "bidi in URL"},
		{"5", "http://127.0.0.1/long.xml", long},
		{"-6", "http://127.0.0.1/badid.xml", "bad id"},
	}
	list := func(urlKey string, cat bool) string {
		var out []map[string]any
		for _, s := range subs {
			f := map[string]any{"id": json.Number(s.id), urlKey: s.url, "title": s.title}
			if cat {
				f["cat_id"] = 7
			}
			out = append(out, f)
		}
		b, _ := json.Marshal(out)
		return string(b)
	}
	label := `"News` + strings.ReplaceAll(osc, "\x1b", `\u001b`) + `"`
	label = strings.ReplaceAll(label, "\x07", `\u0007`)
	for _, tc := range []struct {
		typ string
		h   http.HandlerFunc
	}{
		{remote.TypeTTRSS, ttrssServer(func(in map[string]any) string {
			if in["op"] == "getCategories" {
				return `[{"id":7,"title":` + label + `}]`
			}
			return list("feed_url", true)
		})},
		{remote.TypeFever, feverServer(func(r *http.Request) string {
			if r.URL.Query().Has("groups") {
				return `,"groups":[{"id":7,"title":` + label + `}],"feeds_groups":[{"group_id":7,"feed_ids":"1,2,3,4,5"}]`
			}
			return `,"feeds":` + list("url", false)
		})},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", tc.h)
			feeds, refused, err := serviceOf(t, tc.typ, srv.URL).Feeds(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(feeds) != 2 || len(refused) != 4 {
				t.Fatalf("got %d feeds and %d refused (%q), want 2 and 4", len(feeds), len(refused), refused)
			}
			for _, line := range refused {
				checkOneCleanLine(t, line)
			}
			if f := feeds[0]; f.Title != "Fine ]0;pwnedtitle[2J" || f.Label != "News]0;pwned" || f.URL.String() != "http://127.0.0.1/ok.xml" {
				t.Errorf("first subscription = %+v", f)
			}
			if f := feeds[1]; len(f.Title) > 1024 || f.Title == "" {
				t.Errorf("long title kept as %d bytes", len(f.Title))
			}
		})
	}
}

// A TT-RSS or Fever server whose listing never ends is stopped: by the
// items a pull may bring, at once when a page brings nothing new; each in
// a bounded number of requests, with ErrTooMuch.
func TestEndlessTTRSSAndFeverListingsAreStopped(t *testing.T) {
	headlines := func(first int64, n int) string {
		var b strings.Builder
		b.WriteString("[")
		for i := range int64(n) {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"id":%d,"feed_id":1,"title":"t","unread":true}`, first+i)
		}
		b.WriteString("]")
		return b.String()
	}
	for _, tc := range []struct {
		name, typ string
		h         func(requests *atomic.Int64) http.HandlerFunc
		requests  int64
	}{
		{"ttrss forward forever", remote.TypeTTRSS, func(n *atomic.Int64) http.HandlerFunc {
			return ttrssServer(func(map[string]any) string { return headlines(n.Add(1)*200, 200) })
		}, 12},
		{"ttrss the same page", remote.TypeTTRSS, func(n *atomic.Int64) http.HandlerFunc {
			return ttrssServer(func(map[string]any) string { n.Add(1); return headlines(1, 200) })
		}, 2},
		{"fever forward forever", remote.TypeFever, func(n *atomic.Int64) http.HandlerFunc {
			return feverServer(func(*http.Request) string { return `,"items":` + headlines(n.Add(1)*50, 50) })
		}, 45},
		{"fever the same page", remote.TypeFever, func(n *atomic.Int64) http.HandlerFunc {
			return feverServer(func(*http.Request) string { n.Add(1); return `,"items":` + headlines(1, 50) })
		}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var requests atomic.Int64
			srv := hostile(t, "127.0.0.1", tc.h(&requests))
			s := serviceOf(t, tc.typ, srv.URL, func(o *remote.Options) { o.MaxItems = 2000 })
			_, err := s.Pull(context.Background(), "", func(string) bool { return false }, func([]remote.Item) error { return nil })
			if !errors.Is(err, remote.ErrTooMuch) {
				t.Fatalf("err = %v, want ErrTooMuch", err)
			}
			checkOneCleanLine(t, err.Error())
			if got := requests.Load(); got > tc.requests {
				t.Errorf("%d requests, want at most %d", got, tc.requests)
			}
		})
	}
}

// An answer over its cap is refused: 20 MB of subscriptions from TT-RSS
// and from Fever.
func TestHugeTTRSSAndFeverAnswersAreRefused(t *testing.T) {
	flood := func(w io.Writer) {
		chunk := strings.Repeat(`{},`, 4096)
		for sent := 0; sent < 20<<20; sent += len(chunk) {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `{}]`)
	}
	for _, tc := range []struct {
		typ string
		h   http.HandlerFunc
	}{
		{remote.TypeTTRSS, func(w http.ResponseWriter, r *http.Request) {
			if ttrssCall(r)["op"] == "login" {
				io.WriteString(w, `{"status":0,"content":{"session_id":"s"}}`)
				return
			}
			io.WriteString(w, `{"status":0,"content":[`)
			flood(w)
			io.WriteString(w, `}`)
		}},
		{remote.TypeFever, func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"auth":1,"groups":[`)
			flood(w)
			io.WriteString(w, `}`)
		}},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", tc.h)
			_, _, err := serviceOf(t, tc.typ, srv.URL).Feeds(context.Background())
			if !errors.Is(err, remote.ErrTooMuch) {
				t.Fatalf("err = %v, want ErrTooMuch", err)
			}
			checkOneCleanLine(t, err.Error())
		})
	}
}

// The password and the session or key go to the account's origin only,
// and never into a message: a redirect elsewhere is not followed, a
// refusal that echoes them is scrubbed.
func TestTTRSSAndFeverCredentialsStayHome(t *testing.T) {
	other := newElsewhere(t, "127.0.0.2")
	for _, typ := range []string{remote.TypeTTRSS, remote.TypeFever} {
		t.Run(typ+" redirect", func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, other.url+r.URL.Path, http.StatusTemporaryRedirect)
			})
			_, _, err := serviceOf(t, typ, srv.URL).Feeds(context.Background())
			if err == nil || !strings.Contains(err.Error(), "redirected to "+other.url+", not followed") {
				t.Fatalf("err = %v, want the redirect refused", err)
			}
			checkOneCleanLine(t, err.Error())
			if other.hits.Load() != 0 {
				t.Errorf("the other server was sent %v", other.seen.Load())
			}
		})
	}
	t.Run("ttrss refusal echoes the password and the session", func(t *testing.T) {
		srv := hostile(t, "127.0.0.1", ttrssServer(func(map[string]any) string { return "" }))
		srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			in := ttrssCall(r)
			if in["op"] == "login" {
				io.WriteString(w, `{"status":0,"content":{"session_id":"s3ss10n"}}`)
				return
			}
			fmt.Fprintf(w, `{"status":1,"content":{"error":"WEIRD %s %s%s"}}`, hostilePassword, in["sid"], `\u001b[2J`)
		})
		_, _, err := serviceOf(t, remote.TypeTTRSS, srv.URL).Feeds(context.Background())
		if err == nil || strings.Contains(err.Error(), "s3ss10n") || !strings.Contains(err.Error(), "********") {
			t.Fatalf("err = %v, want the secrets masked", err)
		}
		checkOneCleanLine(t, err.Error())
	})
	t.Run("fever refusal echoes the key", func(t *testing.T) {
		srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			http.Error(w, "bad key "+r.PostForm.Get("api_key")+" for "+hostilePassword, http.StatusInternalServerError)
		})
		_, _, err := serviceOf(t, remote.TypeFever, srv.URL).Feeds(context.Background())
		if err == nil || strings.Contains(err.Error(), feverKey()) || !strings.Contains(err.Error(), "********") {
			t.Fatalf("err = %v, want the key masked", err)
		}
		checkOneCleanLine(t, err.Error())
	})
}

// TT-RSS: a session the server forgot is opened again once; a server
// that forgets it every time fails in one line after two logins. Fever:
// auth 0 is a refused login, data before auth is not read.
func TestTTRSSSessionAndFeverAuth(t *testing.T) {
	for _, tc := range []struct {
		name    string
		forgets int64 // calls answered NOT_LOGGED_IN
		ok      bool
	}{{"forgotten once", 1, true}, {"forgotten always", 1 << 30, false}} {
		t.Run("ttrss "+tc.name, func(t *testing.T) {
			var logins, refusals atomic.Int64
			srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
				if ttrssCall(r)["op"] == "login" {
					logins.Add(1)
					io.WriteString(w, `{"status":0,"content":{"session_id":"s"}}`)
					return
				}
				if refusals.Add(1) <= tc.forgets {
					io.WriteString(w, `{"status":1,"content":{"error":"NOT_LOGGED_IN"}}`)
					return
				}
				io.WriteString(w, `{"status":0,"content":[]}`)
			})
			_, _, err := serviceOf(t, remote.TypeTTRSS, srv.URL).Feeds(context.Background())
			if (err == nil) != tc.ok || logins.Load() != 2 {
				t.Fatalf("err = %v after %d logins", err, logins.Load())
			}
			if err != nil {
				checkOneCleanLine(t, err.Error())
			}
		})
	}
	for _, tc := range []struct{ name, body string }{
		{"auth 0", `{"api_version":3,"auth":0,"feeds":[{"id":1,"url":"http://127.0.0.1/f.xml"}]}`},
		{"data before auth", `{"feeds":[{"id":1,"url":"http://127.0.0.1/f.xml"}],"auth":1}`},
	} {
		t.Run("fever "+tc.name, func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, tc.body) })
			feeds, _, err := serviceOf(t, remote.TypeFever, srv.URL).Feeds(context.Background())
			if err == nil || len(feeds) != 0 {
				t.Fatalf("feeds %v, err %v: want none and an error", feeds, err)
			}
			checkOneCleanLine(t, err.Error())
		})
	}
}

// mapKeeper is a Keeper in memory.
type mapKeeper struct {
	mu sync.Mutex
	m  map[string]string
}

func (k *mapKeeper) Kept(_ context.Context, name string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.m[name], nil
}

func (k *mapKeeper) Keep(_ context.Context, name, value string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if value == "" {
		delete(k.m, name)
	} else {
		k.m[name] = value
	}
	return nil
}

// TT-RSS: the session id is kept between runs, so that the next Service
// calls without logging in; a kept session the server no longer knows
// (expired) is renewed with one login, and the new id kept. A kept id is
// a secret: a server echoing it has it scrubbed from the message.
func TestTTRSSKeptSessionIsUsedAndRenewedOnce(t *testing.T) {
	var logins, calls atomic.Int64
	var valid atomic.Value
	valid.Store("")
	srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		in := ttrssCall(r)
		if in["op"] == "login" {
			sid := fmt.Sprintf("fresh%d", logins.Add(1))
			valid.Store(sid)
			fmt.Fprintf(w, `{"status":0,"content":{"session_id":%q}}`, sid)
			return
		}
		calls.Add(1)
		switch sid, _ := in["sid"].(string); {
		case sid == "k3pt-s3cr3t-s1d":
			fmt.Fprintf(w, `{"status":1,"content":{"error":"session %s is odd"}}`, sid)
		case sid != valid.Load().(string):
			io.WriteString(w, `{"status":1,"content":{"error":"NOT_LOGGED_IN"}}`)
		default:
			io.WriteString(w, `{"status":0,"content":[]}`)
		}
	})
	keep := &mapKeeper{m: map[string]string{"ttrss.session": "expired-one"}}
	withKeep := func(o *remote.Options) { o.Keep = keep }
	if _, _, err := serviceOf(t, remote.TypeTTRSS, srv.URL, withKeep).Feeds(context.Background()); err != nil {
		t.Fatal(err)
	}
	if logins.Load() != 1 || calls.Load() != 2 {
		t.Errorf("an expired session: %d logins, %d calls; want 1 login and the call again", logins.Load(), calls.Load())
	}
	if got, _ := keep.Kept(context.Background(), "ttrss.session"); got != "fresh1" {
		t.Errorf("kept session %q, want the new one", got)
	}
	// The next run (another Service) calls with the kept session.
	if _, _, err := serviceOf(t, remote.TypeTTRSS, srv.URL, withKeep).Feeds(context.Background()); err != nil {
		t.Fatal(err)
	}
	if logins.Load() != 1 || calls.Load() != 3 {
		t.Errorf("with a live kept session: %d logins, %d calls; want no login and one call", logins.Load(), calls.Load())
	}
	keep.Keep(context.Background(), "ttrss.session", "k3pt-s3cr3t-s1d")
	_, _, err := serviceOf(t, remote.TypeTTRSS, srv.URL, withKeep).Feeds(context.Background())
	if err == nil || strings.Contains(err.Error(), "k3pt-s3cr3t-s1d") {
		t.Errorf("a server echoing the kept session: err = %v", err)
	}
}
