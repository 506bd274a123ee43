package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/store"
)

// ErrNotDownloaded says an item has no enclosure file to play yet.
var ErrNotDownloaded = errors.New("no downloaded enclosure")

// DownloadedEnclosure returns an item's first enclosure whose download
// finished and whose file is still there, for a player to open. It fails
// with ErrNotDownloaded when there is none (and store.ErrNotFound for an
// unknown item).
func (e *Engine) DownloadedEnclosure(ctx context.Context, itemID int64) (store.Enclosure, error) {
	it, err := e.store.Item(ctx, itemID)
	if err != nil {
		return store.Enclosure{}, err
	}
	for _, enc := range it.Enclosures {
		if enc.Status == store.EnclosureDownloaded && fileThere(enc.Path) {
			return enc, nil
		}
	}
	if len(it.Enclosures) == 0 {
		return store.Enclosure{}, fmt.Errorf("item %d: %w: it has no enclosure", itemID, ErrNotDownloaded)
	}
	return store.Enclosure{}, fmt.Errorf("item %d: %w (e downloads it)", itemID, ErrNotDownloaded)
}
