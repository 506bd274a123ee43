package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

// ErrNoAccount means no [remote] account is configured.
var ErrNoAccount = errors.New("no account configured ([remote] in the config)")

// newAccount makes the configured account over svc (nil: the one
// [remote] names), nil when there is none.
func (e *Engine) newAccount(svc remote.Service) *account.Account {
	return account.New(account.Options{Store: e.store, Config: e.cfg, Service: svc, HTTP: e.http,
		Clock: e.clock, Owner: e.owner, Lease: e.lease, OfflineRetry: checkInterval, Log: e.log,
		Engine: accountHost{e}})
}

// HasAccount reports whether an account is configured.
func (e *Engine) HasAccount() bool { return e.account != nil }

// SyncAccount syncs the account with its server (account.Account.Sync):
// push the changes made here, then pull subscriptions, items and states.
// It sends AccountSyncing and AccountSynced around a sync that began.
func (e *Engine) SyncAccount(ctx context.Context) account.Result {
	if e.account == nil {
		return account.Result{URL: e.cfg.Remote.URL, Err: ErrNoAccount}
	}
	return e.account.Sync(ctx)
}

// AccountDue reports when the account's next automatic sync is due (now
// or in the past when due; the zero time without an account).
func (e *Engine) AccountDue(ctx context.Context) (time.Time, error) {
	if e.account == nil {
		return time.Time{}, nil
	}
	return e.account.Due(ctx)
}

// AccountStatus returns the account's last sync, pending changes and last
// error; ok is false without an account.
func (e *Engine) AccountStatus(ctx context.Context) (st account.Status, ok bool, err error) {
	if e.account == nil {
		return st, false, nil
	}
	st, err = e.account.Status(ctx)
	return st, true, err
}

// accountNextWhy is the health view's next sync of a feed of the account:
// the account's, with its state (the server fetches the feed itself).
func (e *Engine) accountNextWhy(ctx context.Context) (*time.Time, string) {
	if e.account == nil {
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

// runAccount syncs the account whenever it is due, until ctx ends; the
// channel closes when it stopped. While [sync] on_battery or on_metered
// defers automatic syncs, the account's wait too (checked every minute).
func (e *Engine) runAccount(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		var notBefore time.Time // a skipped or failed round never repeats at once
		for e.account != nil {
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
func (e *Engine) noteAccountRound(ctx context.Context, res account.Result) {
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
