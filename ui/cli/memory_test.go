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

// TestQuietWithFreeHeap checks when the reader gives its free heap back:
// only after a quiet second, and only when there is enough to give.
func TestQuietWithFreeHeap(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name        string
		before, now heapSample
		want        bool
	}{
		{"quiet with free heap", heapSample{allocs: 100 * mb}, heapSample{allocs: 100*mb + 1000, free: 3 * mb}, true},
		{"busy", heapSample{allocs: 100 * mb}, heapSample{allocs: 104 * mb, free: 3 * mb}, false},
		{"quiet, little free heap", heapSample{allocs: 100 * mb}, heapSample{allocs: 100 * mb, free: mb / 2}, false},
		{"just under the quiet line", heapSample{allocs: 0}, heapSample{allocs: idleAllocBytes - 1, free: idleFreeBytes}, true},
		{"at the quiet line", heapSample{allocs: 0}, heapSample{allocs: idleAllocBytes, free: idleFreeBytes}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := quietWithFreeHeap(tt.before, tt.now); got != tt.want {
				t.Errorf("quietWithFreeHeap(%+v, %+v) = %v, want %v", tt.before, tt.now, got, tt.want)
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
