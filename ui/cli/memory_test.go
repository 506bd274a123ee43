package cli

import (
	"runtime/debug"
	"testing"
)

// TestSetGCPercentIsSeventyUnlessGOGCIsSet checks the collector's target a
// command runs with: gcPercent by default, the user's GOGC when set.
func TestSetGCPercentIsSeventyUnlessGOGCIsSet(t *testing.T) {
	const before = 100
	tests := []struct {
		name string
		gogc string
		want int
	}{
		{name: "GOGC unset", gogc: "", want: gcPercent},
		{name: "GOGC set", gogc: "200", want: before},
		{name: "GOGC off", gogc: "off", want: before},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := debug.SetGCPercent(before)
			defer debug.SetGCPercent(orig)
			setGCPercent(func(key string) string {
				if key == "GOGC" {
					return tt.gogc
				}
				return ""
			})
			if got := debug.SetGCPercent(before); got != tt.want {
				t.Fatalf("GC percent %d, want %d", got, tt.want)
			}
		})
	}
}

// TestShouldRelease checks when the reader gives memory back: after a
// quiet second that follows some work, once per quiet spell.
func TestShouldRelease(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name        string
		before, now heapSample
		releasedAt  uint64
		want        bool
	}{
		{"quiet after work", heapSample{allocs: 100 * mb}, heapSample{allocs: 100*mb + 1000}, 50 * mb, true},
		{"busy", heapSample{allocs: 100 * mb}, heapSample{allocs: 104 * mb}, 50 * mb, false},
		{"quiet, released since the work", heapSample{allocs: 100 * mb}, heapSample{allocs: 100 * mb}, 100 * mb, false},
		{"quiet, a little work since the release", heapSample{allocs: 100 * mb}, heapSample{allocs: 100 * mb}, 100*mb - idleWorkBytes + 1, false},
		{"quiet, enough work since the release", heapSample{allocs: 100 * mb}, heapSample{allocs: 100 * mb}, 100*mb - idleWorkBytes, true},
		{"just under the quiet line", heapSample{allocs: 10 * mb}, heapSample{allocs: 10*mb + idleAllocBytes - 1}, 0, true},
		{"at the quiet line", heapSample{allocs: 10 * mb}, heapSample{allocs: 10*mb + idleAllocBytes}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shouldRelease(tt.before, tt.now, tt.releasedAt); got != tt.want {
				t.Errorf("shouldRelease(%+v, %+v, %d) = %v, want %v", tt.before, tt.now, tt.releasedAt, got, tt.want)
			}
		})
	}
}

// TestReadHeapReadsTheRuntime checks that the metrics returnIdleMemory
// reads exist: a name the runtime does not know reads as zero.
func TestReadHeapReadsTheRuntime(t *testing.T) {
	before := readHeap()
	sink = make([]byte, 4<<20)
	after := readHeap()
	if after.allocs-before.allocs < 4<<20 {
		t.Fatalf("allocs grew by %d after a 4 MiB allocation", after.allocs-before.allocs)
	}
}

// sink keeps TestReadHeapReadsTheRuntime's allocation on the heap.
var sink []byte
