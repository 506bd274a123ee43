package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

// ErrNoAccount means no [remote] account is configured.
var ErrNoAccount = errors.New("no account configured ([remote] in the config)")

// AccountResult is what one sync of the account did.
type AccountResult struct {
	// URL is the account's URL.
	URL string
	// Skipped is true when another process was syncing the account.
	Skipped bool
	// Pushed counts the changes the server acknowledged; Pending those
	// still waiting to be pushed.
	Pushed, Pending int
	// The subscriptions added, removed, and renamed or moved here.
	FeedsAdded, FeedsRemoved, FeedsChanged int
	// The items that arrived or changed, and those whose read or flag
	// state the server changed.
	NewItems, UpdatedItems, StateChanges int
	// Offline is true when the server could not be reached: the round
	// ends with nothing lost and the changes kept for the next sync.
	Offline bool
	// Notices are lines for the user about what the server sent and was
	// not taken (a subscription with the URL of a local feed, one whose
	// URL is refused), one line each, plain text.
	Notices []string
	// Err is nil on success.
	Err error
}

// HasAccount reports whether an account is configured.
func (e *Engine) HasAccount() bool { return e.remote != nil }

// accountKey names the account whose state the store holds.
func (e *Engine) accountKey() string {
	r := e.cfg.Remote
	return r.Type + " " + r.URL + " " + r.User
}

// newService opens the configured account, nil when there is none.
func (e *Engine) newService() remote.Service {
	r := e.cfg.Remote
	if !r.Enabled() {
		return nil
	}
	s, err := remote.New(remote.Options{Type: r.Type, URL: r.URL, User: r.User, Secret: r.Secret,
		Token: r.Token, HTTP: e.http, Timeout: e.cfg.Sync.ResponseTimeout, MaxItems: r.MaxItems})
	if err != nil {
		e.log.Error("remote account", "remote", r, "err", err)
		return nil
	}
	return s
}

// accountOffline is the account's offline verdict, the same rule as for
// a feed's request: the server was never reached (fetch.IsNetworkError:
// no route, name, refused, a connect timeout).
func accountOffline(err error) bool { return fetch.IsNetworkError(err) }

// SyncAccount syncs the account with its server: it pushes the changes
// made here (read, unread, flag, unflag) in batches, then pulls the
// subscriptions (added, removed, renamed, moved), then the items tidings
// lacks and the read and starred state of those it holds. Changes made
// here go first, so the later action as the server saw it wins. A server
// that cannot be reached makes an offline round: nothing local is lost
// and pending changes wait. Another process syncing the account makes
// this one skip.
func (e *Engine) SyncAccount(ctx context.Context) AccountResult {
	res := AccountResult{URL: e.cfg.Remote.URL}
	if e.remote == nil {
		res.Err = ErrNoAccount
		return res
	}
	if !e.accountBusy.CompareAndSwap(false, true) {
		res.Skipped = true // this process is syncing it already (R during a scheduled sync)
		return res
	}
	defer e.accountBusy.Store(false)
	claimed, err := e.claimAccount(ctx)
	if err != nil || !claimed {
		res.Err, res.Skipped = err, err == nil
		e.announceFault(res.Err)
		return res
	}
	defer e.store.ReleaseRemote(context.WithoutCancel(ctx), e.owner)
	e.emit(AccountSyncing{URL: res.URL})
	cursor, err := e.syncAccount(ctx, &res)
	e.finishAccount(ctx, &res, cursor, err)
	e.noteAccountRound(ctx, res)
	e.announceFault(res.Err)
	e.emit(AccountSynced{Result: res})
	return res
}

// announceFault sends DatabaseFailed when err is a fault of the database
// (locked, read-only, disk full), as a run of feeds does.
func (e *Engine) announceFault(err error) {
	var de *store.DatabaseError
	if errors.As(err, &de) {
		e.emit(DatabaseFailed{Err: de})
	}
}

// noteAccountRound tells the engine's offline state what the account's
// sync learnt, as a round of feeds does: a server that could not be
// reached is an offline round (Offline, and no failure counted), a server
// that answered — even to refuse — means the network is there (Online).
func (e *Engine) noteAccountRound(ctx context.Context, res AccountResult) {
	var re *remote.Error
	switch {
	case res.Offline:
		_, waiting := e.Offline()
		e.NoteOffline(max(waiting, e.dueCount(ctx)+e.accountFeeds(ctx)))
	case res.Err == nil, errors.As(res.Err, &re) && re.Status != 0:
		e.NoteOnline()
	}
}

// accountFeeds is the number of the account's feeds (0 when the store
// cannot say): what waits for its server.
func (e *Engine) accountFeeds(ctx context.Context) int {
	feeds, err := e.store.Feeds(context.WithoutCancel(ctx))
	if err != nil {
		e.log.Warn("count the account's feeds", "err", err)
	}
	n := 0
	for _, f := range feeds {
		if f.Remote() {
			n++
		}
	}
	return n
}

// claimAccount claims the account for this process. A claim left by a
// process that is gone (killed while it synced) is void at once
// (store.OwnerAlive), as a feed's is.
func (e *Engine) claimAccount(ctx context.Context) (bool, error) {
	now := e.clock.Now()
	claimed, holder, err := e.store.ClaimRemote(ctx, e.owner, now, now.Add(e.lease))
	if err == nil && !claimed {
		e.log.Info("remote: another process is syncing the account", "owner", holder)
	}
	return claimed, err
}

