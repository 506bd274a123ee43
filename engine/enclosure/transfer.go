package enclosure

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync/atomic"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// transfer is one enclosure's download into its partial file: Range
// requests in chunks, validated with If-Range, or the probe's own 200 body
// as the capped fallback when the server ignores Range. Nothing past limit
// is ever written.
type transfer struct {
	d        *Downloader
	job      store.EnclosureJob
	path     string   // the final file
	partPath string   // the partial file, as the store records it
	part     *os.File // the partial file, locked while open
	meta     partMeta
	limit    int64 // the most the file may hold (config.EnclosureConfig.ByteLimit)
	pending  int64 // bytes counted in the budget's pending: written and not settled, or reserved (under budget.mu)
	reserved int64 // of pending, what the declared length reserved and was not written yet
	done     int64 // bytes in the partial file
	reported int64 // done at the last progress report
	finished bool  // the server has sent the whole file
	opened   bool  // a request of this transfer took its token
	buf      []byte
	// received counts every byte read, for the stall watch.
	received atomic.Int64
}

// run downloads the rest of the file: resuming when the partial file has
// a validator, else from the start. A file that changed on the server
// starts over once.
func (t *transfer) run(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		var err error
		if t.done > 0 && t.meta.Validator != "" {
			err = t.chunks(ctx)
		} else {
			err = t.fresh(ctx)
		}
		if !errors.Is(err, errRestart) {
			return err
		}
		if attempt > 0 {
			return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL, Err: err}
		}
		if err := t.reset(); err != nil {
			return err
		}
	}
}

// fresh sends the Range probe for the first chunk. A 206 goes on in
// chunks; a 200 means no Range support and its body is the fallback.
func (t *transfer) fresh(ctx context.Context) error {
	first, last := t.span()
	resp, err := t.d.client.getRange(ctx, t.job.URL, first, last, "", true)
	t.opened = true
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := t.checkResponse(resp); err != nil {
		return err
	}
	switch resp.StatusCode {
	case http.StatusOK:
		return t.fallback(ctx, resp)
	case http.StatusPartialContent:
		t.meta = partMeta{Validator: rangeValidator(resp.Header)}
		if err := t.record(ctx); err != nil {
			return &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: t.job.URL, Err: err}
		}
		if err := t.takeChunk(ctx, resp, first, last); err != nil {
			return err
		}
		resp.Body.Close()
		return t.chunks(ctx)
	case http.StatusRequestedRangeNotSatisfiable:
		if cr := resp.Header.Get("Content-Range"); cr == "bytes */0" {
			t.finished = true // an empty file
			return nil
		}
	}
	return t.statusError(resp)
}

// span is the range of the next request: a chunk from where the partial
// file ends, never more than one byte past the limit (which tells a file
// of exactly the limit from a larger one).
func (t *transfer) span() (first, last int64) {
	return t.done, min(t.done+t.d.chunk-1, t.limit)
}

// chunks asks for the rest of the file chunk by chunk, each with If-Range
// when the first response carried a validator. Every round writes at least
// minPiece bytes (or what was asked, if less) or ends the transfer, so the
// rounds are bounded by the limit.
func (t *transfer) chunks(ctx context.Context) error {
	for !t.finished {
		if t.meta.Total > 0 && t.done >= t.meta.Total {
			t.finished = true
			break
		}
		first, last := t.span()
		resp, err := t.d.client.getRange(ctx, t.job.URL, first, last, t.meta.Validator, !t.opened)
		t.opened = true
		if err != nil {
			return err
		}
		err = t.response(ctx, resp, first, last)
		resp.Body.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// response handles the answer to the request for bytes first..last.
func (t *transfer) response(ctx context.Context, resp *http.Response, first, last int64) error {
	if err := t.checkResponse(resp); err != nil {
		return err
	}
	switch resp.StatusCode {
	case http.StatusPartialContent:
		return t.takeChunk(ctx, resp, first, last)
	case http.StatusOK:
		return errRestart // If-Range did not match: the whole new file came back
	case http.StatusRequestedRangeNotSatisfiable:
		if t.meta.Total <= 0 {
			t.finished = true // the end of a file of unknown size
			return nil
		}
		return errRestart
	}
	return t.statusError(resp)
}

// checkResponse judges the type of a response that carries the file (the
// final URL, Content-Type, Content-Disposition); an error page is not
// judged, its status tells what went wrong.
func (t *transfer) checkResponse(resp *http.Response) error {
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusPartialContent {
		return nil
	}
	if err := t.d.check.response(resp); err != nil {
		return &fetch.DownloadError{Kind: fetch.KindBlocked, URL: t.job.URL, Status: resp.StatusCode, Err: err}
	}
	return nil
}

// takeChunk appends a 206 body for the request of bytes first..last once
// its Content-Range is what was asked: it starts at first and ends within
// the request, its total agrees with the one an earlier chunk gave and is
// within the limit, and its Content-Length, when sent, is the range's.
// Only the range's bytes are read.
func (t *transfer) takeChunk(ctx context.Context, resp *http.Response, first, last int64) error {
	cr, err := parseContentRange(resp.Header.Get("Content-Range"))
	if err == nil {
		err = t.checkRange(cr, resp.ContentLength, first, last)
	}
	if err != nil {
		return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL, Status: resp.StatusCode, Err: err}
	}
	if cr.total > t.limit {
		return t.tooLarge(resp.StatusCode)
	}
	if cr.total >= 0 {
		t.meta.Total = cr.total
	}
	want := cr.last - cr.first + 1
	n, err := t.copy(ctx, io.LimitReader(resp.Body, want), t.limit)
	if err == nil && n < want {
		err = io.ErrUnexpectedEOF
	}
	if errors.Is(err, ErrTooLarge) {
		return t.tooLarge(resp.StatusCode)
	}
	if err != nil {
		return t.readError(resp, err)
	}
	asked := last - first + 1
	switch {
	case t.meta.Total > 0 && t.done >= t.meta.Total:
		t.finished = true
	case t.meta.Total <= 0 && want < asked:
		t.finished = true // a short chunk of a file of unknown size is its end
	case want < min(asked, minPiece):
		return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL, Status: resp.StatusCode,
			Err: fmt.Errorf("%w: %d bytes of the %d asked for, before the end of the file", ErrBadRange, want, asked)}
	}
	return nil
}

