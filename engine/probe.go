package engine

import (
	"bytes"
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
	feed.Clean(doc, resp.FinalURL.String())
	if resp.Permanent {
		u = resp.FinalURL
	}
	return &probed{URL: u, Title: doc.Title, Items: len(doc.Items)}, nil
}