// syncAccount pushes, then pulls, and returns the pull's cursor. The
// journal of an account configured before this one is never pushed to
// this one: once this server answered, the former account's feeds become
// local and its journal goes (store.AdoptRemoteAccount).
func (e *Engine) syncAccount(ctx context.Context, res *AccountResult) (string, error) {
	acct, err := e.store.RemoteAccount(ctx)
	if err != nil {
		return "", err
	}
	same := acct.Account == e.accountKey() || acct.Account == ""
	if same {
		if err := e.pushChanges(ctx, res); err != nil {
			return "", err
		}
	}
	if err := e.pullFeeds(ctx, res); err != nil {
		return "", err
	}
	return e.pullItems(ctx, res)
}

// finishAccount records how the sync ended.
func (e *Engine) finishAccount(ctx context.Context, res *AccountResult, cursor string, err error) {
	if err != nil && fetch.KindOf(err) != fetch.KindCanceled {
		res.Err, res.Offline = err, accountOffline(err)
		e.log.Warn("remote sync", "remote", e.cfg.Remote, "offline", res.Offline, "err", err)
	} else if err != nil {
		res.Err = err
	}
	out := store.RemoteOutcome{At: e.clock.Now(), Cursor: cursor, Offline: res.Offline}
	if res.Err != nil {
		out.Err = res.Err.Error()
	}
	if rerr := e.store.RecordRemoteSync(context.WithoutCancel(ctx), out); rerr != nil {
		e.log.Error("record remote sync", "err", rerr)
	}
	if a, aerr := e.store.RemoteAccount(context.WithoutCancel(ctx)); aerr == nil {
		res.Pending = a.Pending
	}
}

// AccountDue reports when the account's next automatic sync is due
// (now or in the past when due; the zero time without an account): its
// interval after the last attempt, or a minute (checkInterval) after an
// attempt that found its server unreachable.
func (e *Engine) AccountDue(ctx context.Context) (time.Time, error) {
	if e.remote == nil {
		return time.Time{}, nil
	}
	a, err := e.store.RemoteAccount(ctx)
	if err != nil {
		return time.Time{}, err
	}
	if a.Account != e.accountKey() && a.Account != "" || a.LastAttemptAt == nil {
		return e.clock.Now(), nil // never tried, or another account's state
	}
	if a.Offline { // as the scheduler does offline: check every minute
		return a.LastAttemptAt.Add(checkInterval), nil
	}
	return a.LastAttemptAt.Add(time.Duration(e.cfg.Remote.IntervalMinutes) * time.Minute), nil
}

// accountNextWhy is the health view's next sync of a feed of the account:
// the account's, with its state (the server fetches the feed itself).
func (e *Engine) accountNextWhy(ctx context.Context) (*time.Time, string) {
	if e.remote == nil {
		return nil, "never: a feed of an account no longer configured ([remote])"
	}
	why := "with the account's next sync: its server fetches the feed, " + e.cfg.Remote.URL + " sends its items"
	st, _, err := e.AccountStatus(ctx)
	switch {
	case err != nil:
		return nil, why
	case st.Offline:
		why += "; the server could not be reached at the last attempt"
	case st.LastError != "":
		why += "; the last sync failed: " + st.LastError
	}
	if st.Pending > 0 {
		why += fmt.Sprintf("; %d changes wait to be pushed", st.Pending)
	}
	due, err := e.AccountDue(ctx)
	if err != nil {
		return nil, why
	}
	return &due, why
}

// AccountStatus is the account's state for the reader's status line.
type AccountStatus struct {
	URL        string
	LastSyncAt *time.Time
	Pending    int
	LastError  string
	Offline    bool
}

// AccountStatus returns the account's last sync, pending changes and last
// error; ok is false without an account.
func (e *Engine) AccountStatus(ctx context.Context) (st AccountStatus, ok bool, err error) {
	if e.remote == nil {
		return st, false, nil
	}
	a, err := e.store.RemoteAccount(ctx)
	if err != nil {
		return st, true, fmt.Errorf("account status: %w", err)
	}
	st = AccountStatus{URL: e.cfg.Remote.URL, Pending: a.Pending, LastError: a.LastError, Offline: a.Offline}
	if a.Account == e.accountKey() {
		st.LastSyncAt = a.LastSyncAt
	}
	return st, true, nil
}

// runAccount syncs the account whenever it is due, until ctx ends; the
// channel closes when it stopped. While [sync] on_battery or on_metered
// defers automatic syncs, the account's wait too (checked every minute).
func (e *Engine) runAccount(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		var notBefore time.Time // a skipped or failed round never repeats at once
		for e.remote != nil {
			due, err := e.AccountDue(ctx)
			if err != nil {
				e.log.Error("remote schedule", "err", err)
				due = e.clock.Now().Add(tick)
			}
			if due.Before(notBefore) {
				due = notBefore
			}
			if wait := due.Sub(e.clock.Now()); wait > 0 {
				select {
				case <-ctx.Done():
					return
				case <-e.clock.After(wait):
				}
			}
			if ctx.Err() != nil {
				return
			}
			notBefore = e.clock.Now().Add(checkInterval)
			if reason := e.Deferred(ctx); reason != "" {
				continue // on battery or metered: wait like the feeds (a user's R still syncs)
			}
			e.SyncAccount(ctx)
			notBefore = e.clock.Now().Add(checkInterval)
		}
	}()
	return done
}
