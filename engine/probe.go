package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// probed is what checking a URL before subscribing found.
type probed struct {
	// URL is the feed's address: the one given, or the feed a web page
	// announced.
	URL weburl.URL
	// Title is the feed's title (sanitized).
	Title string
	// Items is how many entries the document held.
	Items int
	// Announced are the feeds the page announces, when URL was a web
	// page (at most feed.MaxAlternates).
	Announced []feed.Announced
	// NewFeedURL is the feed's itunes:new-feed-url as written, and Base
	// the URL its document came from, which it resolves against.
	NewFeedURL string
	Base       weburl.URL
}

// AnnouncedFeed is a feed a web page announces (its URL, media type and
// the page's title for it).
type AnnouncedFeed = feed.Announced

// SeveralFeedsError says that a web page announces several feeds and
// none was picked: Feeds lists them, in the page's order, for a person to
// choose one (Subscription.Pick, or its URL).
type SeveralFeedsError struct {
	Page  weburl.URL
	Feeds []AnnouncedFeed
}

// Error says how many feeds the page announces.
func (e *SeveralFeedsError) Error() string {
	return fmt.Sprintf("%s announces %d feeds: choose one", e.Page, len(e.Feeds))
}

// ErrNoSuchFeed is a Pick beyond the feeds a page announces.
var ErrNoSuchFeed = errors.New("no such feed")

// probe fetches u once to check that it is a feed. A web page is
// searched for the feeds it announces (<link rel="alternate">): the one
// it announces, or the pick-th (from 1) of several; several and no pick
// is a *SeveralFeedsError. A URL that is a feed counts as one announced
// feed for pick. Nothing is stored.
func (e *Engine) probe(ctx context.Context, u weburl.URL, pick int) (*probed, error) {
	p, err := e.probeFeed(ctx, u, 0)
	if p == nil || !errors.Is(err, feed.ErrNotAFeed) || len(p.Announced) == 0 {
		if err == nil && pick > 1 {
			return nil, fmt.Errorf("%w: %s is a feed, not a page announcing %d", ErrNoSuchFeed, u, pick)
		}
		return p, err
	}
	alts := p.Announced
	switch {
	case pick > len(alts):
		return nil, fmt.Errorf("%w: %s announces %s, not %d", ErrNoSuchFeed, u, feedCount(len(alts)), pick)
	case pick > 0:
		alts = alts[pick-1 : pick]
	case len(alts) > 1:
		return nil, &SeveralFeedsError{Page: u, Feeds: alts}
	}
	found, err := e.probeFeed(ctx, alts[0].URL, 0)
	if err != nil {
		return nil, fmt.Errorf("%s announces %s, which could not be read: %w", u, alts[0].URL, err)
	}
	return found, nil
}

// feedCount is "one feed" or "3 feeds".
func feedCount(n int) string {
	if n == 1 {
		return "one feed"
	}
	return fmt.Sprintf("%d feeds", n)
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
	if err := notOK(rawURL, resp.Status); err != nil {
		return nil, err
	}
	doc, err := feed.ParseWith(bytes.NewReader(resp.Body), parseOptions(resp))
	if err != nil {
		p := &probed{URL: u}
		if errors.Is(err, feed.ErrNotAFeed) {
			p.Announced = feed.Announcements(resp.FinalURL, resp.Body)
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
	return probedFeed(u, resp, doc), nil
}

// probedFeed is what a feed's download says: its title and entries, and
// its itunes:new-feed-url as the parser gave it, before Clean, which is
// what a sync judges too. The feed's address is u, or where a permanent
// redirect led.
func probedFeed(u weburl.URL, resp *fetch.Response, doc *document.Document) *probed {
	p := &probed{URL: u, NewFeedURL: doc.NewFeedURL, Base: resp.FinalURL}
	feed.Clean(doc, resp.FinalURL.String())
	if resp.Permanent {
		p.URL = resp.FinalURL
	}
	p.Title, p.Items = doc.Title, len(doc.Items)
	return p
}

// notOK is the error of a response that is not 200 OK, nil for 200:
// anything else (a 304 to a request without validators, a 226 to one
// that asked for no delta) is no feed to read.
func notOK(rawURL string, status int) error {
	if status == http.StatusOK {
		return nil
	}
	if err := fetch.StatusError(rawURL, status); err != nil {
		return err
	}
	return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: rawURL, Status: status, Err: errors.New(fetch.StatusText(status))}
}
