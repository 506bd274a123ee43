package remotetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// Proxy stands between tidings and a server: it counts the requests that
// reach the server, notes the item ids each carries, and can hold a
// request (before or after the server saw it) for a test to kill the
// client meanwhile.
type Proxy struct {
	// URL is the proxy's base URL (http://127.0.0.1:port).
	URL    string
	srv    *http.Server
	ln     net.Listener
	target *url.URL
	mu     sync.Mutex
	log    []Request
	hold   *hold
}

// Request is one request the proxy saw.
type Request struct {
	Method, Path string
	Query        url.Values
	// IDs are the item ids it carried (i= of the Google Reader API,
	// entry_ids of Miniflux's PUT /v1/entries, article_ids of TT-RSS's
	// updateArticle, id of Fever's mark=item).
	IDs []string
	// Change is what a push asked: "a=…" or "r=…" of edit-tag,
	// "status=…" or "starred=…" of PUT /v1/entries, "field=… mode=…" of
	// updateArticle, "as=…" of mark=item; "" otherwise.
	Change string
	// Call is a TT-RSS call's JSON object (op, feed_id, view_mode, …),
	// without its sid and password; nil for the other protocols.
	Call map[string]any
	// Forwarded is true once the server was sent it; Status is its answer.
	Forwarded bool
	Status    int
}

// Phase is where a held request waits.
type Phase int

// Where a request can be held.
const (
	// BeforeServer holds a request before the server sees it.
	BeforeServer Phase = iota
	// AfterServer holds the server's answer from the client.
	AfterServer
)

type hold struct {
	match func(Request) bool
	phase Phase
	held  chan struct{}
	once  sync.Once
}

// NewProxy starts a proxy in front of the server at target (any URL of
// it; only its scheme and host count). It ends with the test.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{URL: "http://" + ln.Addr().String(), target: &url.URL{Scheme: u.Scheme, Host: u.Host}}
	p.srv = &http.Server{Handler: http.HandlerFunc(p.serve)}
	p.start(ln)
	t.Cleanup(func() { p.srv.Close() })
	return p
}

func (p *Proxy) start(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go p.srv.Serve(ln)
}

// URLFor is a server URL as seen through the proxy.
func (p *Proxy) URLFor(serverURL string) string {
	u, err := url.Parse(serverURL)
	if err != nil {
		return serverURL
	}
	return p.URL + u.RequestURI()
}

// Hold makes the first request that match accepts wait at phase, for
// ever (until its client goes); the channel is closed when one does.
func (p *Proxy) Hold(match func(Request) bool, phase Phase) <-chan struct{} {
	h := &hold{match: match, phase: phase, held: make(chan struct{})}
	p.mu.Lock()
	p.hold = h
	p.mu.Unlock()
	return h.held
}

// SetOffline closes the proxy's port (on): to the client the server is
// unreachable, its connections refused. Off opens the same port again.
func (p *Proxy) SetOffline(t testing.TB, on bool) {
	t.Helper()
	p.mu.Lock()
	ln := p.ln
	p.mu.Unlock()
	if on {
		ln.Close()
		return
	}
	ln, err := net.Listen("tcp", strings.TrimPrefix(p.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	p.start(ln)
}

// Requests returns the requests seen so far.
func (p *Proxy) Requests() []Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Request(nil), p.log...)
}

// Reset forgets the requests seen so far.
func (p *Proxy) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log = nil
}

// Forwarded counts the requests that reached the server.
func (p *Proxy) Forwarded() int {
	n := 0
	for _, r := range p.Requests() {
		if r.Forwarded {
			n++
		}
	}
	return n
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query()}
	rec.IDs, rec.Change = pushed(r, body)
	if strings.HasSuffix(r.URL.Path, "/api/") && json.Unmarshal(body, &rec.Call) == nil {
		delete(rec.Call, "sid")
		delete(rec.Call, "password")
	}
	i := p.record(rec)
	h := p.claimHold(rec)
	if h != nil && h.phase == BeforeServer {
		p.wait(h, r)
		return
	}
	rw := &statusWriter{ResponseWriter: w, buf: &bytes.Buffer{}}
	proxy := httputil.NewSingleHostReverseProxy(p.target)
	proxy.ServeHTTP(rw, r)
	p.mu.Lock()
	p.log[i].Forwarded, p.log[i].Status = true, rw.status
	p.mu.Unlock()
	if h != nil {
		p.wait(h, r)
		return
	}
	rw.flush()
}

func (p *Proxy) record(r Request) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log = append(p.log, r)
	return len(p.log) - 1
}

// claimHold returns the hold r triggers, once.
func (p *Proxy) claimHold(r Request) *hold {
	p.mu.Lock()
	h := p.hold
	p.mu.Unlock()
	if h == nil || !h.match(r) {
		return nil
	}
	claimed := false
	h.once.Do(func() { claimed = true })
	if !claimed {
		return nil
	}
	return h
}

// wait signals the hold and waits until the client goes.
func (p *Proxy) wait(h *hold, r *http.Request) {
	close(h.held)
	<-r.Context().Done()
}

// statusWriter keeps the server's answer until the proxy lets it go.
type statusWriter struct {
	http.ResponseWriter
	status int
	buf    *bytes.Buffer
}

func (s *statusWriter) WriteHeader(code int) { s.status = code }

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.buf.Write(b)
}

func (s *statusWriter) flush() {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	s.ResponseWriter.WriteHeader(s.status)
	s.ResponseWriter.Write(s.buf.Bytes())
}

// pushed reads the item ids a request carries and the change it asks.
func pushed(r *http.Request, body []byte) ([]string, string) {
	if q := r.URL.Query(); q.Get("mark") == "item" { // Fever
		return q["id"], "as=" + q.Get("as")
	}
	if strings.HasSuffix(r.URL.Path, "/api/") { // TT-RSS
		var in struct {
			Op         string      `json:"op"`
			ArticleIDs string      `json:"article_ids"`
			Field      json.Number `json:"field"`
			Mode       json.Number `json:"mode"`
		}
		json.Unmarshal(body, &in)
		if in.Op != "updateArticle" {
			return nil, ""
		}
		return strings.Split(in.ArticleIDs, ","), fmt.Sprintf("field=%s mode=%s", in.Field, in.Mode)
	}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		var in struct {
			EntryIDs []json.Number `json:"entry_ids"`
			Status   string        `json:"status"`
			Starred  *bool         `json:"starred"`
		}
		json.Unmarshal(body, &in)
		ids := make([]string, len(in.EntryIDs))
		for i, n := range in.EntryIDs {
			ids[i] = n.String()
		}
		switch {
		case in.Status != "":
			return ids, "status=" + in.Status
		case in.Starred != nil:
			return ids, fmt.Sprintf("starred=%v", *in.Starred)
		}
		return ids, ""
	}
	form, _ := url.ParseQuery(string(body))
	change := ""
	if !strings.HasSuffix(r.URL.Path, "/edit-tag") {
		return form["i"], ""
	}
	if a := form.Get("a"); a != "" {
		change = "a=" + a
	} else if rm := form.Get("r"); rm != "" {
		change = "r=" + rm
	}
	return form["i"], change
}
