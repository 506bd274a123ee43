package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

// ErrAccountSetting means a setting asked of a feed of the account is its
// server's to decide.
var ErrAccountSetting = errors.New("a feed of the account")

// subscribeRemote subscribes on the server, under the label folder names
// (the server's default label when ""), and adds the feed here as the
// account's; its items come with the next sync of the account.
func (e *Engine) subscribeRemote(ctx context.Context, s Subscription, folder string, notices []string) (Subscribed, error) {
	f, err := e.remote.Subscribe(ctx, s.URL.String(), s.Title, folder)
	if err != nil {
		return Subscribed{}, fmt.Errorf("add %s: %w", s.URL, err)
	}
	nf := store.NewFeed{DownloadEnclosures: e.cfg.Enclosures.Download}
	if s.Enclosures != nil {
		nf.DownloadEnclosures = *s.Enclosures
	}
	id, err := e.store.UpsertRemoteFeed(ctx, remoteFeed(f), nf)
	if err != nil {
		return Subscribed{}, fmt.Errorf("add %s: %w", s.URL, err)
	}
	if s.IntervalMinutes > 0 {
		notices = append(notices, "interval: the account's server fetches this feed on its own schedule")
	}
	feed, err := e.store.Feed(ctx, id)
	return Subscribed{Feed: feed, Notices: notices}, err
}

// unsubscribeRemote unsubscribes a feed of the account on its server (a
// subscription the server no longer has is fine). A local feed, or one of
// an account no longer configured, needs nothing.
func (e *Engine) unsubscribeRemote(ctx context.Context, f store.Feed) error {
	if !f.Remote() || e.remote == nil {
		return nil
	}
	err := e.remote.Unsubscribe(ctx, f.RemoteID)
	if err != nil && !errors.Is(err, remote.ErrNotFound) {
		return fmt.Errorf("remove %s: %w", f.URL, err)
	}
	return nil
}

// changeRemote renames and moves a feed of the account on its server, and
// refuses the settings that are the server's (sync, interval) when they
// would change; settings of this machine alone (enclosures, max items,
// watch) pass. It returns the settings left to apply here.
func (e *Engine) changeRemote(ctx context.Context, feedID int64, fs store.FeedSettings) (store.FeedSettings, error) {
	f, err := e.store.Feed(ctx, feedID)
	if err != nil || !f.Remote() {
		return fs, err
	}
	if fs.Sync != nil && *fs.Sync != f.Sync || fs.IntervalMinutes != nil && *fs.IntervalMinutes != f.IntervalMinutes {
		return fs, fmt.Errorf("%w is fetched by its server: sync and interval are not set here", ErrAccountSetting)
	}
	fs.Sync, fs.IntervalMinutes = nil, nil
	rename := fs.Title != nil && *fs.Title != f.Title
	move := fs.FolderPath != nil && *fs.FolderPath != f.FolderPath
	if rename && *fs.Title == "" {
		return fs, fmt.Errorf("%w keeps the name its server gives it: give a title", ErrAccountSetting)
	}
	if move && *fs.FolderPath == "" {
		return fs, fmt.Errorf("%w lives under a label of its server: give a folder", ErrAccountSetting)
	}
	if (rename || move) && e.remote == nil {
		return fs, fmt.Errorf("%w: no account is configured to rename or move it", ErrAccountSetting)
	}
	if rename {
		if err := e.remote.Rename(ctx, f.RemoteID, *fs.Title); err != nil {
			return fs, err
		}
	}
	if move {
		if err := e.remote.Move(ctx, f.RemoteID, *fs.FolderPath); err != nil {
			return fs, err
		}
	}
	return fs, nil
}
