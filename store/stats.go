package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// syncLogKeep is how long the per-download log is kept.
const syncLogKeep = 90 * 24 * time.Hour

// DayStats sums one UTC day of downloads.
type DayStats struct {
	Day           time.Time
	Requests      int
	NotModified   int // 304 responses
	Deltas        int // 226 / IM: feed responses
	Failures      int
	NewItems      int
	BytesReceived int64
	BytesSaved    int64
}

// DailyStats returns the last days UTC days up to now, oldest first, one
// entry per day (empty days included), for one feed or, with feedID 0, all.
func (s *Store) DailyStats(ctx context.Context, feedID int64, days int, now time.Time) ([]DayStats, error) {
	end := now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	start := end.Add(-time.Duration(days) * 24 * time.Hour)
	rows, err := s.db.QueryContext(ctx, `SELECT (at - ?) / 86400, count(*), sum(status = 304), sum(status = 226),
		sum(NOT ok), sum(new_items), sum(bytes_received), sum(bytes_saved)
		FROM sync_log WHERE at >= ? AND at < ? AND (? = 0 OR feed_id = ?)
		GROUP BY 1`, start.Unix(), start.Unix(), end.Unix(), feedID, feedID)
	if err != nil {
		return nil, fmt.Errorf("daily stats: %w", err)
	}
	defer rows.Close()
	out := make([]DayStats, days)
	for i := range out {
		out[i].Day = start.Add(time.Duration(i) * 24 * time.Hour)
	}
	for rows.Next() {
		var day int
		var d DayStats
		if err := rows.Scan(&day, &d.Requests, &d.NotModified, &d.Deltas, &d.Failures, &d.NewItems,
			&d.BytesReceived, &d.BytesSaved); err != nil {
			return nil, fmt.Errorf("daily stats: %w", err)
		}
		if day >= 0 && day < days {
			d.Day = out[day].Day
			out[day] = d
		}
	}
	return out, rows.Err()
}

// logSync appends one download to the log and prunes old rows.
func logSync(ctx context.Context, tx *sql.Tx, feedID int64, at time.Time, status int, ok bool, received, saved int64, newItems int) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO sync_log (feed_id, at, status, ok, bytes_received, bytes_saved, new_items)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, feedID, at.Unix(), status, ok, received, saved, newItems); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM sync_log WHERE at < ?`, at.Add(-syncLogKeep).Unix())
	return err
}
