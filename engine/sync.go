package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
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
	// it (HeldBy), another run of this process is syncing it, it was no
	// longer due, or its round was offline before its turn.
	Skipped bool
	// HeldBy names the live tidings process (store.Owner) whose claim made
	// the feed skipped; "" otherwise. SkipNotice words it for the user.
	HeldBy string
	// Offline is true when the feed's round was offline (see SyncFeeds):
	// nothing was recorded and the feed stays due.
	Offline      bool
	NewItems     int
	UpdatedItems int
	// Files are enclosure files of purged items, already deleted.
	Files []string
	// Enclosures are the ids of the enclosures this download queued (or
	// blocked): those of new and updated items of a feed that downloads
	// enclosures.
	Enclosures []int64
	// Articles are the results of the round's article pass for this
	// feed's items (see SyncFeeds): the pages of new items of a feed with
	// full text, and any left queued by an earlier round.
	Articles []ArticleResult
}

// download is one exchange's worth of state while syncing a feed.
type download struct {
	feed   store.Feed
	at     time.Time
	resp   *fetch.Response
	doc    *document.Document
	newURL weburl.URL
	// movePending is set when the document names an itunes:new-feed-url
	// that did not return a feed yet: its body must be parsed next time.
	movePending bool
	// released is set once the outcome is recorded: the same transaction
	// released the feed's claim.
	released bool
	// hash is the sha256 of hashed's body, computed once per response
	// (see bodyHash).
	hash   string
	hashed *fetch.Response
}

// bodyHash is the hex sha256 of the current response's body, computed at
// most once per response: the unchanged-body check and the record of the
// download both need it.
func (d *download) bodyHash() string {
	if d.hashed != d.resp {
		d.hash, d.hashed = hashBody(d.resp.Body), d.resp
	}
	return d.hash
}

// syncFeed downloads one feed now and records the outcome, with events.
// The feed is claimed only once it is admitted through the door (a place
// at its host, a place in flight, a token), so a feed merely waiting holds
// no claim that another process would have to respect; the claim lasts
// while its request runs. Unless force, a feed another process downloaded
// meanwhile is skipped; forced, one downloaded by another process since
// the run began (since) is skipped too.
func (e *Engine) syncFeed(ctx context.Context, feed store.Feed, force bool, since time.Time) Result {
	res := Result{FeedID: feed.ID, URL: feed.URL}
	if _, busy := e.syncing.LoadOrStore(feed.ID, true); busy {
		res.Skipped = true // this process is syncing it already
		return res
	}
	defer e.syncing.Delete(feed.ID)
	slot, admitErr := e.admit(ctx, feed)
	if fetch.KindOf(admitErr) == fetch.KindCanceled {
		res.Err = admitErr // never started: nothing to record
		return res
	}
	if slot != nil {
		defer slot.Release()
	}
	fresh, claimed, holder, err := e.claim(ctx, feed.ID)
	if err != nil {
		res.Err = e.storeFailure(feed, err)
		return res
	}
	if !claimed {
		res.Skipped, res.HeldBy = true, holder
		return res
	}
	released := false // by the transaction that records the outcome
	defer func() {
		if !released {
			e.store.ReleaseFeed(context.WithoutCancel(ctx), feed.ID, e.owner)
		}
	}()
	feed = fresh // read with the claim: fresh validators
	if !force && !e.due(feed) || force && fresherThan(feed, since) {
		res.Skipped = true
		return res
	}
	if slot != nil && slot.URL() != feed.FetchURL() { // moved by another process meanwhile
		slot.Release()
		slot, admitErr = e.admit(ctx, feed)
		if slot != nil {
			defer slot.Release()
		}
	}
	e.emit(FeedDownloading{FeedID: feed.ID, URL: feed.URL})
	var out store.DownloadResult
	res, out, released = e.fetchAndRecord(ctx, feed, slot, admitErr)
	e.emit(FeedDownloadCompleted{FeedID: feed.ID, URL: feed.URL, Err: res.Err,
		NewItems: res.NewItems, UpdatedItems: res.UpdatedItems})
	if res.Err == nil {
		e.emitCounts(ctx, feed, out)
	}
	return res
}

// admit takes the feed's place through the door: at its host, among the
// requests in flight, a token. A command feed downloads nothing and
// takes none (nil, nil).
func (e *Engine) admit(ctx context.Context, feed store.Feed) (*fetch.Slot, error) {
	if feed.Source == store.SourceExec {
		return nil, nil
	}
	return e.http.Acquire(ctx, feed.FetchURL())
}

// claim claims the feed for this process's lease and returns its row as
// the claim read it.
func (e *Engine) claim(ctx context.Context, feedID int64) (store.Feed, bool, string, error) {
	now := e.clock.Now()
	return e.store.ClaimFeed(ctx, feedID, e.owner, now, now.Add(e.lease))
}

