package fetch

import "time"

// Clock is the time source of the engine; tests inject a fake.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// After returns a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

// RealClock is the wall clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// After returns time.After(d). The timer is garbage-collected once nobody
// holds the channel, so an abandoned wait does not leak.
func (RealClock) After(d time.Duration) <-chan time.Time { return time.After(d) }
