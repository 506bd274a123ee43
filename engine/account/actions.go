package account

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

// ErrSetting means a setting asked of a feed of the account is its
// server's to decide.
var ErrSetting = errors.New("a feed of the account")

// Subscribe subscribes to url on the server, under the label folder names
// (the server's default label when ""), and adds the feed here as the
// account's with nf's settings of this machine; its items come with the
// next sync. It returns the feed's id.
func (a *Account) Subscribe(ctx context.Context, url, title, folder string, nf store.NewFeed) (int64, error) {
	f, err := a.svc.Subscribe(ctx, url, title, folder)
	if err != nil {
		return 0, err
	}
	return a.store.UpsertRemoteFeed(ctx, remoteFeed(f), nf)
}

// Unsubscribe unsubscribes a feed of the account on its server (a
// subscription the server no longer has is fine).
func (a *Account) Unsubscribe(ctx context.Context, f store.Feed) error {
	err := a.svc.Unsubscribe(ctx, f.RemoteID)
	if err != nil && !errors.Is(err, remote.ErrNotFound) {
		return fmt.Errorf("remove %s: %w", f.URL, err)
	}
	return nil
}

// Move puts the server's subscription remoteID under the label folder.
func (a *Account) Move(ctx context.Context, remoteID, folder string) error {
	return a.svc.Move(ctx, remoteID, folder)
}

// Change renames and moves f, a feed of the account, on its server, and
// refuses the settings that are the server's (sync, interval) when they
// would change; settings of this machine alone (enclosures, max items,
// watch) pass. It returns the settings left to apply here. A nil Account
// (the feed's account is no longer configured) refuses what would need
// the server.
func (a *Account) Change(ctx context.Context, f store.Feed, fs store.FeedSettings) (store.FeedSettings, error) {
	if fs.Sync != nil && *fs.Sync != f.Sync || fs.IntervalMinutes != nil && *fs.IntervalMinutes != f.IntervalMinutes {
		return fs, fmt.Errorf("%w is fetched by its server: sync and interval are not set here", ErrSetting)
	}
	fs.Sync, fs.IntervalMinutes = nil, nil
	rename := fs.Title != nil && *fs.Title != f.Title
	move := fs.FolderPath != nil && *fs.FolderPath != f.FolderPath
	if rename && *fs.Title == "" {
		return fs, fmt.Errorf("%w keeps the name its server gives it: give a title", ErrSetting)
	}
	if move && *fs.FolderPath == "" {
		return fs, fmt.Errorf("%w lives under a label of its server: give a folder", ErrSetting)
	}
	if (rename || move) && a == nil {
		return fs, fmt.Errorf("%w: no account is configured to rename or move it", ErrSetting)
	}
	if rename {
		if err := a.svc.Rename(ctx, f.RemoteID, *fs.Title); err != nil {
			return fs, err
		}
	}
	if move {
		if err := a.svc.Move(ctx, f.RemoteID, *fs.FolderPath); err != nil {
			return fs, err
		}
	}
	return fs, nil
}
