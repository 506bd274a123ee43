package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// EnclosureJob is an enclosure with what downloading it needs: the feed
// whose folder it goes to and the item title that names it when its URL
// does not.
type EnclosureJob struct {
	Enclosure
	FeedID    int64
	ItemTitle string
	// PartPath is the partial file while one exists, "" otherwise; with
	// Path it is every file the enclosure owns.
	PartPath string
	// Validator is the ETag or Last-Modified that resumes the partial
	// file with If-Range, "" when it cannot be resumed.
	Validator string
	// ClaimedBy is the owner (Owner.String) of the process transferring
	// it, "" when none.
	ClaimedBy string
}

// EnclosureQuery selects enclosures. A nil id list and an empty Status are
// no filter; an empty, non-nil id list selects nothing.
type EnclosureQuery struct {
	IDs     []int64
	ItemIDs []int64
	Status  string
}

// EnclosureOutcome is how a transfer ended: EnclosureDownloaded,
// EnclosureFailed or EnclosureBlocked, with the error shown to the user,
// the files kept (empty when none is), the validator that resumes a kept
// partial file and the byte counts.
type EnclosureOutcome struct {
	Status     string
	Error      string
	Path       string
	PartPath   string
	Validator  string
	BytesDone  int64
	BytesTotal int64
}

// EnclosureProgress is a running transfer's state: the file it will
// become (Path), the partial file it writes (PartPath), the validator that
// resumes it and the byte counts (BytesTotal is 0 while unknown).
type EnclosureProgress struct {
	Path       string
	PartPath   string
	Validator  string
	BytesDone  int64
	BytesTotal int64
}

const jobColumns = `e.id, e.item_id, e.url, e.type, e.length, e.status, e.error, e.path,
	e.bytes_done, e.bytes_total, i.feed_id, i.title, e.claimed_by, e.part_path, e.validator`

const jobFrom = ` FROM enclosures e JOIN items i ON i.id = e.item_id `

// idBatch bounds the ids bound to one statement (SQLite limits parameters).
const idBatch = 500

func scanJob(r rowScanner) (EnclosureJob, error) {
	var j EnclosureJob
	e := &j.Enclosure
	err := r.Scan(&e.ID, &e.ItemID, &e.URL, &e.Type, &e.Length, &e.Status, &e.Error, &e.Path,
		&e.BytesDone, &e.BytesTotal, &j.FeedID, &j.ItemTitle, &j.ClaimedBy, &j.PartPath, &j.Validator)
	return j, err
}

// EnclosureJobs returns the enclosures q selects, in queue order (queue
// time, then id) within each batch of ids.
func (s *Store) EnclosureJobs(ctx context.Context, q EnclosureQuery) ([]EnclosureJob, error) {
	var out []EnclosureJob
	column, ids := "e.id", q.IDs
	if ids == nil {
		column, ids = "e.item_id", q.ItemIDs
	}
	err := inBatches(ids, func(part []int64) error {
		jobs, err := s.enclosureJobs(ctx, column, part, q.Status)
		out = append(out, jobs...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list enclosures: %w", err)
	}
	if q.IDs != nil && q.ItemIDs != nil {
		out = slices.DeleteFunc(out, func(j EnclosureJob) bool { return !slices.Contains(q.ItemIDs, j.ItemID) })
	}
	return out, nil
}

// enclosureJobs lists the enclosures whose column is one of ids (every
// enclosure when ids is nil) and, unless empty, whose status is status.
func (s *Store) enclosureJobs(ctx context.Context, column string, ids []int64, status string) ([]EnclosureJob, error) {
	var where []string
	var args []any
	if ids != nil {
		where, args = append(where, column+` IN (`+marks(len(ids))+`)`), appendIDs(args, ids)
	}
	if status != "" {
		where, args = append(where, `e.status = ?`), append(args, status)
	}
	query := `SELECT ` + jobColumns + jobFrom
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY coalesce(e.queued_at, 0), e.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []EnclosureJob
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// QueueEnclosures puts the enclosures ids whose status is one of from at
// the end of the download queue, stamped at, and returns the ids it queued.
// A queued enclosure keeps its file and progress, so a retry resumes.
func (s *Store) QueueEnclosures(ctx context.Context, ids []int64, at time.Time, from ...string) ([]int64, error) {
	if len(from) == 0 {
		return nil, nil
	}
	var queued []int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		return inBatches(ids, func(part []int64) error {
			args := appendIDs([]any{at.Unix()}, part)
			for _, st := range from {
				args = append(args, st)
			}
			got, err := returningIDs(ctx, tx, `UPDATE enclosures SET status = 'queued', queued_at = ?, error = '', claimed_by = ''
				WHERE id IN (`+marks(len(part))+`) AND status IN (`+marks(len(from))+`) RETURNING id`, args...)
			queued = append(queued, got...)
			return err
		})
	})
	if err != nil {
		return nil, fmt.Errorf("queue enclosures: %w", err)
	}
	return queued, nil
}

// ClaimNextEnclosure takes the oldest queued enclosure (FIFO by queue time,
// then id), marks it downloading by owner and returns it; ok is false when
// the queue is empty.
// An empty queue is seen without taking the write lock.
func (s *Store) ClaimNextEnclosure(ctx context.Context, owner string) (job EnclosureJob, ok bool, err error) {
	var queued int
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM enclosures WHERE status = 'queued' LIMIT 1)`).Scan(&queued)
	if err != nil || queued == 0 {
		return job, false, s.fault(err)
	}
	return s.claim(ctx, owner, `status = 'queued' AND id = (SELECT id FROM enclosures WHERE status = 'queued'
		ORDER BY queued_at, id LIMIT 1)`)
}

// ClaimEnclosure marks enclosure id downloading by owner whatever its state
// (a user's request) and returns it, unless another live process
// (OwnerAlive) is transferring it: then ok is false and holder names that
// process. ok is false with no holder when the enclosure does not exist.
func (s *Store) ClaimEnclosure(ctx context.Context, id int64, owner string) (job EnclosureJob, ok bool, holder string, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status, claimed_by FROM enclosures WHERE id = ?`, id).Scan(&status, &holder)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil || status == EnclosureDownloading && holder != "" && holder != owner && s.alive(holder) {
			return err
		}
		holder = ""
		job, ok, err = claimIn(ctx, tx, owner, `id = ?`, id)
		return err
	})
	if err != nil {
		return job, false, "", fmt.Errorf("claim enclosure %d: %w", id, err)
	}
	return job, ok, holder, nil
}

