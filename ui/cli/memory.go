package cli

import (
	"os"
	"runtime/debug"

	"github.com/tidings-rss/tidings/config"
)

// workingSetBytes is what tidings holds besides feed bodies: the runtime,
// the store's Go side, the reader's panes.
const workingSetBytes = 24 << 20

// gcPercent is the collector's target for tidings' commands, GOGC=70
// rather than Go's 100: the heap grows 70 % past what is live before a
// collection. tidings' live heap is small (2-4 MB during a cold sync) and
// its garbage comes fast (parsed and sanitized documents), so the peak is
// the collector's overshoot more than live data. Measured on a cold sync
// of 300 feeds (medians of 6): 100 → 30.9 MB peak RSS at 3.82 s CPU, 70 →
// 28.9 MB at 3.70 s (the collector's share 5 % → 6 %), 50 → 27.6 MB at
// 4.22 s.
const gcPercent = 70

// setMemoryLimit gives the Go runtime a soft memory limit of two maximal
// feed bodies plus the working set (64 MiB with the defaults), so that
// the garbage a hostile body leaves behind is collected before the heap
// doubles; memory that is live is never refused. GOMEMLIMIT, when set,
// wins.
func setMemoryLimit(cfg config.Config) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(2*cfg.Sync.MaxBodyBytes + workingSetBytes)
}

// setGCPercent sets the collector's target to gcPercent; GOGC in the
// environment (getenv's answer), when set, wins.
func setGCPercent(getenv func(string) string) {
	if getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(gcPercent)
}
