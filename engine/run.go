package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/engine/machine"
	"github.com/tidings-rss/tidings/store"
)

// tick is how often the scheduler looks for due feeds (the platform's
// scheduled task recurs every 5 minutes).
const tick = 5 * time.Minute

// checkInterval is how often the scheduler checks, while offline or
// deferred, whether it can sync again.
const checkInterval = time.Minute

// SyncFeeds downloads feeds concurrently within the engine's limits and
// returns their results in the order given; done, when not nil, is called
// as each one ends. With force the schedule is ignored (a user's refresh);
// without it a feed is downloaded only if still due when its turn comes.
//
// At most syncWorkers feeds are under way at once, taken in order but
// skipping past feeds whose host is busy, so memory stays flat in the
// number of feeds and no worker waits on a busy host.
//
// The feeds are one round: when no request reached a server and the
// failures at the network (or at a captive portal) span at least two
// hosts, the round is offline — those failures are not recorded (their
// results carry ErrOffline and Offline), the feeds stay due, and the
// engine sends Offline. Without a default route, feeds on hosts that need
// one are not tried at all.
//
// Once offline, one unreachable host is enough: a user's refresh of one
// feed then does not push that feed's schedule out either.
//
// A fault of the database (DatabaseFault) stops the run: the feeds not yet
// done end canceled.
//
// A feed of the account is never fetched here: it is skipped (its server
// fetches it; SyncAccount brings its items) and takes no part in the round.
//
// Once every feed of a round that was not offline is recorded, the round
// fetches the queued articles (those of new items of feeds with full
// text, at most maxArticlesPerRound; see fetchQueuedArticles) and gives
// each feed's Result the results of its items: pages never hold up a
// feed, and no feed's claim is held while they download.
func (e *Engine) SyncFeeds(ctx context.Context, feeds []store.Feed, force bool, done func(Result)) []Result {
	minHosts := 2
	if offline, _ := e.Offline(); offline {
		minHosts = 1
	}
	return e.syncRound(ctx, feeds, force, done, minHosts)
}

// syncRound is SyncFeeds with the number of hosts an offline verdict
// needs (1 for the probe of a single feed while offline).
func (e *Engine) syncRound(ctx context.Context, feeds []store.Feed, force bool, done func(Result), minHosts int) []Result {
	ctx, abort := context.WithCancelCause(ctx)
	defer abort(nil)
	results := make([]Result, len(feeds))
	since := e.clock.Now()
	roundCtx, stop := context.WithCancel(ctx)
	defer stop()
	rd := newRound(countLocal(feeds), minHosts, stop)
	noRoute := e.noDefaultRoute(feeds)
	finish := func(i int, r Result) {
		results[i] = r
		if done != nil {
			done(r)
		}
	}
	// The feeds fetched, by their index in feeds and their URL: the
	// round holds no copy of a feed's row (it reads it again when it
	// claims the feed), so its memory does not grow by a row per feed.
	index := make([]int, 0, len(feeds))
	urls := make([]string, 0, len(feeds))
	for i, f := range feeds {
		if f.Remote() {
			finish(i, Result{FeedID: f.ID, URL: f.URL, Skipped: true})
			continue
		}
		if host := hostOf(f.FetchURL()); noRoute && !machine.Local(host) {
			rd.skip(host)
			finish(i, Result{FeedID: f.ID, URL: f.URL, Skipped: true, Offline: true})
			continue
		}
		index = append(index, i)
		urls = append(urls, placeOf(f))
	}
	d := newDispatch(urls, e.cfg.Sync.PerHostConnections)
	workers := syncWorkers(e.cfg.Sync.DownloadThreads)
	// A feed whose failure is held as evidence of being offline waits for
	// the round's verdict, which may need feeds not yet started: it parks,
	// giving its worker and its host's place to the next feed.
	type event struct {
		j      int
		r      Result
		end    bool // the feed is done (else it parked)
		parked bool // an ended feed had parked before
	}
	events := make(chan event)
	under, running := 0, 0 // feeds handed out and not done; of those, not parked
	for d.left > 0 || under > 0 {
		for running < workers {
			j, ok := d.next()
			if !ok {
				break
			}
			running++
			under++
			go func() {
				s := &seat{r: rd, park: func() { events <- event{j: j} }}
				r := e.syncFeed(withSeat(roundCtx, s), feeds[index[j]], force, since)
				s.settle(false)
				if store.IsDatabaseFault(r.Err) {
					abort(r.Err) // the database fails every feed alike: stop the run
				}
				events <- event{j: j, r: e.roundResult(ctx, rd, r), end: true, parked: s.parked}
			}()
		}
		ev := <-events
		if ev.end {
			under--
			finish(index[ev.j], ev.r)
		}
		if !ev.parked {
			running--
			d.done(ev.j)
		}
	}
	e.concludeRound(ctx, rd, results)
	e.announce(results)
	if !rd.verdict() && ctx.Err() == nil {
		attachArticles(results, e.fetchQueuedArticles(ctx))
	}
	return results
}

