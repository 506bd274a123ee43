package enclosure

import (
	"cmp"
	"context"
	"slices"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// Result is how one enclosure's download ended.
type Result struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	// Status is the enclosure's state afterwards: store.EnclosureDownloaded,
	// EnclosureFailed, EnclosureBlocked, Queued (canceled, to be
	// resumed) or EnclosureDownloading (another process has it).
	Status string
	// Path is the file when Status is downloaded; a failure that can be
	// resumed keeps its partial file there.
	Path  string
	Bytes int64
	// Err is nil when the file is complete.
	Err error
}

// Enqueued is what Enqueue did: the ids it queued, and the enclosures it
// blocked instead, each with the checker's reason.
type Enqueued struct {
	Queued  []int64
	Blocked []Refused
}

// Refused is an enclosure Enqueue blocked: the file name tidings would have
// written and why its type is refused (wrapping ErrEnclosureBlocked).
type Refused struct {
	ID   int64
	Name string
	Err  error
}

// IDs returns the ids blocked or queued.
func (q Enqueued) IDs() []int64 {
	ids := make([]int64, 0, len(q.Blocked)+len(q.Queued))
	for _, r := range q.Blocked {
		ids = append(ids, r.ID)
	}
	return append(ids, q.Queued...)
}

// Enqueue queues the jobs whose status is one of from, except those whose
// declared type is refused: it blocks them instead (no request is ever
// made for them). Jobs in another state (downloaded, downloading, …) are
// left as they are, neither judged nor queued.
func (d *Downloader) Enqueue(ctx context.Context, jobs []store.EnclosureJob, from ...string) Enqueued {
	var out Enqueued
	var ids []int64
	byID := make(map[int64]store.EnclosureJob, len(jobs))
	for _, j := range jobs {
		if !slices.Contains(from, j.Status) {
			continue
		}
		name := fileName(j.URL, j.ItemTitle, j.Type, j.ID)
		if err := d.check.declared(j.URL, j.Type, name); err != nil {
			d.block(ctx, j, &fetch.DownloadError{Kind: fetch.KindBlocked, URL: j.URL, Err: err})
			out.Blocked = append(out.Blocked, Refused{ID: j.ID, Name: name, Err: err})
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
		d.emit(Queued{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL})
	}
	if len(queued) > 0 {
		d.kick()
	}
	out.Queued = queued
	return out
}

// downloadNow claims one enclosure whatever its state and downloads it in
// a slot.
func (d *Downloader) DownloadNow(ctx context.Context, j store.EnclosureJob) Result {
	res := Result{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL, Status: j.Status}
	if err := d.acquire(ctx); err != nil {
		res.Err = &fetch.DownloadError{Kind: fetch.KindCanceled, URL: j.URL, Err: err}
		return res
	}
	defer d.release()
	job, ok, holder, err := d.store.ClaimEnclosure(ctx, j.ID, d.owner)
	if holder != "" {
		return busyResult(j, holder)
	}
	if err != nil || !ok {
		res.Err = &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: j.URL, Err: cmp.Or(err, store.ErrNotFound)}
		return res
	}
	return d.download(ctx, job)
}
