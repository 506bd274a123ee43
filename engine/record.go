package engine

import (
	"context"
	"errors"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// recordSuccess stores a successful download: merge, purge, validators,
// counters and the next sync time, and releases the feed's claim, in one
// transaction.
func (e *Engine) recordSuccess(ctx context.Context, d *download) (store.DownloadResult, error) {
	if d.feed.Source != store.SourceExec { // a command's success says nothing of the network
		answered(ctx)
	}
	r := d.resp
	dl := store.Download{
		At:            d.at,
		Status:        r.Status,
		Document:      d.doc,
		NotModified:   r.Status == http.StatusNotModified,
		Partial:       r.Delta,
		ETag:          r.Validators.ETag,
		LastModified:  r.Validators.LastModified,
		BytesReceived: r.Wire,
		MaxItems:      MaxItems(e.cfg, d.feed),
		NewURL:        d.newURL,
		Release:       e.owner,
		QueueArticles: d.feed.FullText,
	}
	hints := document.Hints{TTLMinutes: d.feed.TTLMinutes, SkipHours: d.feed.SkipHours, SkipDays: d.feed.SkipDays}
	ttl := time.Duration(d.feed.TTLMinutes) * time.Minute
	if d.doc != nil {
		hints, ttl = d.doc.Hints, ttlFromHints(d.doc.Hints)
		dl.TTLMinutes = int(ttl / time.Minute)
		if d.doc.NoMoreUpdates {
			dl.Stop = store.StoppedEnded
		}
	} else {
		dl.TTLMinutes = d.feed.TTLMinutes
	}
	if r.Delta {
		dl.Status = http.StatusIMUsed // counted as a delta however it came
	}
	e.countBandwidth(&dl, d)
	dl.NextSyncAt = nextSync(d.at, e.interval(d.feed), ttl, cacheHint(r.Header, d.at), e.salt(), hints, e.cfg.Sync.HonorSkipHints)
	out, err := e.store.RecordDownload(ctx, d.feed.ID, dl)
	if err == nil {
		d.released = true
		e.removeFiles(out.RemovedFiles)
	}
	return out, err
}

// countBandwidth fills in the bandwidth counters: a full body is the reference
// that a 304 or a delta saves against; gzip saves on any body.
func (e *Engine) countBandwidth(dl *store.Download, d *download) {
	r := d.resp
	full := d.feed.State.LastFullBytes
	switch {
	case r.Status == http.StatusNotModified || r.Delta:
		dl.BytesSaved = max(0, full-r.Wire)
	default:
		dl.FullBytes = int64(len(r.Body))
		dl.BodyHash = d.bodyHash()
		if d.movePending {
			dl.BodyHash = movePendingHash // never equal to a body's hash
		}
		dl.BytesSaved = max(0, int64(len(r.Body))-r.Wire)
	}
}

// recordFailure stores a failed attempt with its back-off, releasing the
// feed's claim in the same transaction, and returns the error to report.
// In a round judged offline the network's failures are not stored
// (ErrOffline): the feed stays due, its count unchanged.
func (e *Engine) recordFailure(ctx context.Context, d *download, cause error) error {
	if e.excused(ctx, d, cause) {
		return offlineError(cause)
	}
	now := e.clock.Now()
	f := store.Failure{At: now, Error: failureText(cause), Counted: fetch.KindOf(cause) != fetch.KindCanceled,
		Release: e.owner}
	if d.resp != nil {
		f.BytesReceived, f.Status = d.resp.Wire, d.resp.Status
	}
	if errors.Is(cause, fetch.ErrGone) {
		f.Stop = store.StoppedGone
		f.Error = "gone: " + failureText(cause)
	}
	delay := backoff(d.feed.State.Failures+1, e.normalInterval(d.feed), e.salt())
	if d.resp != nil && (d.resp.Status == http.StatusTooManyRequests || d.resp.Status == http.StatusServiceUnavailable) {
		if wait, ok := retryAfter(d.resp.Header.Get("Retry-After"), now); ok {
			at := now.Add(wait)
			f.RetryAfter = &at
			delay = max(delay, wait)
		}
	}
	f.NextSyncAt = now.Add(delay)
	if !f.Counted {
		f.NextSyncAt = now // a canceled download is due again
	}
	if _, err := e.store.RecordFailure(context.WithoutCancel(ctx), d.feed.ID, f); err != nil {
		e.log.Error("record failure", "feed", d.feed.URL, "err", err)
	} else {
		d.released = true
	}
	return cause
}

// interval is the feed's configured interval (Interval).
func (e *Engine) interval(f store.Feed) time.Duration {
	return time.Duration(Interval(e.cfg, f)) * time.Minute
}

// normalInterval is the interval a successful download would use.
func (e *Engine) normalInterval(f store.Feed) time.Duration {
	return max(e.interval(f), time.Duration(f.TTLMinutes)*time.Minute)
}

// removeFiles deletes enclosure files of purged items, partial ones too.
func (e *Engine) removeFiles(paths []string) {
	for _, err := range enclosure.RemoveFiles(paths) {
		e.log.Warn("remove enclosure file", "err", err)
	}
}

// emitCounts sends the feed's counts, then its folder's and each parent's.
func (e *Engine) emitCounts(ctx context.Context, feed store.Feed, out store.DownloadResult) {
	e.emit(FeedItemCountChanged{FeedID: feed.ID, Count: out.ItemCount, Unread: out.UnreadCount})
	if feed.FolderPath == "" {
		return
	}
	counts, err := e.store.FolderCountsOf(ctx, feed.FolderPath)
	if err != nil {
		e.log.Warn("folder counts", "feed", feed.URL, "err", err)
		return
	}
	for _, c := range counts {
		e.emit(FolderItemCountChanged{FolderID: c.ID, Path: c.Path, Count: c.Items, Unread: c.Unread})
	}
}

// maxFailureText bounds the error stored with a failed download, in bytes.
const maxFailureText = 1024

// failureText is a failure's error as it is stored: plain text on one line
// (a parser's error can quote what the document held, bidi controls and
// C1 included), at most maxFailureText bytes.
func failureText(err error) string {
	s := sanitize.Text(err.Error())
	if len(s) <= maxFailureText {
		return s
	}
	cut := maxFailureText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