// noDefaultRoute reports whether some of feeds need a default route and
// the machine has none (the table is read only when a feed needs it).
func (e *Engine) noDefaultRoute(feeds []store.Feed) bool {
	for _, f := range feeds {
		if !f.Remote() && !machine.Local(hostOf(f.FetchURL())) {
			return e.machine.NoDefaultRoute()
		}
	}
	return false
}

// countLocal is the number of feeds tidings fetches itself.
func countLocal(feeds []store.Feed) int {
	n := 0
	for _, f := range feeds {
		if !f.Remote() {
			n++
		}
	}
	return n
}

// roundResult marks a feed's result in its round: a failure not recorded
// is Offline; a feed the offline verdict stopped before it started is
// Offline and Skipped, with no error.
func (e *Engine) roundResult(ctx context.Context, rd *round, r Result) Result {
	switch {
	case errors.Is(r.Err, ErrOffline):
		r.Offline = true
	case r.Err != nil && ctx.Err() == nil && rd.stopped() && errors.Is(r.Err, context.Canceled):
		r.Err, r.Offline, r.Skipped = nil, true, true
	}
	return r
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

// Run is the scheduler: on each wake it downloads the due feeds, then
// sleeps until the next tick or the next feed falls due, whichever is
// sooner, until ctx ends. While automatic sync is deferred (on battery,
// on a metered network) it downloads nothing; while offline it first
// checks, cheaply, that the network is back. In both states it wakes
// every minute, so that it catches up as soon as it can.
//
// The account, when one is configured, syncs beside it on its own
// interval (runAccount).
func (e *Engine) Run(ctx context.Context) error {
	accountDone := e.runAccount(ctx)
	defer func() { <-accountDone }()
	for {
		e.wake(ctx)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-e.clock.After(e.untilNext(ctx)):
		}
	}
}

// wake is one pass of the scheduler.
func (e *Engine) wake(ctx context.Context) {
	if reason := e.Deferred(ctx); reason != "" {
		e.noteDeferred(ctx, reason)
		return
	}
	e.noteResumed()
	if offline, _ := e.Offline(); offline && !e.backOnline(ctx) {
		return
	}
	if _, err := e.SyncDue(ctx, nil); err != nil {
		e.log.Error("scheduler", "err", err)
	}
}

// untilNext is the scheduler's sleep: a tick, or less when a feed (or a
// retry) falls due sooner; never less than a second. Offline or deferred,
// it is the minute between checks.
func (e *Engine) untilNext(ctx context.Context) time.Duration {
	if e.waiting() {
		return checkInterval
	}
	wait := tick
	next, err := e.store.NextDue(ctx)
	if err == nil && next != nil {
		wait = min(wait, next.Sub(e.clock.Now()))
	}
	return max(wait, time.Second)
}
