package store

import (
	"context"
	"database/sql"
	"sync"
)

// writeQueue is group commit: the writes that wait while a transaction
// runs go in the next one together, which pays one BEGIN and COMMIT (and
// rewrites the pages they share once) instead of one each.
type writeQueue struct {
	mu      sync.Mutex
	waiting []*pendingWrite
	busy    bool // a leader is running a batch
}

// pendingWrite is one caller's write, waiting in the queue.
type pendingWrite struct {
	ctx  context.Context
	fn   func(tx *sql.Tx) error
	done chan writeTurn
}

// writeTurn answers a pending write: its result, or lead when it is to
// run the next batch itself.
type writeTurn struct {
	err  error
	lead bool
}

// write runs fn in a write transaction, committed when fn returns nil;
// it returns once fn's writes are committed (or not written at all). A
// fault of the database file comes back as a *DatabaseError.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	w := &pendingWrite{ctx: ctx, fn: fn, done: make(chan writeTurn, 1)}
	q := &s.writes
	q.mu.Lock()
	q.waiting = append(q.waiting, w)
	if q.busy {
		q.mu.Unlock()
		if t := <-w.done; !t.lead {
			return t.err
		}
		q.mu.Lock()
	}
	q.busy = true
	batch := q.waiting
	q.waiting = nil
	q.mu.Unlock()

	s.runBatch(batch)

	q.mu.Lock()
	if len(q.waiting) > 0 {
		q.waiting[0].done <- writeTurn{lead: true}
	} else {
		q.busy = false
	}
	q.mu.Unlock()
	return (<-w.done).err
}

// runBatch runs the batch's writes in one transaction and answers each.
func (s *Store) runBatch(batch []*pendingWrite) {
	if len(batch) == 1 {
		w := batch[0]
		w.done <- writeTurn{err: s.writeAlone(w.ctx, w.fn)}
		return
	}
	tx, err := s.writer.BeginTx(context.WithoutCancel(batch[0].ctx), nil)
	if err != nil {
		for _, w := range batch {
			w.done <- writeTurn{err: s.fault(err)}
		}
		return
	}
	run := make([]*pendingWrite, 0, len(batch))
	failed := false
	for i, w := range batch {
		if err := w.ctx.Err(); err != nil {
			w.done <- writeTurn{err: err}
			continue
		}
		run = append(run, w)
		if err := w.fn(tx); err != nil {
			failed = true
			run = append(run, batch[i+1:]...)
			break
		}
	}
	if failed {
		tx.Rollback()
		for _, w := range run {
			w.done <- writeTurn{err: s.writeAlone(w.ctx, w.fn)}
		}
		return
	}
	err = s.fault(tx.Commit())
	for _, w := range run {
		w.done <- writeTurn{err: err}
	}
}

// writeAlone runs fn in a transaction of its own, under ctx.
func (s *Store) writeAlone(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.writer.BeginTx(ctx, nil)
	if err != nil {
		return s.fault(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return s.fault(err)
	}
	return s.fault(tx.Commit())
}
