package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ClaimFeed marks a feed as being downloaded by owner until the given time,
// so that two tidings processes never fetch the same feed at once. A claim
// of another owner is honoured while its lease runs and its process lives
// (OwnerAlive); a dead process's claim is void at once. When the feed is
// not claimed, holder names the live owner that holds it ("" when the
// feed is gone). When it is claimed, feed is the feed's row read in the
// claim's own transaction: its validators and sync state as they are
// when the claim begins, without a second read.
func (s *Store) ClaimFeed(ctx context.Context, feedID int64, owner string, now, until time.Time) (feed Feed, claimed bool, holder string, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error {
		var until0 sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT claimed_by, claimed_until FROM feed_sync WHERE feed_id = ?`,
			feedID).Scan(&holder, &until0)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if holder != "" && holder != owner && until0.Valid && until0.Int64 > now.Unix() && s.alive(holder) {
			return nil
		}
		holder, claimed = "", true
		_, err = tx.ExecContext(ctx, `UPDATE feed_sync SET claimed_by = ?, claimed_until = ? WHERE feed_id = ?`,
			owner, until.Unix(), feedID)
		if err != nil {
			return err
		}
		feed, err = scanFeed(tx.QueryRowContext(ctx, `SELECT `+feedColumns+feedFrom+` WHERE fd.id = +?`, feedID))
		return err
	})
	if err != nil {
		return Feed{}, false, "", fmt.Errorf("claim feed %d: %w", feedID, err)
	}
	return feed, claimed, holder, nil
}

// releaseColumns is the SET clause of a feed_sync update that also drops
// the claim of the owner bound to both of its parameters (none when it is
// ""), as ReleaseFeed does. Every expression of an UPDATE reads the row
// as it was, so both test the claim before the release.
const releaseColumns = `claimed_by = CASE WHEN claimed_by = ? AND claimed_by <> '' THEN '' ELSE claimed_by END,
		claimed_until = CASE WHEN claimed_by = ? AND claimed_by <> '' THEN NULL ELSE claimed_until END`

// ReleaseFeed drops owner's claim on a feed.
func (s *Store) ReleaseFeed(ctx context.Context, feedID int64, owner string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE feed_sync SET claimed_by = '', claimed_until = NULL
			WHERE feed_id = ? AND claimed_by = ?`, feedID, owner)
		return err
	})
	if err != nil {
		return fmt.Errorf("release feed %d: %w", feedID, err)
	}
	return nil
}

// DueFeeds lists the feeds the scheduler should download at now: local
// (not the account's), not manual, and never tried (or rescheduled by a settings change) or past
// their next sync time, which a failure sets to its back-off. Feeds that
// missed their time by the most come first.
func (s *Store) DueFeeds(ctx context.Context, now time.Time) ([]Feed, error) {
	return s.feedsWhere(ctx, `fd.remote_id IS NULL AND fd.sync <> 'manual' AND (fs.next_sync_at IS NULL OR fs.next_sync_at <= ?)
		ORDER BY coalesce(fs.next_sync_at, 0), fd.id`, now.Unix())
}

// AutoFeeds lists every local feed whose sync setting is not manual (what
// a forced sync-all downloads).
func (s *Store) AutoFeeds(ctx context.Context) ([]Feed, error) {
	return s.feedsWhere(ctx, `fd.remote_id IS NULL AND fd.sync <> 'manual' ORDER BY fd.id`)
}

// NextDue returns the earliest next sync time of the automatic local feeds, or
// nil when none is scheduled.
func (s *Store) NextDue(ctx context.Context) (*time.Time, error) {
	var next sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT min(coalesce(fs.next_sync_at, 0)) FROM feeds fd
		JOIN feed_sync fs ON fs.feed_id = fd.id WHERE fd.remote_id IS NULL AND fd.sync <> 'manual'`).Scan(&next)
	if err != nil {
		return nil, fmt.Errorf("next due feed: %w", err)
	}
	return timePtr(next), nil
}

func (s *Store) feedsWhere(ctx context.Context, where string, args ...any) ([]Feed, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+feedColumns+feedFrom+` WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("list feeds: %w", err)
	}
	defer rows.Close()
	var out []Feed
	for rows.Next() {
		f, err := scanFeed(rows)
		if err != nil {
			return nil, fmt.Errorf("list feeds: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
