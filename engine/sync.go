package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/store"
)

// maxXMLRedirects bounds a chain of <redirect><newLocation> documents.
const maxXMLRedirects = 3

// Result is the outcome of one feed's download.
type Result struct {
	FeedID int64
	URL    string
	// Err is nil on success (a 304 included).
	Err error
	// Skipped is true when the feed was not fetched: another process holds
	// it, or it was no longer due.
	Skipped      bool
	NewItems     int
	UpdatedItems int
	// Files are enclosure files of purged items, already deleted.
	Files []string
	// Enclosures are the ids of the enclosures this download queued (or
	// blocked): those of new and updated items of a feed that downloads
	// enclosures.
	Enclosures []int64
}

// download is one exchange's worth of state while syncing a feed.
type download struct {
	feed   store.Feed
	at     time.Time
	resp   *response
	doc    *store.Document
	newURL string
}

// syncFeed downloads one feed now and records the outcome, with events.
// Unless force, a feed another process downloaded meanwhile is skipped.
func (e *Engine) syncFeed(ctx context.Context, feed store.Feed, force bool) Result {
	res := Result{FeedID: feed.ID, URL: feed.URL}
	claimed, err := e.claim(ctx, feed.ID)
	if err != nil || !claimed {
		res.Err, res.Skipped = err, err == nil
		return res
	}
	defer e.store.ReleaseFeed(context.WithoutCancel(ctx), feed.ID, e.owner)
	if feed, err = e.store.Feed(ctx, feed.ID); err != nil { // fresh validators
		res.Err = err
		return res
	}
	if !force && !e.due(feed) {
		res.Skipped = true
		return res
	}
	e.emit(FeedDownloading{FeedID: feed.ID, URL: feed.URL})
	res, out := e.fetchAndRecord(ctx, feed)
	e.emit(FeedDownloadCompleted{FeedID: feed.ID, URL: feed.URL, Err: res.Err,
		NewItems: res.NewItems, UpdatedItems: res.UpdatedItems})
	if res.Err == nil {
		e.emitCounts(ctx, feed, out)
	}
	return res
}

func (e *Engine) claim(ctx context.Context, feedID int64) (bool, error) {
	now := e.clock.Now()
	lease := 2*e.cfg.Sync.ResponseTimeout + e.cfg.Sync.ConnectTimeout + time.Minute
	return e.store.ClaimFeed(ctx, feedID, e.owner, now, now.Add(lease))
}

// due reports whether the scheduler should download feed now.
func (e *Engine) due(f store.Feed) bool {
	if f.Sync == store.SyncManual {
		return false
	}
	return f.State.NextSyncAt == nil || !e.clock.Now().Before(*f.State.NextSyncAt)
}

// fetchAndRecord takes a token and an in-flight slot, fetches, and records.
func (e *Engine) fetchAndRecord(ctx context.Context, feed store.Feed) (Result, store.DownloadResult) {
	res := Result{FeedID: feed.ID, URL: feed.URL}
	d := &download{feed: feed}
	err := e.exchange(ctx, d)
	if err == nil {
		err = e.interpret(ctx, d)
	}
	if err != nil {
		res.Err = e.recordFailure(ctx, d, err)
		return res, store.DownloadResult{}
	}
	out, err := e.recordSuccess(ctx, d)
	if err != nil {
		res.Err = &DownloadError{Kind: KindPersistenceFailed, URL: feed.URL, Err: err}
		return res, out
	}
	res.NewItems, res.UpdatedItems, res.Files = out.New, out.Updated, out.RemovedFiles
	res.Enclosures = e.queueEnclosures(ctx, feed, out.ChangedItems)
	return res, out
}

