package cli

import (
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
)

// hostServer is a feedServer on a loopback address of its own
// (127.0.0.2, …) that can be stopped and started again on the same
// address, as a network that goes away and comes back.
type hostServer struct {
	*feedServer
	t    *testing.T
	addr string
	srv  *http.Server
	done chan struct{}
}

func newHostServer(t *testing.T, host string) *hostServer {
	t.Helper()
	hs := &hostServer{feedServer: &feedServer{docs: map[string]doc{}}, t: t, addr: host + ":0"}
	hs.start()
	t.Cleanup(hs.stop)
	return hs
}

// url is path on this server.
func (hs *hostServer) url(path string) string { return "http://" + hs.addr + path }

func (hs *hostServer) start() {
	hs.t.Helper()
	l, err := net.Listen("tcp", hs.addr)
	if err != nil {
		hs.t.Fatalf("listen on %s: %v", hs.addr, err)
	}
	hs.addr = l.Addr().String() // the port chosen the first time, kept after
	hs.srv = &http.Server{Handler: http.HandlerFunc(hs.serve)}
	hs.done = make(chan struct{})
	go func() {
		defer close(hs.done)
		if err := hs.srv.Serve(l); !errors.Is(err, http.ErrServerClosed) {
			hs.t.Errorf("serve %s: %v", hs.addr, err)
		}
	}()
}

// stop closes the listener and every connection: connections are refused
// from now on.
func (hs *hostServer) stop() {
	if hs.srv == nil {
		return
	}
	hs.srv.Close()
	<-hs.done
	hs.srv = nil
}

func TestE2EOfflineSyncCountsNoFailuresAndCatchesUp(t *testing.T) {
	u := newUser(t)
	a, b := newHostServer(t, "127.0.0.2"), newHostServer(t, "127.0.0.3")
	paths := map[*hostServer][]string{a: {"/one", "/two"}, b: {"/three"}}
	for hs, ps := range paths {
		for _, p := range ps {
			hs.setFile(t, p, "rss20.xml")
			u.add(hs.url(p))
		}
	}
	a.stop() // the feeds are due: never downloaded yet
	b.stop()

	for run := 1; run <= 3; run++ {
		r := u.run("sync", "--force")
		if r.code != 0 {
			t.Fatalf("run %d offline: exit %d, want 0\nstderr: %s", run, r.code, r.stderr)
		}
		if got := strings.TrimSpace(r.stderr); got != "offline — 3 feeds waiting" {
			t.Fatalf("run %d offline: stderr %q, want the one-line notice", run, got)
		}
	}
	for _, f := range u.feeds() {
		if f["failures"] != float64(0) {
			t.Fatalf("offline runs counted failures: %v", f)
		}
	}

	a.start()
	b.start()
	before := map[string]int{}
	for hs, ps := range paths {
		for _, p := range ps {
			before[hs.url(p)] = hs.requestCount(p)
		}
	}
	r := u.run("sync") // due feeds only: a failure counted offline would have pushed them out
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("sync back online: exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
	for hs, ps := range paths {
		for _, p := range ps {
			if hs.requestCount(p) != before[hs.url(p)]+1 {
				t.Errorf("%s not fetched by the sync after the network came back", hs.url(p))
			}
		}
	}
	for _, f := range u.feeds() {
		if f["failures"] != float64(0) {
			t.Errorf("feed %v: failures %v, want 0", f["url"], f["failures"])
		}
	}
}
