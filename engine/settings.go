package engine

import (
	"context"
	"fmt"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// BoundSettings is the one check of a feed's settings, shared by every
// front end: it returns the settings as they will be stored, with each
// number brought within its bound from config (an interval under 15
// minutes is raised to 15, a maximum over 2,500 items lowered to 2,500)
// and one notice per value so changed, for the front end to show. Zero
// means "the default" for the interval and the maximum; a negative number,
// an unknown sync setting, or sync=interval with no interval is an error.
// An interval given without a sync setting implies sync=interval. A title
// and a folder path are made plain text (sanitize.Text): the names people
// and documents give are shown in the terminal.
func BoundSettings(fs store.FeedSettings) (store.FeedSettings, []string, error) {
	var notices []string
	bound := func(p **int, b config.Bound) error {
		if *p == nil || **p == 0 {
			return nil
		}
		if **p < 0 {
			return fmt.Errorf("%s %d: want a positive number of %s, or 0 for the default", b.Name, **p, b.Unit)
		}
		v, notice := b.Clamp(**p)
		if notice != "" {
			notices = append(notices, notice)
		}
		*p = &v
		return nil
	}
	if err := bound(&fs.IntervalMinutes, config.IntervalBound); err != nil {
		return fs, nil, err
	}
	if err := bound(&fs.MaxItems, config.MaxItemsBound); err != nil {
		return fs, nil, err
	}
	if fs.Sync == nil && fs.IntervalMinutes != nil && *fs.IntervalMinutes > 0 {
		s := store.SyncInterval
		fs.Sync = &s
	}
	if fs.Sync != nil {
		switch *fs.Sync {
		case store.SyncDefault, store.SyncManual:
		case store.SyncInterval:
			if fs.IntervalMinutes != nil && *fs.IntervalMinutes == 0 {
				return fs, nil, fmt.Errorf("sync interval needs an interval in minutes")
			}
		default:
			return fs, nil, fmt.Errorf("sync %s: want default, interval or manual", sanitize.Named(string(*fs.Sync)))
		}
	}
	if fs.FolderPath != nil {
		p, err := CleanFolderPath(*fs.FolderPath)
		if err != nil {
			return fs, nil, err
		}
		fs.FolderPath = &p
	}
	if fs.Title != nil {
		t := sanitize.Text(*fs.Title)
		fs.Title = &t
	}
	return fs, notices, nil
}

// CleanFolderPath is a folder path as the store keeps it: plain text
// (sanitize.Text: no control or format characters, white space
// collapsed), its names trimmed, blank ones dropped, "." and ".." refused.
// Folder names come from people and from documents (OPML, a server's
// labels) and are shown in the terminal.
func CleanFolderPath(path string) (string, error) {
	return store.CleanFolderPath(sanitize.Text(path))
}

// ChangeSettings checks fs with BoundSettings and applies it to a feed in
// one transaction; it returns the notices of values it raised or clamped.
// A sync=interval left without an interval (none given now, none stored)
// is an error. A feed of the account is renamed and moved on its server
// first (changeRemote).
func (e *Engine) ChangeSettings(ctx context.Context, feedID int64, fs store.FeedSettings) ([]string, error) {
	fs, notices, err := BoundSettings(fs)
	if err != nil {
		return nil, err
	}
	if fs, err = e.changeRemote(ctx, feedID, fs); err != nil {
		return nil, err
	}
	if fs.Sync != nil && *fs.Sync == store.SyncInterval && fs.IntervalMinutes == nil {
		f, err := e.store.Feed(ctx, feedID)
		if err != nil {
			return nil, err
		}
		if f.IntervalMinutes == 0 {
			return nil, fmt.Errorf("sync interval needs an interval in minutes")
		}
	}
	if err := e.store.UpdateFeedSettings(ctx, feedID, fs); err != nil {
		return nil, err
	}
	return notices, nil
}

// Interval is the interval the scheduler uses for f: its own with
// sync=interval, else the configured default, never under the minimum.
func Interval(cfg config.Config, f store.Feed) int {
	minutes := cfg.DefaultIntervalMinutes
	if f.Sync == store.SyncInterval && f.IntervalMinutes > 0 {
		minutes = f.IntervalMinutes
	}
	v, _ := config.IntervalBound.Clamp(minutes)
	return v
}

// MaxItems is how many items f keeps: its own maximum, else the configured
// default, within the bound.
func MaxItems(cfg config.Config, f store.Feed) int {
	n := cfg.MaxItems
	if f.MaxItems > 0 {
		n = f.MaxItems
	}
	v, _ := config.MaxItemsBound.Clamp(n)
	return v
}
