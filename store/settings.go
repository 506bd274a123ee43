package store

import (
	"context"
	"database/sql"
	"fmt"
)

// FeedSettings changes a feed's user settings; nil fields stay as they are.
type FeedSettings struct {
	Title              *string // "" gives the feed its own title back (the publisher's, kept in feed_title)
	FolderPath         *string // "" is the top level
	Sync               *string
	IntervalMinutes    *int
	MaxItems           *int
	DownloadEnclosures *bool
	Watch              *bool
	// FullText fetches the page of each item that arrives from now on
	// and keeps its article (see QueueArticles).
	FullText *bool
}

// UpdateFeedSettings applies the non-nil settings in one transaction.
// Setting sync to default or interval restarts automatic updates of a feed
// that had stopped (410, noMoreUpdates); a changed schedule is recomputed
// by the engine at its next pass.
func (s *Store) UpdateFeedSettings(ctx context.Context, id int64, fs FeedSettings) error {
	if fs.Sync != nil {
		if err := checkSync(*fs.Sync); err != nil {
			return fmt.Errorf("feed %d: %w", id, err)
		}
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := feedExists(ctx, tx, id); err != nil {
			return err
		}
		return applySettings(ctx, tx, id, fs, s.now().Unix())
	})
	if err != nil {
		return fmt.Errorf("feed %d settings: %w", id, err)
	}
	return nil
}

func applySettings(ctx context.Context, tx *sql.Tx, id int64, fs FeedSettings, now int64) error {
	var stmts []stmt
	add := func(q string, args ...any) { stmts = append(stmts, stmt{q, args}) }
	if fs.Title != nil {
		add(`UPDATE feeds SET title = CASE WHEN ? = '' THEN feed_title ELSE ? END, custom_title = (? <> '') WHERE id = ?`,
			*fs.Title, *fs.Title, *fs.Title, id)
		// A feed whose publisher's title was never kept (named by the user
		// before it was) forgets its validators and body: its next
		// download is parsed whole and brings the title.
		add(`UPDATE feed_sync SET etag = '', last_modified = '', body_hash = ''
			WHERE feed_id = ? AND ? = '' AND (SELECT feed_title FROM feeds WHERE id = ?) = ''`, id, *fs.Title, id)
	}
	if fs.FolderPath != nil {
		folder, err := ensureFolder(ctx, tx, *fs.FolderPath)
		if err != nil {
			return err
		}
		add(`UPDATE feeds SET folder_id = ? WHERE id = ?`, nullID(folder), id)
	}
	if fs.Sync != nil {
		add(`UPDATE feeds SET sync = ?, stopped = CASE WHEN ? = 'manual' THEN stopped ELSE '' END WHERE id = ?`,
			*fs.Sync, *fs.Sync, id)
	}
	if fs.IntervalMinutes != nil {
		add(`UPDATE feeds SET interval_minutes = ? WHERE id = ?`, *fs.IntervalMinutes, id)
	}
	if fs.Sync != nil || fs.IntervalMinutes != nil {
		add(`UPDATE feed_sync SET next_sync_at = NULL WHERE feed_id = ?`, id)
	}
	if fs.MaxItems != nil {
		add(`UPDATE feeds SET max_items = ? WHERE id = ?`, *fs.MaxItems, id)
	}
	if fs.DownloadEnclosures != nil {
		add(`UPDATE feeds SET enclosures_since = CASE WHEN ? AND NOT download_enclosures THEN ?
			WHEN ? THEN enclosures_since END, download_enclosures = ? WHERE id = ?`,
			*fs.DownloadEnclosures, now, *fs.DownloadEnclosures, *fs.DownloadEnclosures, id)
	}
	if fs.Watch != nil {
		add(`UPDATE feeds SET watch = ? WHERE id = ?`, *fs.Watch, id)
	}
	if fs.FullText != nil {
		add(`UPDATE feeds SET full_text = ? WHERE id = ?`, *fs.FullText, id)
	}
	for _, st := range stmts {
		if _, err := tx.ExecContext(ctx, st.query, st.args...); err != nil {
			return err
		}
	}
	return nil
}

// feedExists returns the feed's is_list flag, or ErrNotFound.
func feedExists(ctx context.Context, tx *sql.Tx, id int64) (bool, error) {
	var isList bool
	err := tx.QueryRowContext(ctx, `SELECT is_list FROM feeds WHERE id = ?`, id).Scan(&isList)
	if err == sql.ErrNoRows {
		return false, ErrNotFound
	}
	return isList, err
}

// stmt is one SQL statement with its arguments.
type stmt struct {
	query string
	args  []any
}
