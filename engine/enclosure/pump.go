package enclosure

import (
	"context"
	"os"
	"sync"

	"github.com/tidings-rss/tidings/store"
)

// queueState is what the pump and its waiters share.
type queueState struct {
	mu      sync.Mutex
	running bool
	// gen counts kicks, so a pass that found the queue empty does not
	// hide work queued while it looked.
	gen uint64
	// empty is true when the last look found the queue empty and nothing
	// was queued since.
	empty   bool
	active  int
	waiters []chan struct{}
	// wake tells the pump that something was queued.
	wake chan struct{}
	// stopped is closed once the running pump and its transfers have ended.
	stopped chan struct{}
}

func newQueueState() queueState {
	return queueState{wake: make(chan struct{}, 1)}
}

// Start takes back what a stopped process left downloading and announces
// the queue, then runs the pump until ctx ends, unless it runs already. It
// returns a channel closed once the pump and its transfers have ended.
func (d *Downloader) Start(ctx context.Context) <-chan struct{} {
	q := &d.queue
	q.mu.Lock()
	if q.running {
		q.mu.Unlock()
		return q.stopped
	}
	q.running, q.empty = true, false
	stopped := make(chan struct{})
	q.stopped = stopped
	q.mu.Unlock()
	d.recover(ctx)
	go d.pump(ctx, stopped)
	return stopped
}

// pump takes queued enclosures in FIFO order while a slot is free, each in
// its own goroutine; when the queue is empty it waits for a kick.
func (d *Downloader) pump(ctx context.Context, stopped chan<- struct{}) {
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		d.stop()
		close(stopped)
	}()
	for {
		if err := d.acquire(ctx); err != nil {
			return
		}
		gen := d.generation()
		job, ok, err := d.store.ClaimNextEnclosure(ctx, d.owner)
		if err != nil || !ok {
			d.release()
			if err != nil && ctx.Err() == nil {
				d.log.Error("enclosure queue", "err", err)
			}
			d.idleSince(gen)
			select {
			case <-d.queue.wake:
				continue
			case <-ctx.Done():
				return
			}
		}
		d.begin()
		wg.Go(func() {
			defer d.end()
			defer d.release()
			d.download(ctx, job)
		})
	}
}

// recover puts back in the queue the enclosures a stopped process left
// downloading — those no live process claims and whose partial file
// nobody holds — and announces the queue.
func (d *Downloader) recover(ctx context.Context) {
	stale, err := d.store.EnclosureJobs(ctx, store.EnclosureQuery{Status: store.EnclosureDownloading})
	if err != nil {
		d.log.Error("enclosure queue", "err", err)
	}
	for _, j := range stale {
		if d.heldElsewhere(j) || j.Path != "" && partHeld(j.Path) {
			continue
		}
		if err := d.store.RequeueEnclosure(ctx, j.ID); err != nil {
			d.log.Warn("requeue enclosure", "url", j.URL, "err", err)
		}
	}
	queued, err := d.store.EnclosureJobs(ctx, store.EnclosureQuery{Status: store.EnclosureQueued})
	if err != nil {
		d.log.Error("enclosure queue", "err", err)
	}
	for _, j := range queued {
		d.emit(Queued{EnclosureID: j.ID, ItemID: j.ItemID, FeedID: j.FeedID, URL: j.URL})
	}
}

// heldElsewhere reports whether a transfer other than a stale one holds j:
// a live process other than this one, or this one's running transfer.
func (d *Downloader) heldElsewhere(j store.EnclosureJob) bool {
	if _, running := d.running.Load(j.ID); running {
		return true
	}
	return j.ClaimedBy != "" && j.ClaimedBy != d.owner && store.OwnerAlive(j.ClaimedBy)
}

// partHeld reports whether a transfer (of any process) holds the partial
// file of finalPath.
func partHeld(finalPath string) bool {
	f, err := os.OpenFile(finalPath+PartSuffix, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	locked, err := lockFile(f)
	return err == nil && !locked
}

// kick tells the pump that enclosures were queued.
func (d *Downloader) kick() {
	q := &d.queue
	q.mu.Lock()
	q.gen++
	q.empty = false
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (d *Downloader) generation() uint64 {
	d.queue.mu.Lock()
	defer d.queue.mu.Unlock()
	return d.queue.gen
}

// idleSince marks the queue empty unless something was queued since gen.
func (d *Downloader) idleSince(gen uint64) {
	q := &d.queue
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.gen == gen {
		q.empty = true
		q.notifyIfQuiet()
	}
}

func (d *Downloader) begin() {
	d.queue.mu.Lock()
	d.queue.active++
	d.queue.mu.Unlock()
}

func (d *Downloader) end() {
	q := &d.queue
	q.mu.Lock()
	defer q.mu.Unlock()
	q.active--
	q.notifyIfQuiet()
}

// stop marks the pump stopped and releases every waiter.
func (d *Downloader) stop() {
	q := &d.queue
	q.mu.Lock()
	defer q.mu.Unlock()
	q.running = false
	q.notify()
}

// notifyIfQuiet releases the waiters when the queue is empty and no
// transfer runs. The caller holds mu.
func (q *queueState) notifyIfQuiet() {
	if q.empty && q.active == 0 {
		q.notify()
	}
}

func (q *queueState) notify() {
	for _, ch := range q.waiters {
		close(ch)
	}
	q.waiters = nil
}

// Wait blocks until the pump finds the queue empty with no transfer
// running, the pump stops, or ctx ends.
func (d *Downloader) Wait(ctx context.Context) error {
	q := &d.queue
	q.mu.Lock()
	if !q.running || (q.empty && q.active == 0) {
		q.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	q.waiters = append(q.waiters, ch)
	q.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
