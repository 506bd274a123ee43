package engine

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tidings-rss/tidings/store"
)

// Tick is how often the scheduler looks for due feeds (the platform's
// scheduled task recurs every 5 minutes).
const Tick = 5 * time.Minute

// SyncFeeds downloads feeds concurrently within the engine's limits and
// returns their results in the order given; done, when not nil, is called
// as each one ends. With force the schedule is ignored (a user's refresh);
// without it a feed is downloaded only if still due when its turn comes.
// A feed of the account is never fetched here: it is skipped (its server
// fetches it; SyncAccount brings its items).
func (e *Engine) SyncFeeds(ctx context.Context, feeds []store.Feed, force bool, done func(Result)) []Result {
	results := make([]Result, len(feeds))
	since := e.clock.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, f := range feeds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := Result{FeedID: f.ID, URL: f.URL, Skipped: true}
			if !f.Remote() {
				r = e.syncFeed(ctx, f, force, since)
			}
			results[i] = r
			if done != nil {
				mu.Lock()
				done(r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return results
}

// SyncDue downloads every feed that is due now, most overdue first.
func (e *Engine) SyncDue(ctx context.Context, done func(Result)) ([]Result, error) {
	feeds, err := e.store.DueFeeds(ctx, e.clock.Now())
	if err != nil {
		return nil, fmt.Errorf("sync due feeds: %w", err)
	}
	return e.SyncFeeds(ctx, feeds, false, done), nil
}

// SyncAll downloads every feed whose sync setting is not manual, ignoring
// schedule and TTL (the platform's AsyncSyncAll).
func (e *Engine) SyncAll(ctx context.Context, done func(Result)) ([]Result, error) {
	feeds, err := e.store.AutoFeeds(ctx)
	if err != nil {
		return nil, fmt.Errorf("sync all feeds: %w", err)
	}
	return e.SyncFeeds(ctx, feeds, true, done), nil
}

// Run is the scheduler: it downloads the due feeds, then sleeps until the
// next tick or the next feed falls due, whichever is sooner, until ctx ends.
// The account, when one is configured, syncs beside it on its own interval.
func (e *Engine) Run(ctx context.Context) error {
	accountDone := e.runAccount(ctx)
	defer func() { <-accountDone }()
	for {
		if _, err := e.SyncDue(ctx, nil); err != nil {
			e.log.Error("scheduler", "err", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-e.clock.After(e.untilNext(ctx)):
		}
	}
}

// untilNext is the scheduler's sleep: a tick, or less when a feed (or a
// retry) falls due sooner; never less than a second.
func (e *Engine) untilNext(ctx context.Context) time.Duration {
	wait := Tick
	next, err := e.store.NextDue(ctx)
	if err == nil && next != nil {
		wait = min(wait, next.Sub(e.clock.Now()))
	}
	return max(wait, time.Second)
}
