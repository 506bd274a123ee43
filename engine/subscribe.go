package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/cmdfeed"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// Subscription is what a person asks to subscribe to.
type Subscription struct {
	// URL is a feed, or a web page announcing feeds.
	URL weburl.URL
	// Folder is the folder path ("A/B"); "" is the top level.
	Folder string
	// Title names the feed; "" keeps the feed's own.
	Title string
	// IntervalMinutes is the feed's own interval; 0 uses the default.
	IntervalMinutes int
	// Enclosures downloads enclosures automatically; nil follows the
	// configuration's [enclosures] download.
	Enclosures *bool
	// Local keeps the feed on this machine (fetched here) although an
	// account is configured; without it, an account subscribes on its
	// server, under the label Folder names.
	Local bool
	// Pick chooses, from 1, among the feeds a web page announces; 0 takes
	// the one it announces, and refuses several (*SeveralFeedsError).
	Pick int
	// Command, when its Kind is set, makes a command or filter feed
	// (cmdfeed.Parse) instead of URL's; its commands run only here.
	Command cmdfeed.Spec
}

// source is what the subscription names, as written.
func (s Subscription) source() string {
	if s.Command.Kind != "" {
		return s.Command.String()
	}
	return s.URL.String()
}

// Subscribed is what Subscribe made.
type Subscribed struct {
	Feed store.Feed
	// Notices are settings Subscribe raised or clamped (BoundSettings),
	// and a move followed or not (followMoves), one line each.
	Notices []string
}

// Subscribe checks a URL before subscribing — it is fetched once through
// the door; a web page is searched for the feeds it announces: the one
// it announces is taken, or the one s.Pick picks; several and no pick is a
// *SeveralFeedsError that lists them, and a pick beyond them wraps
// ErrNoSuchFeed — then subscribes with the settings brought
// within their bounds. No items are stored. It fails with an error
// wrapping store.ErrDuplicate when the feed (as given or as found) is
// subscribed already, and with the probe's error when nothing readable is
// there. A feed whose document says it moved (itunes:new-feed-url) is
// subscribed at its new address when that passes a sync's checks, with a
// notice either way (followMoves). With an account configured (and
// s.Local false) the account's server subscribes and checks the feed
// instead (subscribeRemote); when its protocol cannot subscribe (Fever),
// the feed is subscribed here, as a local feed, with a notice that says
// so.
func (e *Engine) Subscribe(ctx context.Context, s Subscription) (Subscribed, error) {
	fs, notices, err := BoundSettings(store.FeedSettings{FolderPath: &s.Folder, IntervalMinutes: &s.IntervalMinutes, Title: &s.Title})
	if err != nil {
		return Subscribed{}, fmt.Errorf("add %s: %w", s.source(), err)
	}
	s.Title = *fs.Title
	if s.Command.Kind != "" {
		return e.subscribeCommand(ctx, s, fs, notices)
	}
	if _, err := e.store.ResolveFeed(ctx, s.URL.String()); err == nil {
		return Subscribed{}, fmt.Errorf("add %s: %w", s.URL, store.ErrDuplicate)
	}
	if e.account != nil && !s.Local {
		got, err := e.subscribeRemote(ctx, s, *fs.FolderPath, notices)
		if !errors.Is(err, remote.ErrUnsupported) {
			return got, err
		}
		notices = append(notices, fmt.Sprintf("%s cannot subscribe on the server: %s is a local feed here "+
			"(subscribe on the server to sync it)", e.cfg.Remote.Type, s.URL))
	}
	p, err := e.probe(ctx, s.URL, s.Pick)
	var several *SeveralFeedsError
	switch {
	case errors.As(err, &several), errors.Is(err, ErrNoSuchFeed):
		return Subscribed{}, err
	case err != nil:
		return Subscribed{}, fmt.Errorf("add %s: %s", s.URL, fetch.Reason(err))
	}
	p, moved, err := e.followMoves(ctx, p)
	if err != nil {
		return Subscribed{}, err
	}
	notices = append(notices, moved...)
	return e.addFeed(ctx, store.NewFeed{URL: p.URL, Title: p.Title}, s, fs, notices)
}

// addFeed stores nf, a feed found or a command, with the subscription's
// settings (folder, enclosures, a title of the person's, an interval)
// and returns it with notices.
func (e *Engine) addFeed(ctx context.Context, nf store.NewFeed, s Subscription, fs store.FeedSettings, notices []string) (Subscribed, error) {
	nf.FolderPath, nf.DownloadEnclosures = *fs.FolderPath, e.cfg.Enclosures.Download
	if s.Enclosures != nil {
		nf.DownloadEnclosures = *s.Enclosures
	}
	if s.Title != "" {
		nf.Title, nf.CustomTitle = s.Title, true
	}
	if *fs.IntervalMinutes > 0 {
		nf.Sync, nf.IntervalMinutes = *fs.Sync, *fs.IntervalMinutes
	}
	id, err := e.store.AddFeed(ctx, nf)
	if err != nil {
		return Subscribed{}, err
	}
	f, err := e.store.Feed(ctx, id)
	return Subscribed{Feed: f, Notices: notices}, err
}

// Unsubscribe removes a feed with its items, and every file of its
// enclosures: finished files, partial ones with their sidecars, and the
// feed's folder once empty. It returns the feed as it was. A feed of the
// account is unsubscribed on its server first; when the server refuses,
// nothing changes here.
func (e *Engine) Unsubscribe(ctx context.Context, feedID int64) (store.Feed, error) {
	f, err := e.store.Feed(ctx, feedID)
	if err != nil {
		return f, err
	}
	if err := e.unsubscribeRemote(ctx, f); err != nil {
		return f, err
	}
	files, err := e.store.RemoveFeed(ctx, feedID)
	if err != nil {
		return f, err
	}
	e.removeFiles(files)
	if err := enclosure.RemoveFeedFolder(e.cfg.Enclosures.Directory, feedID); err != nil && !errors.Is(err, enclosure.ErrNoEnclosureDir) {
		e.log.Warn("remove enclosure folder", "feed", f.URL, "err", err)
	}
	return f, nil
}
