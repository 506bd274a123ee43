package fetch

import (
	"context"
	"strings"
	"sync"
)

// Limiter bounds requests in flight: at most total at once, and at
// most perHost to one host. A host is the URL's host as url.URL.Host gives
// it, lower-cased, port included: "127.0.0.2:8080" and "127.0.0.2:9090" are
// different servers, and so (the scheme being unknown here) are
// "example.com" and "example.com:443".
//
// Acquire takes the host slot first and only then a global slot, so a
// request waiting for a busy host never holds a global slot that requests to
// other hosts could use. A Limiter is safe for concurrent use and starts no
// goroutines.
type Limiter struct {
	total   chan struct{} // one element per request in flight
	perHost int

	mu    sync.Mutex
	hosts map[string]*hostSlots
}

// hostSlots is the semaphore of one host; refs counts the requests holding
// or waiting for it, so that an idle host's entry can be dropped.
type hostSlots struct {
	sem  chan struct{}
	refs int
}

// NewLimiter returns a Limiter allowing total requests in flight and perHost
// to any one host; values below 1 are taken as 1.
func NewLimiter(total, perHost int) *Limiter {
	return &Limiter{
		total:   make(chan struct{}, max(total, 1)),
		perHost: max(perHost, 1),
		hosts:   make(map[string]*hostSlots),
	}
}

// Acquire blocks until a slot for host is free (or ctx ends) and returns the
// release func, which frees the slot and may be called more than once. When
// ctx ends first, Acquire returns ctx.Err() and holds nothing.
func (l *Limiter) Acquire(ctx context.Context, host string) (release func(), err error) {
	releaseHost, err := l.AcquireHost(ctx, host)
	if err != nil {
		return nil, err
	}
	releaseTotal, err := l.acquireTotal(ctx)
	if err != nil {
		releaseHost()
		return nil, err
	}
	return func() {
		releaseTotal()
		releaseHost()
	}, nil
}

// acquireTotal blocks until a place among the requests in flight is free
// (or ctx ends); the release func may be called more than once.
func (l *Limiter) acquireTotal(ctx context.Context) (release func(), err error) {
	select {
	case l.total <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	var once sync.Once
	return func() { once.Do(func() { <-l.total }) }, nil
}

// AcquireHost blocks until a slot for host is free (or ctx ends), without
// taking a place among the requests in flight: for transfers that have a
// limit of their own, and for a redirect hop of a request that holds its
// place already. The release func may be called more than once.
func (l *Limiter) AcquireHost(ctx context.Context, host string) (release func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	key := strings.ToLower(host)
	h := l.ref(key)
	select {
	case h.sem <- struct{}{}:
	case <-ctx.Done():
		l.unref(key, h)
		return nil, ctx.Err()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			<-h.sem
			l.unref(key, h)
		})
	}, nil
}

// ref returns the semaphore of host key, creating it, and counts a user.
func (l *Limiter) ref(key string) *hostSlots {
	l.mu.Lock()
	defer l.mu.Unlock()
	h := l.hosts[key]
	if h == nil {
		h = &hostSlots{sem: make(chan struct{}, l.perHost)}
		l.hosts[key] = h
	}
	h.refs++
	return h
}

// unref drops a user of h and forgets the host when nobody uses it.
func (l *Limiter) unref(key string, h *hostSlots) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h.refs--
	if h.refs == 0 {
		delete(l.hosts, key)
	}
}
