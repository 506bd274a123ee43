package fetch

import (
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/internal/fakeclock"
)

// bucketEpoch is the start time of the fake clocks in these tests.
var bucketEpoch = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

// startTake runs b.Take(ctx) in a goroutine. It reports whether Take blocked
// (called After) instead of returning at once; done receives Take's result
// in both cases. Only for tests where no other goroutine uses clk.
func startTake(ctx context.Context, b *TokenBucket, clk *fakeclock.Clock) (blocked bool, done <-chan error) {
	after := clk.NextAfter()
	ch := make(chan error, 1)
	go func() { ch <- b.Take(ctx) }()
	select {
	case err := <-ch:
		ch <- err
		return false, ch
	case <-after:
		return true, ch
	}
}

// takeImmediately asserts that n takes succeed without waiting.
func takeImmediately(t *testing.T, b *TokenBucket, clk *fakeclock.Clock, n int) {
	t.Helper()
	for i := range n {
		blocked, done := startTake(context.Background(), b, clk)
		if blocked {
			t.Fatalf("take %d blocked, want immediate", i+1)
		}
		if err := <-done; err != nil {
			t.Fatalf("take %d: %v", i+1, err)
		}
	}
}

// assertPending asserts that done has not received yet.
func assertPending(t *testing.T, done <-chan error) {
	t.Helper()
	select {
	case err := <-done:
		t.Fatalf("Take returned early (%v)", err)
	default:
	}
}

// assertRefilled advances clk by d and asserts that the one pending Take,
// reporting on done, then gets its token instead of waiting on.
func assertRefilled(t *testing.T, clk *fakeclock.Clock, done <-chan error, d time.Duration) {
	t.Helper()
	after := clk.NextAfter()
	clk.Advance(d)
	if clk.Waiters() != 0 {
		t.Fatalf("Take still waiting for its timer")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Take after refill: %v", err)
		}
	case <-after:
		t.Fatalf("Take waits again after the refill")
	}
}

func TestTokenBucketBurstAndRefill(t *testing.T) {
	tests := []struct {
		name              string
		initial, capacity int
		rate              float64
		idle              time.Duration
		wantImmediate     int
		wantWait          time.Duration
	}{
		{"fresh bucket", 2, 4, 1, 0, 2, time.Second},
		{"after 10 s idle only capacity", 2, 4, 1, 10 * time.Second, 4, time.Second},
		{"after 1.5 s idle", 2, 4, 1, 1500 * time.Millisecond, 3, 500 * time.Millisecond},
		{"initial above capacity", 10, 4, 1, 0, 4, time.Second},
		{"negative initial", -3, 4, 1, 0, 0, time.Second},
		{"capacity below one", 1, 0, 1, time.Minute, 1, time.Second},
		{"two per second", 2, 4, 2, 0, 2, 500 * time.Millisecond},
		{"one per minute", 1, 1, 1.0 / 60, 0, 1, time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := fakeclock.New(bucketEpoch)
			b := NewTokenBucket(clk, tt.initial, tt.capacity, tt.rate)
			clk.Advance(tt.idle)
			takeImmediately(t, b, clk, tt.wantImmediate)

			blocked, done := startTake(context.Background(), b, clk)
			if !blocked {
				t.Fatalf("take %d did not block", tt.wantImmediate+1)
			}
			clk.Advance(tt.wantWait - time.Nanosecond)
			assertPending(t, done)
			assertRefilled(t, clk, done, time.Nanosecond)
		})
	}
}

func TestTokenBucketContinuousDemand(t *testing.T) {
	tests := []struct {
		name    string
		workers int
		step    time.Duration
	}{
		{"one worker, 250 ms steps", 1, 250 * time.Millisecond},
		{"three workers, 1 s steps", 3, time.Second},
		{"five workers, 700 ms steps", 5, 700 * time.Millisecond},
		{"four workers, 3 s steps", 4, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runContinuousDemand(t, tt.workers, tt.step, 30*time.Second)
		})
	}
}

// runContinuousDemand keeps workers taking tokens from a (2, 4, 1/s) bucket
// while the clock advances by step until total has passed, and checks after
// every step that exactly 2 + whole seconds tokens were granted.
func runContinuousDemand(t *testing.T, workers int, step, total time.Duration) {
	clk := fakeclock.New(bucketEpoch)
	b := NewTokenBucket(clk, 2, 4, 1)
	ctx, cancel := context.WithCancel(context.Background())
	var granted atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for b.Take(ctx) == nil {
				granted.Add(1)
			}
		})
	}
	defer func() { cancel(); wg.Wait() }()

	var elapsed time.Duration
	for {
		clk.BlockUntil(workers) // every worker waits: the count is stable
		limit := 2 + int64(elapsed/time.Second)
		if got := granted.Load(); got > limit {
			t.Fatalf("after %v: %d tokens granted, at most %d allowed", elapsed, got, limit)
		} else if got < limit {
			t.Fatalf("after %v: only %d tokens granted under continuous demand, want %d", elapsed, got, limit)
		}
		if elapsed >= total {
			return
		}
		clk.Advance(step)
		elapsed += step
	}
}

func TestTokenBucketContextEnds(t *testing.T) {
	tests := []struct {
		name         string
		cancelBefore bool
	}{
		{"cancelled while waiting", false},
		{"cancelled before Take, tokens left", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := fakeclock.New(bucketEpoch)
			b := NewTokenBucket(clk, 2, 4, 1)
			if !tt.cancelBefore {
				takeImmediately(t, b, clk, 2)
			}
			ctx, cancel := context.WithCancel(context.Background())
			if tt.cancelBefore {
				cancel()
			}
			blocked, done := startTake(ctx, b, clk)
			if blocked == tt.cancelBefore {
				t.Fatalf("blocked = %v, want %v", blocked, !tt.cancelBefore)
			}
			cancel()
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Fatalf("Take = %v, want context.Canceled", err)
			}
			if tt.cancelBefore {
				takeImmediately(t, b, clk, 2) // nothing was consumed
			}
		})
	}
}

func TestTokenBucketUnthrottled(t *testing.T) {
	tests := []struct {
		name string
		rate float64
	}{
		{"zero", 0},
		{"negative", -1},
		{"NaN", math.NaN()},
		{"infinite", math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := fakeclock.New(bucketEpoch)
			b := NewTokenBucket(clk, 0, 1, tt.rate)
			takeImmediately(t, b, clk, 100)
			if n := clk.Waiters(); n != 0 {
				t.Fatalf("%d timers registered, want none", n)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if err := b.Take(ctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("Take(cancelled) = %v, want context.Canceled", err)
			}
		})
	}
}

func TestRealClock(t *testing.T) {
	var c Clock = RealClock{}
	before := time.Now()
	if got := <-c.After(0); got.Before(before) {
		t.Fatalf("After(0) delivered %v, before %v", got, before)
	}
	if now := c.Now(); now.Before(before) {
		t.Fatalf("Now() = %v, before %v", now, before)
	}
}
