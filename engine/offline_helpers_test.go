package engine

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/machine"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// Route tables in the kernel's format: with a default route, and with the
// local network's only.
const (
	routeHeader    = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
	routeDefault   = routeHeader + "eth0\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
	routeLocalOnly = routeHeader + "eth0\t0001A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
)

// fakeMachine is a machine of the test's own: a /proc/net with the given
// IPv4 route table and a power_supply directory it can rewrite.
type fakeMachine struct {
	t       testing.TB
	procNet string
	power   string
	metered atomic.Bool
}

func newFakeMachine(t testing.TB, routes string) *fakeMachine {
	t.Helper()
	m := &fakeMachine{t: t, procNet: t.TempDir(), power: t.TempDir()}
	m.setRoutes(routes)
	return m
}

func (m *fakeMachine) options() machine.Options {
	return machine.Options{ProcNet: m.procNet, PowerSupply: m.power,
		Metered: func(context.Context) (bool, bool) { return m.metered.Load(), true }}
}

func (m *fakeMachine) setRoutes(table string) {
	m.write(filepath.Join(m.procNet, "route"), table)
}

// setPower writes an AC adapter (online or not) and a battery
// (discharging when off mains).
func (m *fakeMachine) setPower(mains bool) {
	online, status := "0", "Discharging"
	if mains {
		online, status = "1", "Charging"
	}
	m.write(filepath.Join(m.power, "AC", "type"), "Mains\n")
	m.write(filepath.Join(m.power, "AC", "online"), online+"\n")
	m.write(filepath.Join(m.power, "BAT0", "type"), "Battery\n")
	m.write(filepath.Join(m.power, "BAT0", "status"), status+"\n")
}

func (m *fakeMachine) write(path, body string) {
	m.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		m.t.Fatal(err)
	}
}

// Host behaviours of a hostNet.
const (
	serveFeed   = "feed"   // an RSS document
	serveStatus = "500"    // 500 Internal Server Error
	servePortal = "portal" // 200 text/html, a captive portal's login page
	serveSniff  = "sniff"  // the portal's page without a Content-Type
	refuse      = "refuse" // connection refused, before any server
	noName      = "dns"    // the name does not resolve
)

const portalPage = `<!DOCTYPE html><html><head><title>Hotel WiFi</title></head><body><form>Room number <input name="room"></form></body></html>`

// hostNet is loopback servers on distinct hosts (127.0.0.2, 127.0.0.3 …)
// behind the engine's injected transport, which can make a host refuse
// connections or fail to resolve as if the network were gone.
type hostNet struct {
	t        testing.TB
	inner    http.RoundTripper
	mu       sync.Mutex
	servers  map[string]*httptest.Server // by host name
	mode     map[string]string
	attempts map[string]int
}

func newHostNet(t testing.TB, hosts ...string) *hostNet {
	n := &hostNet{t: t, inner: http.DefaultTransport.(*http.Transport).Clone(),
		servers: map[string]*httptest.Server{}, mode: map[string]string{}, attempts: map[string]int{}}
	for _, host := range hosts {
		l, err := net.Listen("tcp", host+":0")
		if err != nil {
			t.Fatalf("listen on %s: %v", host, err)
		}
		srv := httptest.NewUnstartedServer(n.handler(host))
		srv.Listener.Close()
		srv.Listener = l
		srv.Start()
		t.Cleanup(srv.Close)
		n.servers[host], n.mode[host] = srv, serveFeed
	}
	return n
}

// url is path on host's server.
func (n *hostNet) url(host, path string) string { return n.servers[host].URL + path }

// set gives hosts a behaviour.
func (n *hostNet) set(mode string, hosts ...string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, h := range hosts {
		n.mode[h] = mode
	}
}

// setAll gives every host a behaviour.
func (n *hostNet) setAll(mode string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for h := range n.mode {
		n.mode[h] = mode
	}
}

// tries is the number of requests the engine made to host, answered or not.
func (n *hostNet) tries(host string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.attempts[host]
}

func (n *hostNet) totalTries() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	total := 0
	for _, c := range n.attempts {
		total += c
	}
	return total
}

// RoundTrip fails the way a missing network does, or carries the request.
func (n *hostNet) RoundTrip(req *http.Request) (*http.Response, error) {
	host := req.URL.Hostname()
	n.mu.Lock()
	n.attempts[host]++
	mode := n.mode[host]
	n.mu.Unlock()
	switch mode {
	case refuse:
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	case noName:
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}}
	}
	return n.inner.RoundTrip(req)
}

func (n *hostNet) handler(host string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n.mu.Lock()
		mode := n.mode[host]
		n.mu.Unlock()
		switch {
		case mode == servePortal:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(portalPage))
		case mode == serveSniff:
			w.Header()["Content-Type"] = nil
			w.Write([]byte(portalPage))
		case mode == serveStatus:
			http.Error(w, "boom", http.StatusInternalServerError)
		case r.URL.Path == "/moved":
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
		default:
			w.Header().Set("Content-Type", "application/rss+xml")
			w.Write([]byte(rssDoc("", "item of "+r.URL.Path)))
		}
	}
}

// netHarness is a harness whose engine talks to a hostNet through its
// injected transport, on a fake machine, with a 15-minute interval for
// every feed.
type netHarness struct {
	*harness
	net     *hostNet
	machine *fakeMachine
}

func newNetHarness(t testing.TB, hosts []string, edit ...func(*config.Config)) *netHarness {
	t.Helper()
	h := &netHarness{harness: newHarness(t, edit...), net: newHostNet(t, hosts...),
		machine: newFakeMachine(t, routeDefault)}
	h.opts.Transport, h.opts.Machine = h.net, h.machine.options()
	h.eng = New(h.store, h.cfg, h.opts)
	return h
}

// subscribe adds path on each host, every 15 minutes.
func (h *netHarness) subscribe(path string, hosts ...string) []store.Feed {
	h.t.Helper()
	var out []store.Feed
	for _, host := range hosts {
		id, err := h.store.AddFeed(context.Background(), store.NewFeed{URL: weburl.MustParse(h.net.url(host, path)),
			Sync: store.SyncInterval, IntervalMinutes: 15})
		if err != nil {
			h.t.Fatal(err)
		}
		out = append(out, h.feed(id))
	}
	return out
}

// fresh re-reads feeds from the store.
func (h *netHarness) fresh(feeds []store.Feed) []store.Feed {
	out := make([]store.Feed, len(feeds))
	for i, f := range feeds {
		out[i] = h.feed(f.ID)
	}
	return out
}

// drain returns the events sent so far.
func (h *netHarness) drain() []Event {
	var got []Event
	for {
		select {
		case ev := <-h.eng.Events():
			got = append(got, ev)
		default:
			return got
		}
	}
}

// lastOf returns the last event of type T among evs.
func lastOf[T Event](evs []Event) (T, bool) {
	var last T
	found := false
	for _, ev := range evs {
		if e, ok := ev.(T); ok {
			last, found = e, true
		}
	}
	return last, found
}

// runScheduler starts Run and returns a stop function that waits for it.
func (h *netHarness) runScheduler() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.eng.Run(ctx) }()
	return func() {
		cancel()
		select {
		case err := <-done:
			if err != context.Canceled {
				h.t.Errorf("Run = %v, want context.Canceled", err)
			}
		case <-time.After(10 * time.Second):
			h.t.Fatal("Run did not stop")
		}
	}
}
