package remote_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tidings-rss/tidings/engine/remote"
)

// elsewhere is a server on another host that records whether any request
// reached it, and with which credentials.
type elsewhere struct {
	url  string
	hits atomic.Int64
	seen atomic.Value // string: what the last request carried
}

func newElsewhere(t *testing.T, host string) *elsewhere {
	e := &elsewhere{}
	srv := hostile(t, host, func(w http.ResponseWriter, r *http.Request) {
		e.hits.Add(1)
		body, _ := io.ReadAll(r.Body)
		e.seen.Store(fmt.Sprint(r.Header, string(body)))
		io.WriteString(w, "Auth=stolen\n")
	})
	e.url = srv.URL
	return e
}

// Credentials go to the account's origin only: a 307 from the login (it
// would send the password again), a 302 from the Miniflux API (the token
// or basic auth), to another host, to another port, and an https→http
// downgrade are not followed; the exchange fails with one line naming
// where the redirect pointed, and the other server sees nothing. A
// redirect within the origin is followed.
func TestRedirectsAwayFromTheOriginAreNotFollowed(t *testing.T) {
	other := newElsewhere(t, "127.0.0.2")
	otherPort := newElsewhere(t, "127.0.0.1")
	for _, tc := range []struct {
		name, typ, target string
		token             bool
	}{
		{"greader login 307 to another host", remote.TypeGReader, other.url, false},
		{"greader login 307 to another port", remote.TypeGReader, otherPort.url, false},
		{"miniflux basic auth 302 to another host", remote.TypeMiniflux, other.url, false},
		{"miniflux token 302 to another host", remote.TypeMiniflux, other.url, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := other.hits.Load() + otherPort.hits.Load()
			srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
				code := http.StatusFound
				if tc.typ == remote.TypeGReader {
					code = http.StatusTemporaryRedirect
				}
				http.Redirect(w, r, tc.target+r.URL.Path, code)
			})
			s := serviceOf(t, tc.typ, srv.URL, func(o *remote.Options) {
				if tc.token {
					o.Token, o.User, o.Secret = hostileToken, "", nil
				}
			})
			_, _, err := s.Feeds(context.Background())
			if err == nil {
				t.Fatal("a redirect to another origin was followed")
			}
			msg := err.Error()
			checkOneCleanLine(t, msg)
			if !strings.Contains(msg, "redirected to "+tc.target+", not followed") || strings.Count(msg, "\n") > 0 {
				t.Errorf("message %q does not say where the redirect pointed", msg)
			}
			if got := other.hits.Load() + otherPort.hits.Load(); got != before {
				t.Errorf("the other server got %d requests: %v", got-before, other.seen.Load())
			}
		})
	}
	t.Run("https to http", func(t *testing.T) {
		before := otherPort.hits.Load()
		tls := hostileTLS(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, otherPort.url+r.URL.Path, http.StatusTemporaryRedirect)
		})
		s := serviceVia(t, remote.TypeGReader, tls.URL, tls.Client().Transport)
		_, _, err := s.Feeds(context.Background())
		if err == nil || !strings.Contains(err.Error(), "not followed") {
			t.Fatalf("err = %v, want the downgrade refused", err)
		}
		if otherPort.hits.Load() != before {
			t.Errorf("the http server was sent %v", otherPort.seen.Load())
		}
	})
	t.Run("within the origin", func(t *testing.T) {
		srv := hostile(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/v1/feeds" {
				http.Redirect(w, r, "/v1/feeds/", http.StatusFound)
				return
			}
			if u, p, _ := r.BasicAuth(); u != hostileUser || p != hostilePassword {
				http.Error(w, "no", http.StatusUnauthorized)
				return
			}
			io.WriteString(w, `[{"id":7,"feed_url":"http://127.0.0.1/f.xml","title":"F"}]`)
		})
		feeds, _, err := serviceOf(t, remote.TypeMiniflux, srv.URL).Feeds(context.Background())
		if err != nil || len(feeds) != 1 {
			t.Fatalf("feeds = %v, err = %v", feeds, err)
		}
	})
}

// What a server says when it refuses is scrubbed before it reaches an
// error: a login error that echoes the form (the password URL-encoded),
// one that echoes the Authorization header, a JSON message that spells
// the token in \u escapes, one that splits the password with a control
// character; terminal controls go too. The message stays one line.
func TestServerMessagesAreScrubbedOfSecrets(t *testing.T) {
	basic := base64.StdEncoding.EncodeToString([]byte(hostileUser + ":" + hostilePassword))
	jsonToken := ""
	for _, r := range hostileToken {
		jsonToken += fmt.Sprintf(`\u%04x`, r)
	}
	split := hostilePassword[:3] + "\x1b" + hostilePassword[3:]
	for _, tc := range []struct {
		name, typ string
		token     bool
		h         http.HandlerFunc
	}{
		{"greader login echoes its form", remote.TypeGReader, false, func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			http.Error(w, "bad request: "+string(body)+" "+osc, http.StatusBadRequest)
		}},
		{"greader login echoes the password decoded", remote.TypeGReader, false, func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			http.Error(w, "no user "+r.PostForm.Get("Email")+" with "+r.PostForm.Get("Passwd")+csi, http.StatusInternalServerError)
		}},
		{"miniflux echoes the Authorization header", remote.TypeMiniflux, false, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error_message":"bad header %s (Basic %s)"}`, r.Header.Get("Authorization"), basic)
		}},
		{"miniflux spells the token in escapes", remote.TypeMiniflux, true, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, `{"error_message":"token %s refused\u001b]0;x\u0007"}`, jsonToken)
		}},
		{"miniflux splits the password with a control", remote.TypeMiniflux, false, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, "password %s\n second line", split)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := hostile(t, "127.0.0.1", tc.h)
			s := serviceOf(t, tc.typ, srv.URL, func(o *remote.Options) {
				if tc.token {
					o.Token, o.User, o.Secret = hostileToken, "", nil
				}
			})
			_, _, err := s.Feeds(context.Background())
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			checkOneCleanLine(t, msg)
			for _, leak := range []string{url.QueryEscape(hostilePassword), basic, "\u001b"} {
				if strings.Contains(msg, leak) {
					t.Errorf("message holds %q: %q", leak, msg)
				}
			}
			var re *remote.Error
			if !errors.As(err, &re) || !strings.Contains(msg, "********") {
				t.Errorf("message %q: want the server's words with the secret masked", msg)
			}
			t.Log(msg)
		})
	}
}
