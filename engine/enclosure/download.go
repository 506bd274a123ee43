package enclosure

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// defaultChunk is the size of one Range request (BITS-style chunks).
const defaultChunk = 1 << 20

// Options are what a Downloader works with.
type Options struct {
	// Store keeps the queue and each enclosure's state.
	Store *store.Store
	// Config is the [enclosures] table; Idle ends a transfer that receives
	// nothing for that long.
	Config config.EnclosureConfig
	Idle   time.Duration
	// HTTP is the door every request goes through.
	HTTP *fetch.Client
	// Now is the time source; nil: time.Now.
	Now func() time.Time
	// Log receives the downloader's log; nil discards.
	Log *slog.Logger
	// Emit receives the downloader's events; nil drops them.
	Emit func(Event)
	// ChunkBytes is the size of one Range request; 0: 1 MiB.
	ChunkBytes int64
	// Owner names this process in enclosure claims (store.Owner).
	Owner string
}

// Downloader downloads enclosures into per-feed folders: its own limit of
// transfers at once (not the feeds' in-flight limit), and the FIFO queue
// kept in the store.
type Downloader struct {
	store  *store.Store
	cfg    config.EnclosureConfig
	client *client
	check  typeCheck
	now    func() time.Time
	log    *slog.Logger
	emit   func(Event)
	chunk  int64
	owner  string
	// slots holds one element per transfer running in this process.
	slots chan struct{}
	// names serialises choosing file names, so two transfers of one feed
	// never take the same one.
	names sync.Mutex
	// running holds the enclosures being transferred by this process.
	running sync.Map
	queue   queueState
	budget  budget
}

// New returns a Downloader; Start runs its queue.
func New(o Options) *Downloader {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Emit == nil {
		o.Emit = func(Event) {}
	}
	if o.ChunkBytes <= 0 {
		o.ChunkBytes = defaultChunk
	}
	o.Config = withLimits(o.Config)
	return &Downloader{
		store:  o.Store,
		cfg:    o.Config,
		client: &client{http: o.HTTP, idle: o.Idle},
		check:  typeCheck{cfg: o.Config},
		now:    o.Now,
		log:    o.Log,
		emit:   o.Emit,
		chunk:  o.ChunkBytes,
		owner:  o.Owner,
		slots:  make(chan struct{}, max(o.Config.MaxConcurrent, 1)),
		queue:  newQueueState(),
		budget: budget{limit: o.Config.MaxTotalBytes},
	}
}

// acquire takes a transfer slot, waiting for one to be free.
func (d *Downloader) acquire(ctx context.Context) error {
	select {
	case d.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (d *Downloader) release() { <-d.slots }

// download runs one claimed enclosure (status downloading) to its end and
// records the outcome. The caller holds a slot.
func (d *Downloader) download(ctx context.Context, job store.EnclosureJob) Result {
	name := fileName(job.URL, job.ItemTitle, job.Type, job.ID)
	if err := d.check.declared(job.URL, job.Type, name); err != nil {
		return d.block(ctx, job, &fetch.DownloadError{Kind: fetch.KindBlocked, URL: job.URL, Err: err})
	}
	if _, err := fetch.CheckURL(job.URL); err != nil {
		return d.block(ctx, job, &fetch.DownloadError{Kind: fetch.KindBlocked, URL: job.URL, Err: err})
	}
	if _, busy := d.running.LoadOrStore(job.ID, true); busy {
		return busyResult(job, "")
	}
	defer d.running.Delete(job.ID)
	reserved, err := d.admit(ctx, job)
	if err != nil {
		return d.refuse(ctx, job, err)
	}
	t, err := d.open(ctx, job, name)
	if err != nil {
		d.unreserve(reserved)
	}
	if errors.Is(err, ErrEnclosureBusy) {
		return busyResult(job, "")
	}
	if err != nil {
		return d.fail(ctx, job, &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: job.URL, Err: err})
	}
	t.reserved, t.pending = reserved, reserved
	res := d.finish(ctx, t, d.runBounded(ctx, t))
	t.settle(context.WithoutCancel(ctx), true)
	return res
}

// busyResult is the result for an enclosure another transfer holds (the
// process holder, when known); its state is left to that transfer.
func busyResult(job store.EnclosureJob, holder string) Result {
	err := ErrEnclosureBusy
	if o, ok := store.ParseOwner(holder); ok {
		err = fmt.Errorf("%w (pid %d)", ErrEnclosureBusy, o.PID)
	}
	return Result{EnclosureID: job.ID, ItemID: job.ItemID, FeedID: job.FeedID, URL: job.URL,
		Status: store.EnclosureDownloading, Err: &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: job.URL, Err: err}}
}

