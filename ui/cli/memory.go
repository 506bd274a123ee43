package cli

import (
	"os"
	"runtime/debug"

	"github.com/tidings-rss/tidings/config"
)

// workingSetBytes is what tidings holds besides feed bodies: the runtime,
// the store's Go side, the reader's panes.
const workingSetBytes = 24 << 20

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
