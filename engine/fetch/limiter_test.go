package fetch

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// watchdog bounds waits that must not block, so that a bug fails a test
// instead of hanging it; correct code never comes near it.
const watchdog = 10 * time.Second

// spyCtx signals on dones every time Done is called, which Acquire does as
// it enters each of its two waits (host slot, then global slot).
type spyCtx struct {
	context.Context
	dones chan struct{}
}

// Done signals the call and returns the parent's Done channel.
func (s spyCtx) Done() <-chan struct{} {
	select {
	case s.dones <- struct{}{}:
	default:
	}
	return s.Context.Done()
}

// acquireResult is what Acquire returned in a goroutine.
type acquireResult struct {
	release func()
	err     error
}

// assertBlocks asserts that Acquire(host) reaches its wait number wait (1 =
// host slot, 2 = global slot) and stays there until its context is
// cancelled, then that it returns context.Canceled and no release func.
func assertBlocks(t *testing.T, l *Limiter, host string, wait int) {
	t.Helper()
	parent, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx := spyCtx{Context: parent, dones: make(chan struct{}, 4)}
	res := make(chan acquireResult, 1)
	go func() {
		release, err := l.Acquire(ctx, host)
		res <- acquireResult{release, err}
	}()
	timeout := time.After(watchdog)
	for reached := 0; reached < wait; {
		select {
		case <-ctx.dones:
			reached++
		case <-timeout:
			t.Fatalf("Acquire(%q) blocked at wait %d, want it to block at wait %d", host, reached, wait)
		case r := <-res:
			if r.release != nil {
				r.release()
			}
			t.Fatalf("Acquire(%q) returned (err %v) at wait %d, want it to block at wait %d", host, r.err, reached, wait)
		}
	}
	cancel()
	r := <-res
	if !errors.Is(r.err, context.Canceled) || r.release != nil {
		t.Fatalf("cancelled Acquire(%q) = (release set: %v, %v), want (nil, context.Canceled)", host, r.release != nil, r.err)
	}
}

// mustAcquire acquires a slot for host that must be free. The watchdog
// turns a wrongly blocking Acquire into a failure instead of a hang.
func mustAcquire(t *testing.T, l *Limiter, host string) func() {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), watchdog)
	defer cancel()
	release, err := l.Acquire(ctx, host)
	if err != nil {
		t.Fatalf("Acquire(%q): %v", host, err)
	}
	return release
}

// assertIdle asserts that the limiter holds no state for any host.
func assertIdle(t *testing.T, l *Limiter) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.hosts) != 0 || len(l.total) != 0 {
		t.Fatalf("limiter not idle: %d hosts tracked, %d global slots held", len(l.hosts), len(l.total))
	}
}

// inflight tracks requests in flight, per host and in total.
type inflight struct {
	mu                sync.Mutex
	total, maxTotal   int
	perHost           map[string]int
	maxPerHost        int
	totalCap, hostCap int
	violations        []string
}

// enter records a request to host starting and checks the bounds.
func (f *inflight) enter(host string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.total++
	f.perHost[host]++
	f.maxTotal = max(f.maxTotal, f.total)
	f.maxPerHost = max(f.maxPerHost, f.perHost[host])
	if f.total > f.totalCap || f.perHost[host] > f.hostCap {
		f.violations = append(f.violations, fmt.Sprintf("%d in flight, %d to %s", f.total, f.perHost[host], host))
	}
}

// leave records a request to host ending.
func (f *inflight) leave(host string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.total--
	f.perHost[host]--
}

func TestLimiterBounds(t *testing.T) {
	tests := []struct {
		name                string
		total, perHost      int
		hosts, workers      int
		wantTotal, wantHost int // the caps that must be reached and kept
	}{
		{"total across many hosts", 3, 1, 8, 40, 3, 1},
		{"per host on one host", 4, 2, 1, 10, 2, 2},
		{"both bounds", 4, 2, 3, 30, 4, 2},
		{"single thread", 1, 1, 5, 10, 1, 1},
		{"values below one are one", 0, -1, 2, 6, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLimiter(tt.total, tt.perHost)
			f := &inflight{perHost: map[string]int{}, totalCap: tt.wantTotal, hostCap: tt.wantHost}
			runWorkers(t, l, f, tt.hosts, tt.workers, tt.wantTotal)
			if len(f.violations) > 0 {
				t.Fatalf("bounds exceeded: %v", f.violations)
			}
			if f.maxTotal != tt.wantTotal || f.maxPerHost != tt.wantHost {
				t.Fatalf("max in flight = %d total, %d per host; want %d, %d", f.maxTotal, f.maxPerHost, tt.wantTotal, tt.wantHost)
			}
			assertIdle(t, l)
		})
	}
}