// open prepares the partial file: the one the store records from an
// earlier attempt (to resume), or a new one under a name no other
// enclosure's record points at. It is locked, and its path recorded at
// once so a purge finds it.
func (d *Downloader) open(ctx context.Context, job store.EnclosureJob, name string) (*transfer, error) {
	folder, err := feedFolder(d.cfg.Directory, job.FeedID)
	if err != nil {
		return nil, err
	}
	if err := config.CheckDataFolder(folder); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", folder, err)
	}
	t := &transfer{d: d, job: job, limit: d.cfg.ByteLimit(job.Length)}
	if job.PartPath != "" && inFolder(folder, job.PartPath) && job.Path != "" && inFolder(folder, job.Path) {
		if f, err := openPart(job.PartPath); err == nil {
			t.path, t.partPath, t.part = job.Path, job.PartPath, f
		}
	}
	if t.part == nil {
		if t.path, t.partPath, t.part, err = d.reserve(ctx, job, folder, name); err != nil {
			return nil, err
		}
	}
	if locked, err := lockFile(t.part); err != nil || !locked {
		t.part.Close()
		return nil, cmp.Or(err, ErrEnclosureBusy)
	}
	err = t.resumeFrom()
	if err == nil {
		t.reported = t.done
		err = t.record(ctx)
	}
	if err != nil {
		if t.partPath != job.PartPath {
			t.discard() // a name reserved for nothing
		} else {
			t.part.Close()
		}
		return nil, err
	}
	return t, nil
}

// resumeFrom keeps what an earlier attempt downloaded when the store has
// its validator and the partial file is within what the server and the
// limit allow; otherwise the partial file is emptied.
func (t *transfer) resumeFrom() error {
	fi, err := t.part.Stat()
	if err != nil {
		return fmt.Errorf("stat %s: %w", t.part.Name(), err)
	}
	total := t.job.BytesTotal
	if t.partPath == t.job.PartPath && t.job.Validator != "" && fi.Size() > 0 &&
		(total <= 0 || fi.Size() <= total) && total <= t.limit && fi.Size() <= t.limit {
		t.meta, t.done = partMeta{Validator: t.job.Validator, Total: max(total, 0)}, fi.Size()
		if _, err := t.part.Seek(0, io.SeekEnd); err != nil {
			return fmt.Errorf("seek %s: %w", t.part.Name(), err)
		}
		return nil
	}
	return t.reset()
}

// openPart opens the partial file p the store records (a regular file,
// never a symlink), or creates it.
func openPart(p string) (*os.File, error) {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	return os.OpenFile(p, os.O_RDWR, 0)
}

// reserve picks the enclosure's file and partial file in folder and
// creates the partial file exclusively: the file it already has, else the
// first free name ("name", "name (2)" …). A name is free when neither it
// nor its partial name is on disk (the enclosure's own file aside) or in
// another enclosure's record.
func (d *Downloader) reserve(ctx context.Context, job store.EnclosureJob, folder, name string) (string, string, *os.File, error) {
	d.names.Lock()
	defer d.names.Unlock()
	var candidates []string
	if job.Path != "" && inFolder(folder, job.Path) {
		candidates = append(candidates, job.Path)
	}
	for n := 1; n <= maxNameTries; n++ {
		candidates = append(candidates, filepath.Join(folder, numbered(name, n)))
	}
	for _, p := range candidates {
		part := p + PartSuffix
		if !inFolder(folder, p) || !inFolder(folder, part) {
			return "", "", nil, fmt.Errorf("file name %q leaves %s", name, folder)
		}
		if p != job.Path && exists(p) || exists(part) {
			continue
		}
		taken, err := d.store.EnclosurePathsInUse(ctx, job.ID, p, part)
		if err != nil {
			return "", "", nil, err
		}
		if taken {
			continue
		}
		f, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		if errors.Is(err, fs.ErrNotExist) && os.MkdirAll(folder, 0o755) == nil {
			// A purge removed the empty folder meanwhile.
			f, err = os.OpenFile(part, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", "", nil, fmt.Errorf("create %s: %w", part, err)
		}
		return p, part, f, nil
	}
	return "", "", nil, fmt.Errorf("no free file name for %q in %s", name, folder)
}

// finish records how a transfer ended. A complete file is renamed into
// place; a transfer canceled by the caller goes back to the queue; a
// failure keeps the partial file only if it can be resumed.
func (d *Downloader) finish(ctx context.Context, t *transfer, err error) Result {
	keep := context.WithoutCancel(ctx)
	switch {
	case err == nil:
		return d.complete(keep, t)
	case fetch.KindOf(err) == fetch.KindCanceled && ctx.Err() != nil:
		d.requeue(keep, t)
		return t.result(store.EnclosureQueued, err)
	case errors.Is(err, ErrEnclosureBlocked):
		t.discard()
		return d.block(keep, t.job, err)
	}
	if !t.resumable() || errors.Is(err, ErrFallbackCap) || errors.Is(err, ErrTooLarge) {
		t.discard()
		return d.fail(keep, t.job, err)
	}
	t.part.Close()
	out := store.EnclosureOutcome{Status: store.EnclosureFailed, Error: fetch.Reason(err), Path: t.path,
		PartPath: t.partPath, Validator: t.meta.Validator, BytesDone: t.done, BytesTotal: t.meta.Total}
	return d.record(keep, t.job, out, err)
}

// complete renames the partial file into place, never executable, and
// records it. The rename happens while the lock is held.
func (d *Downloader) complete(ctx context.Context, t *transfer) Result {
	defer t.part.Close()
	if fi, err := t.part.Stat(); err == nil && fi.Mode().Perm()&0o111 != 0 {
		t.part.Chmod(fi.Mode().Perm() &^ 0o111)
	}
	if err := os.Rename(t.partPath, t.path); err != nil {
		t.discard()
		return d.fail(ctx, t.job, &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: t.job.URL, Err: err})
	}
	if t.job.Path != "" && t.job.Path != t.path {
		os.Remove(t.job.Path) // the file of an earlier download, recorded as this enclosure's only
	}
	out := store.EnclosureOutcome{Status: store.EnclosureDownloaded, Path: t.path, BytesDone: t.done, BytesTotal: t.done}
	if err := d.store.FinishEnclosure(ctx, t.job.ID, out); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			os.Remove(t.path) // the item was purged meanwhile
		}
		d.log.Warn("record enclosure", "url", t.job.URL, "err", err)
		return t.result(store.EnclosureFailed, err)
	}
	d.emit(Completed{EnclosureID: t.job.ID, ItemID: t.job.ItemID, FeedID: t.job.FeedID, URL: t.job.URL,
		Path: t.path, Bytes: t.done})
	res := t.result(store.EnclosureDownloaded, nil)
	res.Path, res.Bytes = t.path, t.done
	return res
}

