package engine

import (
	"context"

	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/store"
)

// accountHost is the engine as its account sees it (account.Engine).
type accountHost struct{ e *Engine }

// Syncing sends AccountSyncing.
func (h accountHost) Syncing(url string) { h.e.emit(AccountSyncing{URL: url}) }

// Synced tells the offline state what the sync learnt, announces a fault
// of the database, and sends AccountSynced.
func (h accountHost) Synced(ctx context.Context, res account.Result) {
	h.e.noteAccountRound(ctx, res)
	h.e.announceFault(res.Err)
	h.e.emit(AccountSynced{Result: res})
}

// Failed announces a fault of the database.
func (h accountHost) Failed(err error) { h.e.announceFault(err) }

// MaxItems is MaxItems under the engine's configuration.
func (h accountHost) MaxItems(f store.Feed) int { return MaxItems(h.e.cfg, f) }

// RemoveFiles removes enclosure files.
func (h accountHost) RemoveFiles(paths []string) { h.e.removeFiles(paths) }

// QueueEnclosures queues the enclosures of a feed's items.
func (h accountHost) QueueEnclosures(ctx context.Context, f store.Feed, items []int64) {
	h.e.queueEnclosures(ctx, f, items)
}
