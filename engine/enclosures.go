package engine

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/tidings-rss/tidings/store"
)

// EnclosureResult is how one enclosure's download ended.
type EnclosureResult struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	// Status is the enclosure's state afterwards: store.EnclosureDownloaded,
	// EnclosureFailed, EnclosureBlocked, EnclosureQueued (canceled, to be
	// resumed) or EnclosureDownloading (another process has it).
	Status string
	// Path is the file when Status is downloaded; a failure that can be
	// resumed keeps its partial file there.
	Path  string
	Bytes int64
	// Err is nil when the file is complete.
	Err error
}

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
	return e.dl.start(ctx)
}

// WaitEnclosures blocks until the enclosure queue is empty and no transfer
// runs (at once when the downloader is not running), or ctx ends.
func (e *Engine) WaitEnclosures(ctx context.Context) error {
	return e.dl.wait(ctx)
}

// QueueItemEnclosures queues an item's enclosures on request, whatever its
// feed's setting: new and failed ones (a retry resumes a partial file);
// blocked types stay blocked. The running downloader picks them up.
func (e *Engine) QueueItemEnclosures(ctx context.Context, itemID int64) error {
	jobs, err := e.itemJobs(ctx, itemID)
	if err != nil {
		return err
	}
	e.dl.enqueue(ctx, jobs, store.EnclosureNone, store.EnclosureFailed)
	return nil
}

// DownloadItem downloads an item's enclosures now, whatever its feed's
// setting and outside the queue (within the same limit of transfers at
// once), and returns when they have ended. A file already downloaded and
// still there is not fetched again; blocked types stay blocked. It fails
// with store.ErrNotFound for an unknown item.
func (e *Engine) DownloadItem(ctx context.Context, itemID int64) ([]EnclosureResult, error) {
	jobs, err := e.itemJobs(ctx, itemID)
	if err != nil {
		return nil, err
	}
	results := make([]EnclosureResult, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		if j.Status == store.EnclosureDownloaded && fileThere(j.Path) {
			results[i] = EnclosureResult{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL,
				Status: j.Status, Path: j.Path, Bytes: j.BytesDone}
			continue
		}
		wg.Go(func() { results[i] = e.dl.downloadNow(ctx, j) })
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
	return e.dl.enqueue(ctx, jobs, store.EnclosureNone)
}

// enqueue blocks the jobs whose declared type is refused (no request is
// ever made for them) and queues the others whose status is one of from.
// It returns the ids blocked or queued.
func (d *downloader) enqueue(ctx context.Context, jobs []store.EnclosureJob, from ...string) []int64 {
	var touched, ids []int64
	byID := make(map[int64]store.EnclosureJob, len(jobs))
	for _, j := range jobs {
		name := enclosureFileName(j.URL, j.ItemTitle, j.Type, j.ID)
		if err := d.check.declared(j.URL, j.Type, name); err != nil {
			d.block(ctx, j, &DownloadError{Kind: KindBlocked, URL: j.URL, Err: err})
			touched = append(touched, j.ID)
			continue
		}
		ids = append(ids, j.ID)
		byID[j.ID] = j
	}
	queued, err := d.store.QueueEnclosures(ctx, ids, d.now(), from...)
	if err != nil {
		d.log.Error("queue enclosures", "err", err)
	}
	for _, id := range queued {
		j := byID[id]
		d.emit(EnclosureQueued{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL})
	}
	if len(queued) > 0 {
		d.kick()
	}
	return append(touched, queued...)
}

// downloadNow claims one enclosure whatever its state and downloads it in
// a slot.
func (d *downloader) downloadNow(ctx context.Context, j store.EnclosureJob) EnclosureResult {
	res := EnclosureResult{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL, Status: j.Status}
	if err := d.acquire(ctx); err != nil {
		res.Err = &DownloadError{Kind: KindCanceled, URL: j.URL, Err: err}
		return res
	}
	defer d.release()
	job, ok, err := d.store.ClaimEnclosure(ctx, j.ID)
	if err != nil || !ok {
		res.Err = &DownloadError{Kind: KindPersistenceFailed, URL: j.URL, Err: cmpErr(err, store.ErrNotFound)}
		return res
	}
	return d.download(ctx, job)
}

// fileThere reports whether a regular file is at p.
func fileThere(p string) bool {
	fi, err := os.Stat(p)
	return p != "" && err == nil && fi.Mode().IsRegular()
}