// runWorkers starts workers that each acquire a slot for one of hosts and
// hold it until the test lets one go. It first waits for saturate workers
// to hold slots at once, then releases and admits in any order until all
// are done.
func runWorkers(t *testing.T, l *Limiter, f *inflight, hosts, workers, saturate int) {
	acquired, hold := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	for i := range workers {
		host := fmt.Sprintf("Host%d.example:8080", i%hosts)
		wg.Go(func() {
			release, err := l.Acquire(context.Background(), host)
			if err != nil {
				t.Errorf("Acquire(%q): %v", host, err)
				return
			}
			f.enter(host)
			acquired <- struct{}{}
			<-hold
			f.leave(host)
			release()
		})
	}
	timeout := time.After(watchdog)
	for range saturate {
		select {
		case <-acquired:
		case <-timeout:
			t.Fatalf("fewer than %d requests ever in flight at once", saturate)
		}
	}
	admitted, released := saturate, 0
	for released < workers {
		select {
		case <-acquired:
			admitted++
		case hold <- struct{}{}:
			released++
		case <-timeout:
			t.Fatalf("stuck: %d of %d admitted, %d released", admitted, workers, released)
		}
	}
	wg.Wait()
}

func TestLimiterHostKey(t *testing.T) {
	tests := []struct {
		name, first, second string
		same                bool
	}{
		{"same host", "feeds.example.com", "feeds.example.com", true},
		{"case-insensitive", "Feeds.Example.COM:8080", "feeds.example.com:8080", true},
		{"ports are different servers", "127.0.0.2:8080", "127.0.0.2:9090", false},
		{"different hosts", "a.example", "b.example", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLimiter(4, 1)
			release := mustAcquire(t, l, tt.first)
			if tt.same {
				assertBlocks(t, l, tt.second, 1)
			} else {
				mustAcquire(t, l, tt.second)()
			}
			release()
			assertIdle(t, l)
		})
	}
}

func TestLimiterCancel(t *testing.T) {
	tests := []struct {
		name           string
		total, perHost int
		held, waiter   string // host held during the wait; host waited for
		wait           int    // 1 = waits for the host slot, 2 = for a global slot
	}{
		{"waiting for a busy host", 2, 1, "a.example", "a.example", 1},
		{"waiting for a global slot", 1, 1, "a.example", "b.example", 2},
		{"waiting for a global slot, host has room", 1, 2, "a.example", "a.example", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLimiter(tt.total, tt.perHost)
			release := mustAcquire(t, l, tt.held)
			assertBlocks(t, l, tt.waiter, tt.wait)
			release()
			// Had the cancelled wait kept a slot, the limits would now be
			// one short and these would block.
			releases := make([]func(), 0, tt.total)
			for i := range tt.total {
				releases = append(releases, mustAcquire(t, l, fmt.Sprintf("h%d.example", i)))
			}
			for _, r := range releases {
				r()
			}
			mustAcquire(t, l, tt.waiter)()
			assertIdle(t, l)
		})
	}
}

func TestLimiterCancelKeepsHostCapacity(t *testing.T) {
	// a.example has 2 slots; one is held, and the global slots are full.
	l := NewLimiter(3, 2)
	releaseA := mustAcquire(t, l, "a.example")
	releaseX := mustAcquire(t, l, "x.example")
	releaseY := mustAcquire(t, l, "y.example")
	// A second request to a.example takes its host slot, then gives up
	// waiting for a global one: it must hand the host slot back.
	assertBlocks(t, l, "a.example", 2)
	releaseX()
	releaseA2 := mustAcquire(t, l, "a.example") // blocks if the slot leaked
	for _, release := range []func(){releaseA, releaseA2, releaseY} {
		release()
	}
	assertIdle(t, l)
}

func TestLimiterCancelledBeforeAcquire(t *testing.T) {
	l := NewLimiter(1, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	release, err := l.Acquire(ctx, "a.example")
	if !errors.Is(err, context.Canceled) || release != nil {
		t.Fatalf("Acquire(cancelled) = (release set: %v, %v), want (nil, context.Canceled)", release != nil, err)
	}
	assertIdle(t, l)
	mustAcquire(t, l, "a.example")()
}

func TestLimiterBusyHostDoesNotHoldGlobalSlot(t *testing.T) {
	l := NewLimiter(2, 1)
	releaseA := mustAcquire(t, l, "a.example")
	parent, cancel := context.WithCancel(context.Background())
	ctx := spyCtx{Context: parent, dones: make(chan struct{}, 4)}
	res := make(chan acquireResult, 1)
	go func() {
		release, err := l.Acquire(ctx, "a.example")
		res <- acquireResult{release, err}
	}()
	<-ctx.dones // the waiter for a.example is at its host wait
	releaseB := mustAcquire(t, l, "b.example")
	releaseB()
	cancel()
	if r := <-res; !errors.Is(r.err, context.Canceled) {
		t.Fatalf("waiter: %v, want context.Canceled", r.err)
	}
	releaseA()
	assertIdle(t, l)
}

func TestLimiterReleaseTwice(t *testing.T) {
	l := NewLimiter(1, 1)
	release := mustAcquire(t, l, "a.example")
	release()
	done := make(chan struct{})
	go func() {
		release() // must neither block nor free a slot it does not hold
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(watchdog):
		t.Fatal("second release blocked")
	}
	hold := mustAcquire(t, l, "a.example")
	assertBlocks(t, l, "b.example", 2)
	hold()
	assertIdle(t, l)
}