func (s *Store) claim(ctx context.Context, owner, where string, args ...any) (EnclosureJob, bool, error) {
	var job EnclosureJob
	var ok bool
	err := s.write(ctx, func(tx *sql.Tx) (err error) {
		job, ok, err = claimIn(ctx, tx, owner, where, args...)
		return err
	})
	if err != nil {
		return job, false, fmt.Errorf("claim enclosure: %w", err)
	}
	return job, ok, nil
}

// claimIn marks the enclosure where selects downloading by owner, in tx.
func claimIn(ctx context.Context, tx *sql.Tx, owner, where string, args ...any) (EnclosureJob, bool, error) {
	ids, err := returningIDs(ctx, tx, `UPDATE enclosures SET status = 'downloading', error = '', claimed_by = ?
		WHERE `+where+` RETURNING id`, append([]any{owner}, args...)...)
	if err != nil || len(ids) == 0 {
		return EnclosureJob{}, false, err
	}
	job, err := scanJob(tx.QueryRowContext(ctx, `SELECT `+jobColumns+jobFrom+` WHERE e.id = ?`, ids[0]))
	return job, err == nil, err
}

// RequeueEnclosure puts an enclosure that was downloading back in the
// queue, keeping its place (queue time), its file and its progress.
func (s *Store) RequeueEnclosure(ctx context.Context, id int64) error {
	return s.updateEnclosure(ctx, "requeue", id, `UPDATE enclosures SET status = 'queued', claimed_by = '',
		queued_at = coalesce(queued_at, ?) WHERE id = ? AND status = 'downloading'`, s.now().Unix(), id)
}

// SetEnclosureProgress records a running transfer's files and progress.
func (s *Store) SetEnclosureProgress(ctx context.Context, id int64, p EnclosureProgress) error {
	return s.updateEnclosure(ctx, "progress of", id, `UPDATE enclosures SET path = ?, part_path = ?, validator = ?,
		bytes_done = ?, bytes_total = ? WHERE id = ?`, p.Path, p.PartPath, p.Validator, p.BytesDone, p.BytesTotal, id)
}

// FinishEnclosure records how a transfer ended. It fails with ErrNotFound
// when the enclosure is gone (its item was purged meanwhile), so the caller
// can delete the file it wrote.
func (s *Store) FinishEnclosure(ctx context.Context, id int64, o EnclosureOutcome) error {
	switch o.Status {
	case EnclosureDownloaded, EnclosureFailed, EnclosureBlocked:
	default:
		return fmt.Errorf("finish enclosure %d: %w: status %q", id, ErrInvalid, o.Status)
	}
	return s.updateEnclosure(ctx, "finish", id, `UPDATE enclosures SET status = ?, error = ?, path = ?, part_path = ?,
		validator = ?, bytes_done = ?, bytes_total = ?, claimed_by = '' WHERE id = ?`,
		o.Status, o.Error, o.Path, o.PartPath, o.Validator, o.BytesDone, o.BytesTotal, id)
}

// updateEnclosure runs one UPDATE of enclosure id; ErrNotFound when no row
// changed.
func (s *Store) updateEnclosure(ctx context.Context, what string, id int64, query string, args ...any) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s enclosure %d: %w", what, id, err)
	}
	return nil
}

// EnclosurePathsInUse reports whether an enclosure other than exceptID
// records one of paths as its file or its partial file, so that a name is
// never given out while another enclosure's record points at it.
func (s *Store) EnclosurePathsInUse(ctx context.Context, exceptID int64, paths ...string) (bool, error) {
	if len(paths) == 0 {
		return false, nil
	}
	args := []any{exceptID}
	for range 2 {
		for _, p := range paths {
			args = append(args, p)
		}
	}
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM enclosures WHERE id <> ?
		AND (path IN (`+marks(len(paths))+`) OR part_path IN (`+marks(len(paths))+`))`, args...).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("enclosure paths %v: %w", paths, err)
	}
	return n > 0, nil
}

// returningIDs runs an UPDATE … RETURNING id and collects the ids.
func returningIDs(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// inBatches calls fn with ids cut into batches of at most idBatch. A nil
// slice is one call with nil (no filter); an empty one selects nothing, so
// fn is not called.
func inBatches(ids []int64, fn func(part []int64) error) error {
	if ids == nil {
		return fn(nil)
	}
	for len(ids) > 0 {
		n := min(idBatch, len(ids))
		if err := fn(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

func marks(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

func appendIDs(args []any, ids []int64) []any {
	for _, id := range ids {
		args = append(args, id)
	}
	return args
}
