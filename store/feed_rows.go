package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// FeedRow is a feed as the reader's tree lists it: its name, address and
// folder, its counts, and what marks its row (stopped, failing, watched,
// the account's). It leaves out the settings and the download state a
// Feed carries; Store.Feed reads those when a dialog or a download needs
// them.
type FeedRow struct {
	ID int64
	// URL is Feed.URL: the address, or a command or filter feed's source.
	URL        string
	Title      string
	FolderPath string
	// ItemCount and UnreadCount are the feed's counts, as Feed's.
	ItemCount   int
	UnreadCount int
	// Stopped is why automatic updates stopped (StoppedGone,
	// StoppedEnded), "" while they go on.
	Stopped string
	// LastError is the last download's error, "" after a success;
	// Failures counts the failures in a row.
	LastError string
	Failures  int
	Watch     bool
	IsList    bool
	// Manual says the feed is downloaded only when asked (SyncManual).
	Manual bool
	// Remote says the feed is the account's (Feed.Remote).
	Remote bool
	// Attempted says a download of the feed was ever attempted.
	Attempted bool
	// Downloaded is the last successful download in Unix seconds, 0 for
	// never: a change of it says the feed got new items.
	Downloaded int64
}

// Row is the feed's FeedRow.
func (f Feed) Row() FeedRow {
	var downloaded int64
	if t := f.State.LastDownloadAt; t != nil {
		downloaded = t.Unix()
	}
	return FeedRow{ID: f.ID, URL: f.URL, Title: f.Title, FolderPath: f.FolderPath,
		ItemCount: f.ItemCount, UnreadCount: f.UnreadCount, Stopped: f.Stopped,
		LastError: f.State.LastError, Failures: f.State.Failures, Watch: f.Watch, IsList: f.IsList,
		Manual: f.Sync == SyncManual, Remote: f.Remote(), Attempted: f.State.LastAttemptAt != nil,
		Downloaded: downloaded}
}

// feedRowColumns are FeedRow's columns, in scanFeedRow's order.
const feedRowColumns = `fd.id, fd.url, fd.title, coalesce(fo.path, ''), fd.item_count, fd.unread_count,
	fd.stopped, fs.last_error, fs.failures, fd.watch, fd.is_list, fd.sync = '` + SyncManual + `',
	coalesce(fd.remote_id, '') != '', fs.last_attempt_at IS NOT NULL, coalesce(fs.last_download_at, 0)`

func scanFeedRow(r rowScanner) (FeedRow, error) {
	var f FeedRow
	err := r.Scan(&f.ID, &f.URL, &f.Title, &f.FolderPath, &f.ItemCount, &f.UnreadCount,
		&f.Stopped, &f.LastError, &f.Failures, &f.Watch, &f.IsList, &f.Manual,
		&f.Remote, &f.Attempted, &f.Downloaded)
	return f, err
}

// FeedRows lists every subscription's row, in Feeds' order: by folder
// path, then title.
func (s *Store) FeedRows(ctx context.Context) ([]FeedRow, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+feedRowColumns+feedFrom+
		` ORDER BY coalesce(fo.path, ''), lower(fd.title), fd.id`)
	if err != nil {
		return nil, fmt.Errorf("list feed rows: %w", err)
	}
	defer rows.Close()
	var out []FeedRow
	paths := map[string]string{} // the rows share one copy of each folder's path
	for rows.Next() {
		f, err := scanFeedRow(rows)
		if err != nil {
			return nil, fmt.Errorf("list feed rows: %w", err)
		}
		if p, ok := paths[f.FolderPath]; ok {
			f.FolderPath = p
		} else {
			paths[f.FolderPath] = f.FolderPath
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list feed rows: %w", err)
	}
	return out, nil
}

// FeedRow returns one feed's row by id.
func (s *Store) FeedRow(ctx context.Context, id int64) (FeedRow, error) {
	f, err := scanFeedRow(s.db.QueryRowContext(ctx, `SELECT `+feedRowColumns+feedFrom+` WHERE fd.id = +?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return f, fmt.Errorf("feed row %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return f, fmt.Errorf("feed row %d: %w", id, err)
	}
	return f, nil
}

// FeedsByID returns the feeds of ids that still exist, in ids' order:
// one unsubscribed meanwhile is left out.
func (s *Store) FeedsByID(ctx context.Context, ids []int64) ([]Feed, error) {
	out := make([]Feed, 0, len(ids))
	for _, id := range ids {
		f, err := s.Feed(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}
