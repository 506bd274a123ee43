package fetch

import (
	"context"
	"math"
	"sync"
	"time"
)

// TokenBucket is the platform's request throttle: it starts with
// Initial tokens, gains RefillPerSecond tokens per second and holds at most
// Capacity. Each request takes one token with Take, which blocks until a
// token is available or the context ends. RefillPerSecond <= 0 means
// unthrottled: Take never waits.
//
// The level is kept as an integer amount of refill time (one token = one
// refill period), so no rounding ever grants a token early or late. A
// TokenBucket is safe for concurrent use; waiters may be served in any
// order, but tokens are never over-granted.
type TokenBucket struct {
	clock  Clock
	period time.Duration // refill time of one token; 0 = unthrottled

	mu    sync.Mutex
	level time.Duration // accumulated refill time, in [0, max]
	max   time.Duration // capacity × period
	last  time.Time     // when level was last brought up to date
}

// NewTokenBucket returns a bucket reading time from clock. capacity is raised
// to at least 1 and initial is clamped to [0, capacity]. A refill rate so
// high that one token takes under a nanosecond also means unthrottled.
func NewTokenBucket(clock Clock, initial, capacity int, refillPerSecond float64) *TokenBucket {
	b := &TokenBucket{clock: clock}
	if refillPerSecond <= 0 || math.IsNaN(refillPerSecond) {
		return b
	}
	b.period = time.Duration(float64(time.Second) / refillPerSecond)
	if b.period <= 0 {
		b.period = 0
		return b
	}
	capacity = max(capacity, 1)
	initial = min(max(initial, 0), capacity)
	b.max = saturatingMul(b.period, capacity)
	b.level = saturatingMul(b.period, initial)
	b.last = clock.Now()
	return b
}

// Take takes one token, waiting for the refill when none is left. It returns
// ctx.Err() if ctx ends first (or has already ended), and nil otherwise.
func (b *TokenBucket) Take(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if b.period == 0 {
		return nil
	}
	for {
		wait := b.tryTake()
		if wait == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-b.clock.After(wait):
		}
	}
}

// tryTake takes a token if one is available and returns 0; otherwise it
// returns how long until the next token.
func (b *TokenBucket) tryTake() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill()
	if b.level >= b.period {
		b.level -= b.period
		return 0
	}
	return b.period - b.level
}

// refill adds the time elapsed since the last call, up to the capacity.
// Time running backwards adds nothing.
func (b *TokenBucket) refill() {
	now := b.clock.Now()
	elapsed := now.Sub(b.last)
	b.last = now
	if elapsed <= 0 {
		return
	}
	if elapsed >= b.max-b.level {
		b.level = b.max
		return
	}
	b.level += elapsed
}

// saturatingMul returns d × n for n >= 0, capped at the largest Duration.
func saturatingMul(d time.Duration, n int) time.Duration {
	if n == 0 {
		return 0
	}
	if d > time.Duration(math.MaxInt64)/time.Duration(n) {
		return time.Duration(math.MaxInt64)
	}
	return d * time.Duration(n)
}
