package engine

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/store"
)

// StartEnclosures starts the enclosure downloader, which runs until ctx
// ends. Before it returns, enclosures a stopped process left downloading go
// back to the queue and every queued one is announced (EnclosureQueued);
// then queued enclosures download in FIFO order, at most
// enclosures.max_concurrent at once, a finished one letting the next start.
// Enclosures queued later (by syncs of feeds that download enclosures, or
// by QueueItemEnclosures) start as soon as a slot is free. A transfer cut
// short by ctx goes back to the queue, to resume at the next start. The
// returned channel is closed once the downloader and its transfers have
// ended; calling StartEnclosures while it runs returns the same channel.
func (e *Engine) StartEnclosures(ctx context.Context) <-chan struct{} {
	return e.enclosures.Start(ctx)
}

// WaitEnclosures blocks until the enclosure queue is empty and no transfer
// runs (at once when the downloader is not running), or ctx ends.
func (e *Engine) WaitEnclosures(ctx context.Context) error {
	return e.enclosures.Wait(ctx)
}

// QueueItemEnclosures queues an item's enclosures on request, whatever its
// feed's setting: new, failed and removed ones (a retry resumes a partial
// file); blocked types stay blocked. The running downloader picks them up.
func (e *Engine) QueueItemEnclosures(ctx context.Context, itemID int64) error {
	jobs, err := e.itemJobs(ctx, itemID)
	if err != nil {
		return err
	}
	e.enclosures.Enqueue(ctx, jobs, store.EnclosureNone, store.EnclosureFailed, store.EnclosureRemoved)
	return nil
}

// DownloadItem downloads an item's enclosures now, whatever its feed's
// setting and outside the queue (within the same limit of transfers at
// once), and returns when they have ended. A file already downloaded and
// still there is not fetched again; blocked types stay blocked. It fails
// with store.ErrNotFound for an unknown item.
func (e *Engine) DownloadItem(ctx context.Context, itemID int64) ([]enclosure.Result, error) {
	jobs, err := e.itemJobs(ctx, itemID)
	if err != nil {
		return nil, err
	}
	results := make([]enclosure.Result, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		if j.Status == store.EnclosureDownloaded && fileThere(j.Path) {
			results[i] = enclosure.Result{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL,
				Status: j.Status, Path: j.Path, Bytes: j.BytesDone}
			continue
		}
		wg.Go(func() { results[i] = e.enclosures.DownloadNow(ctx, j) })
	}
	wg.Wait()
	return results, nil
}

// itemJobs returns an item's enclosures, or ErrNotFound.
func (e *Engine) itemJobs(ctx context.Context, itemID int64) ([]store.EnclosureJob, error) {
	if _, err := e.store.Item(ctx, itemID); err != nil {
		return nil, err
	}
	jobs, err := e.store.EnclosureJobs(ctx, store.EnclosureQuery{ItemIDs: []int64{itemID}})
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", itemID, err)
	}
	return jobs, nil
}

// queueEnclosures queues the new enclosures of the items a download of
// feed added or changed, when the feed downloads enclosures, and returns
// the ids it queued or blocked. Turned on later, the setting thus takes
// only items that are new or updated from then on.
func (e *Engine) queueEnclosures(ctx context.Context, feed store.Feed, items []int64) []int64 {
	if !feed.DownloadEnclosures || len(items) == 0 {
		return nil
	}
	jobs, err := e.store.EnclosureJobs(ctx, store.EnclosureQuery{ItemIDs: items, Status: store.EnclosureNone})
	if err != nil {
		e.log.Error("queue enclosures", "feed", feed.URL, "err", err)
		return nil
	}
	return e.enclosures.Enqueue(ctx, jobs, store.EnclosureNone).IDs()
}

// fileThere reports whether a regular file is at p.
func fileThere(p string) bool {
	fi, err := os.Stat(p)
	return p != "" && err == nil && fi.Mode().IsRegular()
}
