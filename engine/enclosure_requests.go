package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/store"
)

// EnclosureRemoved is sent when the person took an enclosure off the
// queue (CancelEnclosure) or deleted its file (DeleteEnclosureFile).
type EnclosureRemoved struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
}

// EventName is "enclosure removed".
func (EnclosureRemoved) EventName() string { return "enclosure removed" }

// ErrNotRemovable is an enclosure whose state does not allow what was
// asked (cancelling one that is not queued, deleting one not downloaded).
var ErrNotRemovable = errors.New("not in that state")

// EnclosureQueue lists the enclosures queued, downloading, downloaded,
// failed, blocked or removed (the podcast queue).
func (e *Engine) EnclosureQueue(ctx context.Context) ([]store.QueueEntry, error) {
	return e.store.EnclosureQueue(ctx)
}

// CancelEnclosure takes a queued enclosure off the queue: it is removed,
// so a feed's automatic downloads leave it alone; RequeueEnclosure (or
// QueueItemEnclosures) asks for it again. A partial file from an earlier
// attempt is deleted.
func (e *Engine) CancelEnclosure(ctx context.Context, id int64) error {
	return e.removeEnclosure(ctx, "cancel", id, store.EnclosureQueued)
}

// DeleteEnclosureFile deletes a downloaded enclosure's file and marks it
// removed, so that it is not downloaded again automatically.
func (e *Engine) DeleteEnclosureFile(ctx context.Context, id int64) error {
	return e.removeEnclosure(ctx, "delete", id, store.EnclosureDownloaded)
}

func (e *Engine) removeEnclosure(ctx context.Context, verb string, id int64, from string) error {
	job, err := e.store.RemoveEnclosure(ctx, id, from)
	if errors.Is(err, store.ErrInvalid) {
		return fmt.Errorf("%s %s: %w: it is %s", verb, job.URL, ErrNotRemovable, job.Status)
	}
	if err != nil {
		return err
	}
	e.emit(EnclosureRemoved{EnclosureID: job.ID, ItemID: job.ItemID, FeedID: job.FeedID, URL: job.URL})
	if errs := enclosure.RemoveFiles([]string{job.Path, job.PartPath}); len(errs) > 0 {
		return fmt.Errorf("%s %s: %w", verb, job.URL, errors.Join(errs...))
	}
	return nil
}

// RequeueEnclosure queues a failed or removed enclosure again (a failed
// one resumes its partial file); false when it is in another state. One
// whose type the blocked lists now refuse is blocked instead, and the error
// names its file and the reason (it wraps enclosure.ErrEnclosureBlocked).
func (e *Engine) RequeueEnclosure(ctx context.Context, id int64) (bool, error) {
	jobs, err := e.store.EnclosureJobs(ctx, store.EnclosureQuery{IDs: []int64{id}})
	if err != nil {
		return false, err
	}
	done := e.enclosures.Enqueue(ctx, jobs, store.EnclosureFailed, store.EnclosureRemoved)
	if len(done.Blocked) > 0 {
		r := done.Blocked[0]
		return false, fmt.Errorf("requeue %s: %w", r.Name, r.Err)
	}
	return len(done.Queued) > 0, nil
}