// exchange makes the feed's request under the token bucket and the
// in-flight limits.
func (e *Engine) exchange(ctx context.Context, d *download) error {
	u, err := checkURL(d.feed.URL)
	if err != nil {
		return &DownloadError{Kind: KindBlocked, URL: d.feed.URL, Err: err}
	}
	release, err := e.limiter.Acquire(ctx, hostKey(u))
	if err != nil {
		return canceled(d.feed.URL, err)
	}
	defer release()
	if err := e.bucket.Take(ctx); err != nil {
		return canceled(d.feed.URL, err)
	}
	d.at = e.clock.Now()
	st := d.feed.State
	d.resp, err = e.fetch.get(ctx, d.feed.URL, validators{ETag: st.ETag, LastModified: st.LastModified})
	return err
}

// hostKey names the server a URL is on for the per-host limit:
// "example.com" and "example.com:443" over https are one server.
func hostKey(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Hostname()) + ":" + port
}

func canceled(rawURL string, err error) error {
	return &DownloadError{Kind: KindCanceled, URL: rawURL, Err: err}
}

// interpret turns the response into a document (or "unchanged"), following
// XML redirects, or into an error.
func (e *Engine) interpret(ctx context.Context, d *download) error {
	if err := statusError(d.feed.URL, d.resp); err != nil {
		return err
	}
	if d.resp.Status == http.StatusNotModified {
		return nil
	}
	if d.resp.Permanent {
		d.newURL = d.resp.FinalURL
	}
	if !d.resp.Delta && hashBody(d.resp.Body) == d.feed.State.BodyHash {
		return nil // byte-identical to the last full body: nothing to parse
	}
	for hops := 0; ; hops++ {
		doc, err := e.parse(bytes.NewReader(d.resp.Body))
		if err != nil {
			return &DownloadError{Kind: KindInvalidFeed, URL: d.feed.URL, Status: d.resp.Status, Err: err}
		}
		if !doc.IsRedirect {
			cleanDocument(doc, d.resp.FinalURL)
			d.doc = doc
			return nil
		}
		if err := e.followXMLRedirect(ctx, d, doc.NewLocation, hops); err != nil {
			return err
		}
	}
}

// followXMLRedirect fetches the newLocation of an XML redirect document: a
// permanent move, followed in the same sync. An empty one means gone.
func (e *Engine) followXMLRedirect(ctx context.Context, d *download, location string, hops int) error {
	if location == "" {
		return &DownloadError{Kind: KindGone, URL: d.feed.URL, Err: fmt.Errorf("%w: XML redirect with an empty newLocation", ErrGone)}
	}
	if hops >= maxXMLRedirects {
		return &DownloadError{Kind: KindDownloadFailed, URL: d.feed.URL, Err: errors.New("too many XML redirects")}
	}
	base, _ := url.Parse(d.resp.FinalURL)
	loc, err := base.Parse(location)
	if err != nil {
		return &DownloadError{Kind: KindInvalidFeed, URL: d.feed.URL, Err: fmt.Errorf("XML redirect to %q: %w", location, err)}
	}
	if err := e.bucket.Take(ctx); err != nil {
		return canceled(d.feed.URL, err)
	}
	resp, err := e.fetch.get(ctx, loc.String(), validators{})
	if err != nil {
		return err
	}
	if err := statusError(loc.String(), resp); err != nil {
		return err
	}
	d.resp, d.newURL = resp, resp.FinalURL
	return nil
}

// statusError maps an HTTP status that is not a success to an error.
func statusError(rawURL string, r *response) error {
	switch r.Status {
	case http.StatusOK, http.StatusIMUsed, http.StatusNotModified:
		return nil
	case http.StatusGone:
		return &DownloadError{Kind: KindGone, URL: rawURL, Status: r.Status, Err: fmt.Errorf("%w: 410 Gone", ErrGone)}
	case http.StatusUnauthorized, http.StatusForbidden:
		return &DownloadError{Kind: KindUnsupportedAuth, URL: rawURL, Status: r.Status, Err: errors.New(statusText(r.Status))}
	}
	return &DownloadError{Kind: KindDownloadFailed, URL: rawURL, Status: r.Status, Err: errors.New(statusText(r.Status))}
}

func statusText(code int) string {
	return fmt.Sprintf("%d %s", code, http.StatusText(code))
}

func hashBody(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
