package cli

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The reader spends most of its life waiting for a key, holding what its
// last burst of work grew to: the free part of Go's heap (the collector
// keeps it for the next burst, and the runtime gives it back to the
// system only slowly), SQLite's page caches and glibc's free lists. Once
// the reader has gone quiet after some work, all three are given back at
// once: a collection of a few MB of live heap (a few ms of CPU), SQLite's
// idle connections shrunk, glibc trimmed; once per quiet spell.
const (
	// idleCheck is how often the reader's allocations are looked at.
	idleCheck = time.Second
	// idleAllocBytes is what the reader may allocate in idleCheck and still
	// count as quiet: an idle reader allocates nothing (ui/heldframe.go),
	// the tail of a burst of work a little.
	idleAllocBytes = 512 << 10
	// idleWorkBytes is the work since the last release worth releasing
	// after: a key that loads a page of the list allocates about that.
	idleWorkBytes = 1 << 20
)

// heapSample is what returnIdleMemory reads of the runtime.
type heapSample struct {
	// allocs is the bytes allocated since the program started.
	allocs uint64
}

// returnIdleMemory gives the free heap back to the system whenever the
// program has gone quiet after some work (shouldRelease), until ctx ends;
// release gives back what the C side holds (SQLite's page caches:
// Store.ReleaseMemory), after which the C heap's free pages go back to the
// system too.
func returnIdleMemory(ctx context.Context, release func(context.Context) error) {
	tick := time.NewTicker(idleCheck)
	defer tick.Stop()
	last, releasedAt := readHeap(), uint64(0)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			now := readHeap()
			if shouldRelease(last, now, releasedAt) {
				debug.FreeOSMemory()
				if err := release(ctx); err == nil {
					trimCHeap()
				}
				now = readHeap()
				releasedAt = now.allocs
			}
			last = now
		}
	}
}

// shouldRelease tells, from two samples idleCheck apart and the
// allocations counted at the last release, whether the program was quiet
// meanwhile after enough work to give back.
func shouldRelease(before, now heapSample, releasedAt uint64) bool {
	return now.allocs-before.allocs < idleAllocBytes && now.allocs-releasedAt >= idleWorkBytes
}

// readHeap samples the runtime's heap metrics.
func readHeap() heapSample {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return heapSample{allocs: s[0].Value.Uint64()}
}
