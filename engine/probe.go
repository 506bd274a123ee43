package engine

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// probed is what checking a URL before subscribing found.
type probed struct {
	// URL is the feed's address: the one given, or the first feed a web
	// page announced.
	URL weburl.URL
	// Title is the feed's title (sanitized).
	Title string
	// Items is how many entries the document held.
	Items int
	// Alternates are the page's other feeds, when URL was found on a page
	// (at most feed.MaxAlternates in all).
	Alternates []weburl.URL
}

// probe fetches u once to check that it is a feed. A web page is
// searched for the feeds it announces (<link rel="alternate">) and the
// first that parses is taken. Nothing is stored.
func (e *Engine) probe(ctx context.Context, u weburl.URL) (*probed, error) {
	p, err := e.probeFeed(ctx, u, 0)
	if err == nil || !errors.Is(err, feed.ErrNotAFeed) || p == nil || len(p.Alternates) == 0 {
		return p, err
	}
	var firstErr error
	for i, alt := range p.Alternates {
		found, err := e.probeFeed(ctx, alt, 0)
		if err == nil {
			found.Alternates = append(append([]weburl.URL{}, p.Alternates[:i]...), p.Alternates[i+1:]...)
			return found, nil
		}
		firstErr = cmp.Or(firstErr, err)
	}
	return nil, fmt.Errorf("%s announces feeds, but none could be read: %w", u, firstErr)
}

// probeFeed fetches and parses one URL. When the body is a web page it
// returns feed.ErrNotAFeed with the feeds the page announces in Alternates.
func (e *Engine) probeFeed(ctx context.Context, u weburl.URL, hops int) (*probed, error) {
	rawURL := u.String()
	if hops > maxXMLRedirects {
		return nil, &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: rawURL, Err: errors.New("too many XML redirects")}
	}
	resp, err := e.http.Get(ctx, rawURL, fetch.Validators{})
	if err != nil {
		return nil, err
	}
	if resp.Status != http.StatusOK {
		if err := fetch.StatusError(rawURL, resp.Status); err != nil {
			return nil, err
		}
		return nil, &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: rawURL, Status: resp.Status, Err: errors.New(fetch.StatusText(resp.Status))}
	}
	doc, err := feed.ParseWith(bytes.NewReader(resp.Body), parseOptions(resp))
	if err != nil {
		p := &probed{URL: u}
		if errors.Is(err, feed.ErrNotAFeed) {
			p.Alternates = feed.Discover(resp.FinalURL, resp.Body)
		}
		return p, &fetch.DownloadError{Kind: fetch.KindInvalidFeed, URL: rawURL, Err: err}
	}
	if doc.IsRedirect {
		if doc.NewLocation == "" {
			return nil, &fetch.DownloadError{Kind: fetch.KindGone, URL: rawURL, Err: fmt.Errorf("%w: XML redirect with an empty newLocation", fetch.ErrGone)}
		}
		next, err := weburl.Resolve(resp.FinalURL, doc.NewLocation)
		if err != nil {
			return nil, &fetch.DownloadError{Kind: fetch.KindInvalidFeed, URL: rawURL, Err: fmt.Errorf("XML redirect: %w", err)}
		}
		return e.probeFeed(ctx, next, hops+1)
	}
	feed.Clean(doc, resp.FinalURL.String())
	if resp.Permanent {
		u = resp.FinalURL
	}
	return &probed{URL: u, Title: doc.Title, Items: len(doc.Items)}, nil
}
