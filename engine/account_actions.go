package engine

import (
	"context"
	"fmt"

	"github.com/tidings-rss/tidings/store"
)

// subscribeRemote subscribes on the server, under the label folder names
// (the server's default label when ""), and adds the feed here as the
// account's; its items come with the next sync of the account.
func (e *Engine) subscribeRemote(ctx context.Context, s Subscription, folder string, notices []string) (Subscribed, error) {
	nf := store.NewFeed{DownloadEnclosures: e.cfg.Enclosures.Download}
	if s.Enclosures != nil {
		nf.DownloadEnclosures = *s.Enclosures
	}
	id, err := e.account.Subscribe(ctx, s.URL.String(), s.Title, folder, nf)
	if err != nil {
		return Subscribed{}, fmt.Errorf("add %s: %w", s.URL, err)
	}
	if s.IntervalMinutes > 0 {
		notices = append(notices, "interval: the account's server fetches this feed on its own schedule")
	}
	feed, err := e.store.Feed(ctx, id)
	return Subscribed{Feed: feed, Notices: notices}, err
}

// unsubscribeRemote unsubscribes a feed of the account on its server. A
// local feed, or one of an account no longer configured, needs nothing.
func (e *Engine) unsubscribeRemote(ctx context.Context, f store.Feed) error {
	if !f.Remote() || e.account == nil {
		return nil
	}
	return e.account.Unsubscribe(ctx, f)
}

// changeRemote applies a change of settings to a feed of the account on
// its server first (account.Account.Change), and returns the settings
// left to apply here; a local feed's pass as they are.
func (e *Engine) changeRemote(ctx context.Context, feedID int64, fs store.FeedSettings) (store.FeedSettings, error) {
	f, err := e.store.Feed(ctx, feedID)
	if err != nil || !f.Remote() {
		return fs, err
	}
	return e.account.Change(ctx, f, fs)
}