// checkRange compares a chunk's Content-Range (and Content-Length, -1
// when not sent) with the request for bytes first..last.
func (t *transfer) checkRange(cr contentRange, length, first, last int64) error {
	switch {
	case cr.first != first:
		return fmt.Errorf("%w: asked for bytes from %d, the server sent from %d", ErrBadRange, first, cr.first)
	case cr.last > last:
		return fmt.Errorf("%w: asked for bytes %d-%d, the server sent %d-%d", ErrBadRange, first, last, cr.first, cr.last)
	case cr.total >= 0 && t.meta.Total > 0 && cr.total != t.meta.Total:
		return fmt.Errorf("%w: the file's size changed from %d to %d bytes between chunks", ErrBadRange, t.meta.Total, cr.total)
	case length >= 0 && length != cr.last-cr.first+1:
		return fmt.Errorf("%w: a body of %d bytes for the %d bytes of its Content-Range", ErrBadRange, length, cr.last-cr.first+1)
	}
	return nil
}

// fallback reads a plain 200 body, capped at the fallback cap and the
// limit: a server without Range support gets no second request, and a
// body over either fails the download.
func (t *transfer) fallback(ctx context.Context, resp *http.Response) error {
	limit := min(t.d.cfg.FallbackCapBytes, t.limit)
	over := func() error {
		if t.limit < t.d.cfg.FallbackCapBytes {
			return t.tooLarge(resp.StatusCode)
		}
		return &fetch.DownloadError{Kind: fetch.KindSizeLimit, URL: t.job.URL, Status: resp.StatusCode,
			Err: capError(t.d.cfg.FallbackCapBytes)}
	}
	if resp.ContentLength > limit {
		return over()
	}
	t.meta = partMeta{Total: max(resp.ContentLength, 0)} // no validator: an interrupted fallback starts over
	if err := t.record(ctx); err != nil {
		return &fetch.DownloadError{Kind: fetch.KindPersistenceFailed, URL: t.job.URL, Err: err}
	}
	_, err := t.copy(ctx, resp.Body, limit)
	if errors.Is(err, ErrTooLarge) {
		return over()
	}
	if err != nil {
		return t.readError(resp, err)
	}
	t.meta.Total, t.finished = t.done, true
	return nil
}

// copy appends r to the partial file, reporting progress every chunk. A
// read that would take the file past limit bytes is not written: the copy
// ends with ErrTooLarge; past enclosures.max_total_bytes, with ErrOverBudget.
func (t *transfer) copy(ctx context.Context, r io.Reader, limit int64) (int64, error) {
	if t.buf == nil {
		t.buf = make([]byte, 32<<10)
	}
	var n int64
	for {
		k, rerr := r.Read(t.buf)
		if k > 0 {
			t.received.Add(int64(k))
			if int64(k) > limit-t.done {
				return n, ErrTooLarge
			}
			if err := t.take(int64(k)); err != nil {
				return n, err
			}
			if _, err := t.part.Write(t.buf[:k]); err != nil {
				return n, fmt.Errorf("write %s: %w", t.part.Name(), err)
			}
			n += int64(k)
			t.done += int64(k)
			if t.done-t.reported >= t.d.chunk {
				t.progress(ctx)
			}
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr
		}
	}
}

// progress records and announces how far the transfer is, and settles
// the budget with the store.
func (t *transfer) progress(ctx context.Context) {
	t.reported = t.done
	if err := t.record(ctx); err != nil {
		if ctx.Err() == nil {
			t.d.log.Warn("record enclosure progress", "url", t.job.URL, "err", err)
		}
	} else {
		t.settle(ctx, false)
	}
	t.d.emit(Progress{EnclosureID: t.job.ID, ItemID: t.job.ItemID, FeedID: t.job.FeedID,
		URL: t.job.URL, Bytes: t.done, Total: t.meta.Total})
}

// reset empties the partial file to start over.
func (t *transfer) reset() error {
	t.meta, t.done, t.reported, t.finished = partMeta{}, 0, 0, false
	if err := t.part.Truncate(0); err != nil {
		return fmt.Errorf("truncate %s: %w", t.part.Name(), err)
	}
	if _, err := t.part.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("seek %s: %w", t.part.Name(), err)
	}
	return nil
}

// readError words a body that broke off.
func (t *transfer) readError(resp *http.Response, err error) error {
	if errors.Is(err, ErrOverBudget) {
		return err // worded already
	}
	kind := fetch.KindDownloadFailed
	if errors.Is(err, context.Canceled) && !errors.Is(err, errIdle) {
		kind = fetch.KindCanceled
	}
	return &fetch.DownloadError{Kind: kind, URL: t.job.URL, Status: resp.StatusCode,
		Err: fmt.Errorf("interrupted after %d bytes: %w", t.done, err)}
}

func (t *transfer) statusError(resp *http.Response) error {
	return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL, Status: resp.StatusCode,
		Err: fmt.Errorf("%s", fetch.StatusText(resp.StatusCode))}
}

// resumable reports whether a failed transfer's partial file is worth
// keeping: the server supports ranges and gave a validator.
func (t *transfer) resumable() bool {
	return t.meta.Validator != "" && t.done > 0
}
