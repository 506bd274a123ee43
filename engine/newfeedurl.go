package engine

import (
	"bytes"
	"context"
	"net/http"

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
	target, ok := newFeedTarget(d, doc.NewFeedURL)
	if !ok || d.feed.RunsCommand() { // a command says where its feed is
		return doc
	}
	d.movePending = true
	resp, err := e.http.Get(ctx, target.String(), fetch.Validators{})
	if err != nil || resp.Status != http.StatusOK {
		e.log.Info("itunes:new-feed-url not followed", "feed", d.feed.URL, "to", target, "err", err)
		return doc
	}
	moved, err := e.parse(bytes.NewReader(resp.Body), parseOptions(resp))
	if err != nil || moved.IsRedirect {
		e.log.Info("itunes:new-feed-url is not a feed", "feed", d.feed.URL, "to", target, "err", err)
		return doc
	}
	d.movePending = false
	d.resp, d.newURL = resp, resp.FinalURL
	return moved
}

// newFeedTarget resolves an itunes:new-feed-url against the response's URL
// and reports whether it names another http(s) place than the feed's.
func newFeedTarget(d *download, raw string) (weburl.URL, bool) {
	if raw == "" {
		return weburl.URL{}, false
	}
	u, err := weburl.Resolve(d.resp.FinalURL, raw)
	if err != nil {
		return weburl.URL{}, false
	}
	return u, u != d.resp.FinalURL && u.String() != d.feed.URL
}