// due reports whether the scheduler should download feed now.
func (e *Engine) due(f store.Feed) bool {
	if f.Sync == store.SyncManual {
		return false
	}
	return f.State.NextSyncAt == nil || !e.clock.Now().Before(*f.State.NextSyncAt)
}

// fresherThan reports whether f was tried after since (by another
// process: this run tries each feed once), to the store's second.
func fresherThan(f store.Feed, since time.Time) bool {
	at := f.State.LastAttemptAt
	return !since.IsZero() && at != nil && at.After(since)
}

// fetchAndRecord makes the exchange through slot (admitErr, when the door
// refused the URL), interprets and records it. released reports whether
// the record's transaction also released the feed's claim (it did not
// when nothing was recorded or the record failed).
func (e *Engine) fetchAndRecord(ctx context.Context, feed store.Feed, slot *fetch.Slot, admitErr error) (_ Result, _ store.DownloadResult, released bool) {
	res := Result{FeedID: feed.ID, URL: feed.URL}
	d := &download{feed: feed, at: e.clock.Now()}
	err := admitErr
	if err == nil {
		err = e.exchange(ctx, d, slot)
	}
	if err == nil {
		err = e.interpret(ctx, d)
	}
	if err != nil {
		res.Err = e.recordFailure(ctx, d, err)
		return res, store.DownloadResult{}, d.released
	}
	out, err := e.recordSuccess(ctx, d)
	if err != nil {
		res.Err = e.storeFailure(feed, err)
		return res, out, d.released
	}
	res.NewItems, res.UpdatedItems, res.Files = out.New, out.Updated, out.RemovedFiles
	res.Enclosures = e.queueEnclosures(ctx, feed, out.ChangedItems)
	return res, out, d.released
}

// exchange makes the feed's request through its slot, which it gives back
// once the response is in (an XML redirect hop takes a slot of its own).
func (e *Engine) exchange(ctx context.Context, d *download, slot *fetch.Slot) error {
	if d.feed.RunsCommand() {
		if err := e.commandAllowed(d.feed); err != nil {
			if slot != nil {
				slot.Release()
			}
			return err // a hostile database fetches nothing either
		}
	}
	if d.feed.Source == store.SourceExec {
		return e.execExchange(ctx, d)
	}
	defer slot.Release()
	st := d.feed.State
	var err error
	d.resp, err = slot.Get(ctx, fetch.Validators{ETag: st.ETag, LastModified: st.LastModified})
	if err != nil && judge(d, err) == noServer {
		// Counted while the slot is still held, so that the round's
		// verdict, once its quorum is in, stops the next feed at the door
		// rather than after its request.
		witnessed(ctx, hostOf(d.feed.FetchURL()))
	}
	return err
}

// interpret turns the response into a document (or "unchanged"), following
// XML redirects, or into an error.
func (e *Engine) interpret(ctx context.Context, d *download) error {
	if err := fetch.StatusError(d.feed.URL, d.resp.Status); err != nil {
		return err
	}
	if d.resp.Status == http.StatusNotModified {
		return nil
	}
	if d.resp.Permanent {
		d.newURL = d.resp.FinalURL
	}
	if !d.resp.Delta && d.bodyHash() == d.feed.State.BodyHash {
		return nil // byte-identical to the last full body: nothing to parse
	}
	for hops := 0; ; hops++ {
		body, err := e.filtered(ctx, d)
		if err != nil {
			return err
		}
		doc, err := e.parse(bytes.NewReader(body), parseOptions(d.resp))
		if err != nil {
			return &fetch.DownloadError{Kind: parseErrorKind(err), URL: d.feed.URL, Status: d.resp.Status, Err: err}
		}
		if !doc.IsRedirect {
			doc = e.followNewFeedURL(ctx, d, doc)
			feed.Clean(doc, d.resp.FinalURL.String())
			d.doc = doc
			return nil
		}
		if d.feed.Source == store.SourceExec {
			return &fetch.DownloadError{Kind: fetch.KindInvalidFeed, URL: d.feed.URL, Err: errors.New("a command feed cannot redirect")}
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
		return &fetch.DownloadError{Kind: fetch.KindGone, URL: d.feed.URL, Err: fmt.Errorf("%w: XML redirect with an empty newLocation", fetch.ErrGone)}
	}
	if hops >= maxXMLRedirects {
		return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: d.feed.URL, Err: errors.New("too many XML redirects")}
	}
	loc, err := weburl.Resolve(d.resp.FinalURL, location)
	if err != nil {
		return &fetch.DownloadError{Kind: fetch.KindInvalidFeed, URL: d.feed.URL, Err: fmt.Errorf("XML redirect: %w", err)}
	}
	resp, err := e.http.Get(ctx, loc.String(), fetch.Validators{})
	if err != nil {
		return err
	}
	if err := fetch.StatusError(loc.String(), resp.Status); err != nil {
		return err
	}
	d.resp, d.newURL = resp, resp.FinalURL
	return nil
}

func hashBody(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
