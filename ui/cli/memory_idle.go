package cli

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The reader spends most of its life waiting for a key, holding the heap
// its last burst of work grew to: the collector keeps the free part of it
// for the next burst, and the runtime gives it back to the system only
// slowly. Once the reader has gone quiet, that free part is given back at
// once: a collection of a few MB of live heap (a few ms of CPU), once per
// quiet spell, since nothing is freed again until work resumes.
const (
	// idleCheck is how often the reader's allocations are looked at.
	idleCheck = time.Second
	// idleAllocBytes is what the reader may allocate in idleCheck and still
	// count as quiet. Bubble Tea's renderer copies the last frame on each
	// of its 120 ticks a second to compare it with the one drawn: about
	// 1–2 MB a second of a reader doing nothing (measured with gctrace on
	// 100,000 items at 120×40). A key or a refresh allocates more.
	idleAllocBytes = 4 << 20
	// idleFreeBytes is the free heap worth giving back.
	idleFreeBytes = 1 << 20
)

// heapSample is what returnIdleMemory reads of the runtime.
type heapSample struct {
	// allocs is the bytes allocated since the program started, free the
	// heap's free bytes the runtime still holds.
	allocs, free uint64
}

// returnIdleMemory gives the free heap back to the system whenever the
// program has allocated less than idleAllocBytes in the last idleCheck,
// until ctx ends; release gives back what the C side holds (SQLite's page
// caches: Store.ReleaseMemory), after which the C heap's free pages go
// back to the system too.
func returnIdleMemory(ctx context.Context, release func(context.Context) error) {
	tick := time.NewTicker(idleCheck)
	defer tick.Stop()
	last := readHeap()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			now := readHeap()
			if quietWithFreeHeap(last, now) {
				debug.FreeOSMemory()
				if err := release(ctx); err == nil {
					trimCHeap()
				}
				now = readHeap()
			}
			last = now
		}
	}
}

// quietWithFreeHeap tells, from two samples idleCheck apart, whether the
// program was quiet meanwhile and holds free heap worth giving back.
func quietWithFreeHeap(before, now heapSample) bool {
	return now.allocs-before.allocs < idleAllocBytes && now.free >= idleFreeBytes
}

// readHeap samples the runtime's heap metrics.
func readHeap() heapSample {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(s)
	return heapSample{allocs: s[0].Value.Uint64(), free: s[1].Value.Uint64()}
}
