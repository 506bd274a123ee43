package engine

import (
	"context"
	"fmt"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// followMoves follows, before subscribing, the itunes:new-feed-url of the
// feed p found — subscribing to an address its own document says has
// moved would only move it at the first sync. Each move passes the
// checks a sync makes (newFeedTarget, fetchMovedFeed); a chain stops
// after maxXMLRedirects moves, the bound of a sync's chain of XML
// redirects, or where it comes back to an address it passed. It returns
// the feed to subscribe to with notices: the move made, and why a move
// was not followed (the feed stays where it was; its syncs try again). A
// move to a feed already subscribed is an error wrapping
// store.ErrDuplicate.
func (e *Engine) followMoves(ctx context.Context, p *probed) (*probed, []string, error) {
	from, passed := p, map[string]bool{p.URL.String(): true, p.Base.String(): true}
	var notices []string
	for moves := 0; p.NewFeedURL != ""; moves++ {
		target, err := newFeedTarget(p.Base, p.NewFeedURL)
		if err != nil {
			notices = append(notices, fmt.Sprintf("not moved: %s (itunes:new-feed-url): %v", p.URL, err))
			break
		}
		if passed[target.String()] {
			break // the feed names itself, or a loop: it stays
		}
		if moves == maxXMLRedirects {
			notices = append(notices, fmt.Sprintf("not moved: %s → %s (itunes:new-feed-url): more than %d moves at once; a sync moves it", p.URL, target, maxXMLRedirects))
			break
		}
		next, err := e.probeMove(ctx, target)
		if ctx.Err() != nil {
			return nil, nil, fmt.Errorf("add %s: %w", from.URL, ctx.Err()) // stopped: nothing is subscribed
		}
		if err != nil {
			notices = append(notices, fmt.Sprintf("not moved: %s → %s (itunes:new-feed-url): %s", p.URL, target, fetch.Reason(err)))
			break
		}
		if _, err := e.store.ResolveFeed(ctx, next.URL.String()); err == nil {
			return nil, nil, fmt.Errorf("add %s: moved to %s (itunes:new-feed-url): %w", from.URL, next.URL, store.ErrDuplicate)
		}
		passed[target.String()], passed[next.URL.String()] = true, true
		p = next
	}
	if p != from {
		notices = append([]string{fmt.Sprintf("moved: %s → %s (itunes:new-feed-url)", from.URL, p.URL)}, notices...)
	}
	return p, notices, nil
}

// probeMove fetches target, an itunes:new-feed-url, as a sync would: it
// is the feed's new address (where the request ended) once it answers
// with a feed.
func (e *Engine) probeMove(ctx context.Context, target weburl.URL) (*probed, error) {
	resp, doc, err := e.fetchMovedFeed(ctx, target)
	if err != nil {
		return nil, err
	}
	return probedFeed(resp.FinalURL, resp, doc), nil
}
