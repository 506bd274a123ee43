package enclosure

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// ErrOverBudget means the enclosures' files together would take more than
// enclosures.max_total_bytes: the enclosure is not downloaded (or its
// transfer ends there), and stays retryable.
var ErrOverBudget = errors.New("over enclosures.max_total_bytes")

// budgetError words a refusal of the budget in one line; it is
// ErrOverBudget.
type budgetError struct {
	others int64 // what the other enclosures' files take
	limit  int64 // enclosures.max_total_bytes
	file   int64 // what this file was to take: its declared length, or what it reached
	during bool  // the transfer had started
}

func (e *budgetError) Error() string {
	const advice = "; delete some (Q, D) or raise it"
	switch {
	case e.others >= e.limit:
		return fmt.Sprintf("the enclosures already take %s of the %s enclosures.max_total_bytes allows%s",
			decimalSize(e.others), decimalSize(e.limit), advice)
	case e.during:
		return fmt.Sprintf("stopped at %s: the enclosures' %s and this file would pass the %s enclosures.max_total_bytes allows%s",
			decimalSize(e.file), decimalSize(e.others), decimalSize(e.limit), advice)
	}
	return fmt.Sprintf("its declared %s would take the enclosures' %s past the %s enclosures.max_total_bytes allows%s",
		decimalSize(e.file), decimalSize(e.others), decimalSize(e.limit), advice)
}

// Is makes a budgetError ErrOverBudget.
func (e *budgetError) Is(target error) bool { return target == ErrOverBudget }

// noBudget is the room of a transfer when enclosures.max_total_bytes is 0.
const noBudget = math.MaxInt64

// othersBytes is what the files of the enclosures other than job take, as
// the store records them; job's own recorded bytes are what it has.
func (d *Downloader) othersBytes(ctx context.Context, job store.EnclosureJob, own int64) (int64, error) {
	used, err := d.store.EnclosureBytes(ctx)
	if err != nil {
		return 0, &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: job.URL, Err: err}
	}
	return max(used-own, 0), nil
}

// budgetRoom is the most job's files may hold within the budget, before
// its transfer starts: refused (ErrOverBudget) when the others take the
// whole budget, or when the feed declares a length that does not fit.
func (d *Downloader) budgetRoom(ctx context.Context, job store.EnclosureJob) (int64, error) {
	limit := d.cfg.MaxTotalBytes
	if limit <= 0 {
		return noBudget, nil
	}
	var own int64
	if job.Path != "" || job.PartPath != "" {
		own = job.BytesDone // the store counts it only then
	}
	others, err := d.othersBytes(ctx, job, own)
	if err != nil {
		return 0, err
	}
	room := limit - others
	if room <= 0 || job.Length > room {
		return 0, &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: job.URL,
			Err: &budgetError{others: others, limit: limit, file: job.Length}}
	}
	return room, nil
}

// refreshRoom takes again the room of a running transfer from the store,
// which has just recorded its progress: the other transfers have grown
// meanwhile, and deletions freed space. A failed look keeps the old room.
func (t *transfer) refreshRoom(ctx context.Context) {
	if t.room == noBudget {
		return
	}
	others, err := t.d.othersBytes(ctx, t.job, t.done)
	if err != nil {
		t.d.log.Warn("enclosure budget", "url", t.job.URL, "err", err)
		return
	}
	t.room = t.d.cfg.MaxTotalBytes - others
}

// overBudget words a transfer stopped where the next read would take the
// enclosures past the budget.
func (t *transfer) overBudget(status int) error {
	return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL, Status: status,
		Err: &budgetError{others: t.d.cfg.MaxTotalBytes - t.room, limit: t.d.cfg.MaxTotalBytes, file: t.done, during: true}}
}

// refuse records an enclosure the budget refused before its transfer: it
// fails, keeping its files and progress as they were, so a retry resumes.
func (d *Downloader) refuse(ctx context.Context, job store.EnclosureJob, err error) Result {
	out := store.EnclosureOutcome{Status: store.EnclosureFailed, Error: fetch.Reason(err), Path: job.Path,
		PartPath: job.PartPath, Validator: job.Validator, BytesDone: job.BytesDone, BytesTotal: job.BytesTotal}
	return d.record(context.WithoutCancel(ctx), job, out, err)
}

// decimalSize writes n in GiB, MiB or KiB with one decimal, else in bytes.
func decimalSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