// requeue puts a canceled transfer back in the queue; its partial file
// stays when it can be resumed.
func (d *Downloader) requeue(ctx context.Context, t *transfer) {
	if !t.resumable() {
		t.discard()
	} else {
		t.part.Close()
	}
	if err := t.record(ctx); err != nil {
		d.log.Warn("record enclosure progress", "url", t.job.URL, "err", err)
	}
	if err := d.store.RequeueEnclosure(ctx, t.job.ID); err != nil {
		d.log.Warn("requeue enclosure", "url", t.job.URL, "err", err)
	}
}

// block records a refused type: no partial file is kept, and no file
// is written. A file an earlier download left stays recorded, so that
// purge and removal still find it.
func (d *Downloader) block(ctx context.Context, job store.EnclosureJob, err error) Result {
	out := store.EnclosureOutcome{Status: store.EnclosureBlocked, Error: fetch.Reason(err)}
	out.Path, out.BytesDone = earlierFile(job)
	removePart(job.PartPath)
	return d.record(context.WithoutCancel(ctx), job, out, err)
}

// fail records a failure whose partial file is gone; a file an earlier
// download left stays recorded.
func (d *Downloader) fail(ctx context.Context, job store.EnclosureJob, err error) Result {
	out := store.EnclosureOutcome{Status: store.EnclosureFailed, Error: fetch.Reason(err)}
	out.Path, out.BytesDone = earlierFile(job)
	removePart(job.PartPath)
	return d.record(context.WithoutCancel(ctx), job, out, err)
}

// earlierFile is the file an earlier download of job left at the path its
// record names (no other record names it) and its size, which the budget
// counts; "" when there is none.
func earlierFile(job store.EnclosureJob) (string, int64) {
	if job.Path == "" {
		return "", 0
	}
	fi, err := os.Lstat(job.Path)
	if err != nil || !fi.Mode().IsRegular() {
		return "", 0
	}
	return job.Path, fi.Size()
}

// removePart deletes a partial file the store records, if any.
func removePart(p string) {
	if p != "" {
		os.Remove(p)
	}
}

// record stores a failed or blocked outcome and announces it.
func (d *Downloader) record(ctx context.Context, job store.EnclosureJob, out store.EnclosureOutcome, err error) Result {
	if serr := d.store.FinishEnclosure(ctx, job.ID, out); serr != nil {
		d.log.Warn("record enclosure", "url", job.URL, "err", serr)
	}
	d.log.Info("enclosure not downloaded", "url", job.URL, "status", out.Status, "err", err)
	d.emit(Failed{EnclosureID: job.ID, ItemID: job.ItemID, FeedID: job.FeedID, URL: job.URL,
		Err: err, Blocked: out.Status == store.EnclosureBlocked})
	return Result{EnclosureID: job.ID, ItemID: job.ItemID, FeedID: job.FeedID, URL: job.URL,
		Status: out.Status, Path: out.Path, Bytes: out.BytesDone, Err: err}
}

// discard closes and deletes the partial file.
func (t *transfer) discard() {
	t.part.Close()
	removePart(t.partPath)
}

// record stores the transfer's files and progress.
func (t *transfer) record(ctx context.Context) error {
	return t.d.store.SetEnclosureProgress(ctx, t.job.ID, store.EnclosureProgress{Path: t.path, PartPath: t.partPath,
		Validator: t.meta.Validator, BytesDone: t.done, BytesTotal: t.meta.Total})
}

func (t *transfer) result(status string, err error) Result {
	return Result{EnclosureID: t.job.ID, ItemID: t.job.ItemID, FeedID: t.job.FeedID, URL: t.job.URL,
		Status: status, Err: err}
}

// now is the downloader's clock, for queue times.
