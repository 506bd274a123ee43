package engine

import (
	"bytes"
	"context"
	"errors"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// parseOptions tells the parser what the response says about its body:
// the Content-Type (whose charset wins over the document's declaration)
// and the URL relative links resolve against.
func parseOptions(resp *fetch.Response) feed.Options {
	return feed.Options{ContentType: resp.Header.Get("Content-Type"), URL: resp.FinalURL.String()}
}

// movePendingHash is stored as the body hash of a download whose
// itunes:new-feed-url was not followed yet, so that the next identical body
// is parsed again (and the move tried again) rather than skipped.
const movePendingHash = "itunes:new-feed-url pending"

// followNewFeedURL handles a podcast's itunes:new-feed-url like an XML
// redirect: a permanent move, made only once the new URL returns a
// parsable feed. Then that feed is the download (d.resp) and the
// subscription moves (d.newURL); otherwise, or when the new URL is where
// the feed already is, doc stays the download, nothing moves, and the
// next full download of the old URL tries again (a 304 does not). One hop
// a download: a new-feed-url in the new feed waits for its next download.
func (e *Engine) followNewFeedURL(ctx context.Context, d *download, doc *document.Document) *document.Document {
	if doc.NewFeedURL == "" || d.feed.RunsCommand() { // a command says where its feed is
		return doc
	}
	target, err := newFeedTarget(d.resp.FinalURL, doc.NewFeedURL)
	if err != nil || target == d.resp.FinalURL || target.String() == d.feed.URL {
		return doc
	}
	d.movePending = true
	resp, moved, err := e.fetchMovedFeed(ctx, target)
	if err != nil {
		e.log.Info("itunes:new-feed-url not followed", "feed", d.feed.URL, "to", target, "err", err)
		return doc
	}
	d.movePending = false
	d.resp, d.newURL = resp, resp.FinalURL
	return moved
}

// newFeedTarget resolves an itunes:new-feed-url, as the document wrote it,
// against base, the URL the document came from: the result passed weburl
// (an http or https address). The error is weburl's, which quotes raw.
func newFeedTarget(base weburl.URL, raw string) (weburl.URL, error) {
	return weburl.Resolve(base, raw)
}

// fetchMovedFeed fetches target, an itunes:new-feed-url, and parses it:
// the move may be made only when it answers 200 with a feed — not an
// error, not a page, not an XML redirect. The document is not cleaned.
func (e *Engine) fetchMovedFeed(ctx context.Context, target weburl.URL) (*fetch.Response, *document.Document, error) {
	rawURL := target.String()
	resp, err := e.http.Get(ctx, rawURL, fetch.Validators{})
	if err != nil {
		return nil, nil, err
	}
	if err := notOK(rawURL, resp.Status); err != nil {
		return nil, nil, err
	}
	moved, err := e.parse(bytes.NewReader(resp.Body), parseOptions(resp))
	if err == nil && moved.IsRedirect {
		err = errors.New("an XML redirect, not a feed")
	}
	if err != nil {
		return nil, nil, &fetch.DownloadError{Kind: fetch.KindInvalidFeed, URL: rawURL, Status: resp.Status, Err: err}
	}
	return resp, moved, nil
}
