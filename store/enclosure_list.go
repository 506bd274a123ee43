package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// EnclosureRemoved is the state of an enclosure the person took off the
// queue or whose file they deleted: it is never queued automatically.
const EnclosureRemoved = "removed"

// QueueEntry is a row of the podcast queue: an enclosure the person
// asked for or that was downloaded, with its feed's title.
type QueueEntry struct {
	EnclosureJob
	FeedTitle string
}

// EnclosureQueue lists the enclosures that are not merely known (status
// none): downloading first, then queued in queue order, failed, blocked,
// downloaded and removed, each group in queue order (then id).
func (s *Store) EnclosureQueue(ctx context.Context) ([]QueueEntry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+jobColumns+`, f.title`+jobFrom+` JOIN feeds f ON f.id = i.feed_id
		WHERE e.status <> 'none'
		ORDER BY CASE e.status WHEN 'downloading' THEN 0 WHEN 'queued' THEN 1 WHEN 'failed' THEN 2
			WHEN 'blocked' THEN 3 WHEN 'downloaded' THEN 4 ELSE 5 END, coalesce(e.queued_at, 0), e.id`)
	if err != nil {
		return nil, fmt.Errorf("enclosure queue: %w", err)
	}
	defer rows.Close()
	var out []QueueEntry
	for rows.Next() {
		var q QueueEntry
		j, e := &q.EnclosureJob, &q.Enclosure
		if err := rows.Scan(&e.ID, &e.ItemID, &e.URL, &e.Type, &e.Length, &e.Status, &e.Error, &e.Path,
			&e.BytesDone, &e.BytesTotal, &j.FeedID, &j.ItemTitle, &j.ClaimedBy, &j.PartPath, &j.Validator, &q.FeedTitle); err != nil {
			return nil, fmt.Errorf("enclosure queue: %w", err)
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("enclosure queue: %w", err)
	}
	return out, nil
}

// RemoveEnclosure marks enclosure id removed when its status is one of
// from, forgetting its files and progress, and returns it as it was (its
// files are the caller's to delete). It fails with ErrNotFound when there
// is no such enclosure, and with ErrInvalid when its status is another.
func (s *Store) RemoveEnclosure(ctx context.Context, id int64, from ...string) (EnclosureJob, error) {
	var job EnclosureJob
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		job, err = scanJob(tx.QueryRowContext(ctx, `SELECT `+jobColumns+jobFrom+` WHERE e.id = ?`, id))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case !slices.Contains(from, job.Status):
			return fmt.Errorf("%w: it is %s", ErrInvalid, job.Status)
		}
		_, err = tx.ExecContext(ctx, `UPDATE enclosures SET status = 'removed', error = '', path = '', part_path = '',
			validator = '', bytes_done = 0, claimed_by = '' WHERE id = ?`, id)
		return err
	})
	if err != nil {
		return job, fmt.Errorf("remove enclosure %d: %w", id, err)
	}
	return job, nil
}
