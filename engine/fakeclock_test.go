package engine

import (
	"sync"
	"time"
)

// fakeTimer is one pending After of a fakeClock.
type fakeTimer struct {
	at time.Time
	ch chan time.Time
}

// fakeClock is a Clock for tests: time moves only when Advance is called.
// Tests synchronise with goroutines blocked in After through Waiters,
// BlockUntil and NextAfter, never by sleeping.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []fakeTimer
	// afterCh is closed (and replaced) on every After call.
	afterCh chan struct{}
}

// newFakeClock returns a fakeClock that reads now.
func newFakeClock(now time.Time) *fakeClock {
	return &fakeClock{now: now, afterCh: make(chan struct{})}
}

// Now returns the fake time.
func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After registers a timer firing once the clock has been advanced by d; a
// d <= 0 fires at once and is not counted as a waiter.
func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, fakeTimer{at: c.now.Add(d), ch: ch})
	close(c.afterCh)
	c.afterCh = make(chan struct{})
	return ch
}

// Advance moves the clock forward by d and fires every timer now due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	pending := c.timers[:0]
	for _, t := range c.timers {
		if t.at.After(c.now) {
			pending = append(pending, t)
			continue
		}
		t.ch <- c.now
	}
	clear(c.timers[len(pending):])
	c.timers = pending
}

// Waiters returns the number of timers not yet fired.
func (c *fakeClock) Waiters() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// NextAfter returns a channel closed at the next After call that registers a
// timer, which tells a test that a goroutine is about to block.
func (c *fakeClock) NextAfter() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.afterCh
}

// BlockUntil waits until at least n timers are pending.
func (c *fakeClock) BlockUntil(n int) {
	for {
		c.mu.Lock()
		if len(c.timers) >= n {
			c.mu.Unlock()
			return
		}
		ch := c.afterCh
		c.mu.Unlock()
		<-ch
	}
}
