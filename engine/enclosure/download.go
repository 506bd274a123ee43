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
	t, err := d.open(ctx, job, name)
	if errors.Is(err, ErrEnclosureBusy) {
		return busyResult(job, "")
	}
	if err != nil {
		return d.fail(ctx, job, &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: job.URL, Err: err})
	}
	return d.finish(ctx, t, t.run(ctx))
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

// open prepares the partial file: the one of an earlier attempt (to
// resume) or a new, unique name in the feed's folder. It is locked, and
// its path recorded at once so a purge finds it.
func (d *Downloader) open(ctx context.Context, job store.EnclosureJob, name string) (*transfer, error) {
	folder, err := feedFolder(d.cfg.Directory, job.FeedID)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", folder, err)
	}
	t := &transfer{d: d, job: job}
	if job.Path != "" && inFolder(folder, job.Path) {
		if f, err := openPart(job.Path); err == nil {
			t.path, t.part = job.Path, f
		}
	}
	if t.part == nil {
		if t.path, t.part, err = d.reserve(ctx, job, folder, name); err != nil {
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
		err = d.store.SetEnclosureProgress(ctx, job.ID, t.path, t.done, t.meta.Total)
	}
	if err != nil {
		if t.path != job.Path {
			t.discard() // a name reserved for nothing
		} else {
			t.part.Close()
		}
		return nil, err
	}
	return t, nil
}

// resumeFrom keeps what an earlier attempt downloaded when its meta file
// has a validator; otherwise the partial file is emptied.
func (t *transfer) resumeFrom() error {
	fi, err := t.part.Stat()
	if err != nil {
		return fmt.Errorf("stat %s: %w", t.part.Name(), err)
	}
	if m, ok := readMeta(t.path); ok && m.Validator != "" && fi.Size() > 0 && (m.Total == 0 || fi.Size() <= m.Total) {
		t.meta, t.done = m, fi.Size()
		if _, err := t.part.Seek(0, io.SeekEnd); err != nil {
			return fmt.Errorf("seek %s: %w", t.part.Name(), err)
		}
		return nil
	}
	return t.reset()
}

// openPart opens the existing partial file of finalPath (a regular file,
// never a symlink), or creates it.
func openPart(finalPath string) (*os.File, error) {
	p := finalPath + PartSuffix
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

// reserve picks the first free name for the enclosure in folder ("name",
// "name (2)" …) and creates its partial file exclusively.
func (d *Downloader) reserve(ctx context.Context, job store.EnclosureJob, folder, name string) (string, *os.File, error) {
	d.names.Lock()
	defer d.names.Unlock()
	for n := 1; n <= maxNameTries; n++ {
		p := filepath.Join(folder, numbered(name, n))
		if !inFolder(folder, p) {
			return "", nil, fmt.Errorf("file name %q leaves %s", name, folder)
		}
		if exists(p) || exists(p+PartSuffix) || exists(p+metaSuffix) {
			continue
		}
		taken, err := d.store.EnclosurePathInUse(ctx, job.FeedID, p, job.ID)
		if err != nil {
			return "", nil, err
		}
		if taken {
			continue
		}
		f, err := os.OpenFile(p+PartSuffix, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		if errors.Is(err, fs.ErrNotExist) && os.MkdirAll(folder, 0o755) == nil {
			// A purge removed the empty folder meanwhile.
			f, err = os.OpenFile(p+PartSuffix, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", nil, fmt.Errorf("create %s: %w", p+PartSuffix, err)
		}
		return p, f, nil
	}
	return "", nil, fmt.Errorf("no free file name for %q in %s", name, folder)
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
	if !t.resumable() || errors.Is(err, ErrFallbackCap) {
		t.discard()
		return d.fail(keep, t.job, err)
	}
	t.part.Close()
	out := store.EnclosureOutcome{Status: store.EnclosureFailed, Error: fetch.Reason(err), Path: t.path,
		BytesDone: t.done, BytesTotal: t.meta.Total}
	return d.record(keep, t.job, out, err)
}

// complete renames the partial file into place, never executable, and
// records it. The rename happens while the lock is held.
func (d *Downloader) complete(ctx context.Context, t *transfer) Result {
	defer t.part.Close()
	if fi, err := t.part.Stat(); err == nil && fi.Mode().Perm()&0o111 != 0 {
		t.part.Chmod(fi.Mode().Perm() &^ 0o111)
	}
	if err := os.Rename(t.path+PartSuffix, t.path); err != nil {
		t.discard()
		return d.fail(ctx, t.job, &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: t.job.URL, Err: err})
	}
	os.Remove(t.path + metaSuffix)
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
	if err := d.store.SetEnclosureProgress(ctx, t.job.ID, t.path, t.done, t.meta.Total); err != nil {
		d.log.Warn("record enclosure progress", "url", t.job.URL, "err", err)
	}
	if err := d.store.RequeueEnclosure(ctx, t.job.ID); err != nil {
		d.log.Warn("requeue enclosure", "url", t.job.URL, "err", err)
	}
}

// block records a refused type: no file is kept.
func (d *Downloader) block(ctx context.Context, job store.EnclosureJob, err error) Result {
	if job.Path != "" {
		removeTemporary(job.Path)
	}
	out := store.EnclosureOutcome{Status: store.EnclosureBlocked, Error: fetch.Reason(err)}
	return d.record(context.WithoutCancel(ctx), job, out, err)
}

// fail records a failure whose partial file is gone.
func (d *Downloader) fail(ctx context.Context, job store.EnclosureJob, err error) Result {
	if job.Path != "" && job.Status != store.EnclosureDownloaded {
		removeTemporary(job.Path)
	}
	out := store.EnclosureOutcome{Status: store.EnclosureFailed, Error: fetch.Reason(err)}
	return d.record(context.WithoutCancel(ctx), job, out, err)
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

// discard closes and deletes the partial file and its meta file.
func (t *transfer) discard() {
	t.part.Close()
	removeTemporary(t.path)
}

func (t *transfer) result(status string, err error) Result {
	return Result{EnclosureID: t.job.ID, ItemID: t.job.ItemID, FeedID: t.job.FeedID, URL: t.job.URL,
		Status: status, Err: err}
}

// now is the downloader's clock, for queue times.
