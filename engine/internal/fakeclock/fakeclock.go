// Package fakeclock is a clock for tests of the engine and its
// subpackages: time moves only when a test says so, and tests synchronise
// with goroutines waiting on it without sleeping. It imports nothing of
// tidings.
package fakeclock

import (
	"sync"
	"time"
)

// timer is one pending After of a Clock.
type timer struct {
	at time.Time
	ch chan time.Time
}

// Clock is a clock for tests: time moves only when Advance is called.
// Tests synchronise with goroutines blocked in After through Waiters,
// BlockUntil and NextAfter, never by sleeping.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []timer
	// afterCh is closed (and replaced) on every After call.
	afterCh chan struct{}
}

// New returns a Clock that reads now.
func New(now time.Time) *Clock {
	return &Clock{now: now, afterCh: make(chan struct{})}
}

// Now returns the fake time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After registers a timer firing once the clock has been advanced by d; a
// d <= 0 fires at once and is not counted as a waiter.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, timer{at: c.now.Add(d), ch: ch})
	close(c.afterCh)
	c.afterCh = make(chan struct{})
	return ch
}

// Advance moves the clock forward by d and fires every timer now due.
func (c *Clock) Advance(d time.Duration) {
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
func (c *Clock) Waiters() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// NextAfter returns a channel closed at the next After call that registers a
// timer, which tells a test that a goroutine is about to block.
func (c *Clock) NextAfter() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.afterCh
}

// BlockUntil waits until at least n timers are pending.
func (c *Clock) BlockUntil(n int) {
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
