package enclosure

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// ErrOverBudget means the enclosures' files together would take more than
// enclosures.max_total_bytes: the enclosure is not downloaded (or its
// transfer ends there), and stays retryable.
var ErrOverBudget = errors.New("over enclosures.max_total_bytes")

// budget is enclosures.max_total_bytes as the transfers of this process
// share it: what the store records (read again before each transfer,
// after each recorded chunk and at each transfer's end, so deletions and
// other processes are seen) plus what the running transfers wrote since
// they last recorded and the declared lengths they reserved. Every write
// takes its bytes from it first, so the transfers of one process never
// take the total past the limit together, and a transfer with a declared
// length is not stopped half-way by one that started after it.
type budget struct {
	limit int64 // 0: no budget
	mu    sync.Mutex
	// recorded is store.EnclosureBytes at the last look.
	recorded int64
	// pending is what running transfers wrote and have not settled, and
	// what they reserved and have not written.
	pending int64
}

// look reads the recorded total again; the caller holds mu. A failed look
// keeps the last one.
func (d *Downloader) look(ctx context.Context) error {
	n, err := d.store.EnclosureBytes(ctx)
	if err != nil {
		return err
	}
	d.budget.recorded = n
	return nil
}

// admit refuses, before its transfer, an enclosure the budget has no room
// for: the other enclosures take all of it, or the length the feed
// declares does not fit in what is left. Else it reserves what the
// declared length still needs, returned for [Downloader.unreserve] or the
// transfer.
func (d *Downloader) admit(ctx context.Context, job store.EnclosureJob) (int64, error) {
	b := &d.budget
	if b.limit <= 0 {
		return 0, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := d.look(ctx); err != nil {
		return 0, &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: job.URL, Err: err}
	}
	var own int64
	if job.Path != "" || job.PartPath != "" {
		own = job.BytesDone // the store counts it only then
	}
	others := max(b.recorded+b.pending-own, 0)
	if others >= b.limit || job.Length > b.limit-others {
		return 0, &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: job.URL,
			Err: &budgetError{others: others, limit: b.limit, file: job.Length}}
	}
	reserved := max(job.Length-own, 0)
	b.pending += reserved
	return reserved, nil
}

// unreserve gives back what admit reserved for a transfer that did not
// start.
func (d *Downloader) unreserve(n int64) {
	d.budget.mu.Lock()
	d.budget.pending -= n
	d.budget.mu.Unlock()
}

// take counts n more bytes of t's before they are written (from its
// reservation first), or refuses them when they would take the total past
// the limit.
func (t *transfer) take(n int64) error {
	b := &t.d.budget
	if b.limit <= 0 {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	mine := min(n, t.reserved)
	extra := n - mine
	total := b.recorded + b.pending
	if total+extra > b.limit {
		return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL,
			Err: &budgetError{others: max(total-t.done-t.reserved, 0), limit: b.limit, file: t.done, during: true}}
	}
	t.reserved -= mine
	b.pending += extra
	t.pending += extra
	return nil
}

// settle hands what t wrote since it last settled over to the store, which
// has just recorded it (its progress, or how it ended), and reads the
// recorded total again; what t reserved and has not written stays
// reserved unless it has ended.
func (t *transfer) settle(ctx context.Context, ended bool) {
	b := &t.d.budget
	if b.limit <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := t.d.look(ctx); err != nil && ctx.Err() == nil {
		t.d.log.Warn("enclosure budget", "url", t.job.URL, "err", err)
	}
	if ended {
		t.reserved = 0
	}
	b.pending -= t.pending
	t.pending = t.reserved
	b.pending += t.pending
}

// refuse records an enclosure the budget refused before its transfer: it
// fails, keeping its files and progress as they were, so a retry resumes.
func (d *Downloader) refuse(ctx context.Context, job store.EnclosureJob, err error) Result {
	out := store.EnclosureOutcome{Status: store.EnclosureFailed, Error: fetch.Reason(err), Path: job.Path,
		PartPath: job.PartPath, Validator: job.Validator, BytesDone: job.BytesDone, BytesTotal: job.BytesTotal}
	return d.record(context.WithoutCancel(ctx), job, out, err)
}

// budgetError words a refusal of the budget in one line; it is
// ErrOverBudget.
type budgetError struct {
	others int64 // what the other enclosures' files take
	limit  int64 // enclosures.max_total_bytes
	file   int64 // this file's declared length, or what it reached
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
