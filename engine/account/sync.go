package account

import (
	"context"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// Sync syncs the account with its server: it pushes the changes made here
// (read, unread, flag, unflag) in batches, then pulls the subscriptions
// (added, removed, renamed, moved), then the items tidings lacks and the
// read and starred state of those it holds. Changes made here go first,
// so the later action as the server saw it wins. A server that cannot be
// reached makes an offline round: nothing local is lost and pending
// changes wait. Another process syncing the account makes this one skip.
func (a *Account) Sync(ctx context.Context) Result {
	res := Result{URL: a.URL()}
	if !a.busy.CompareAndSwap(false, true) {
		res.Skipped = true // this process is syncing it already (R during a scheduled sync)
		return res
	}
	defer a.busy.Store(false)
	claimed, err := a.claim(ctx)
	if err != nil || !claimed {
		res.Err, res.Skipped = err, err == nil
		a.eng.Failed(res.Err)
		return res
	}
	defer a.store.ReleaseRemote(context.WithoutCancel(ctx), a.owner)
	a.eng.Syncing(res.URL)
	cursor, err := a.sync(ctx, &res)
	a.finish(ctx, &res, cursor, err)
	a.eng.Synced(ctx, res)
	return res
}

// claim claims the account for this process. A claim left by a process
// that is gone (killed while it synced) is void at once
// (store.OwnerAlive), as a feed's is.
func (a *Account) claim(ctx context.Context) (bool, error) {
	now := a.clock.Now()
	claimed, holder, err := a.store.ClaimRemote(ctx, a.owner, now, now.Add(a.lease))
	if err == nil && !claimed {
		a.log.Info("remote: another process is syncing the account", "owner", holder)
	}
	return claimed, err
}

// sync pushes, then pulls, and returns the pull's cursor. The journal of
// an account configured before this one is never pushed to this one:
// once this server answered, the former account's feeds become local and
// its journal goes (store.AdoptRemoteAccount).
func (a *Account) sync(ctx context.Context, res *Result) (string, error) {
	acct, err := a.store.RemoteAccount(ctx)
	if err != nil {
		return "", err
	}
	same := acct.Account == a.key() || acct.Account == ""
	if same {
		if err := a.pushChanges(ctx, res); err != nil {
			return "", err
		}
	}
	if err := a.pullFeeds(ctx, res); err != nil {
		return "", err
	}
	return a.pullItems(ctx, res)
}

// finish records how the sync ended.
func (a *Account) finish(ctx context.Context, res *Result, cursor string, err error) {
	if err != nil && fetch.KindOf(err) != fetch.KindCanceled {
		res.Err, res.Offline = err, offline(err)
		a.log.Warn("remote sync", "remote", a.cfg.Remote, "offline", res.Offline, "err", err)
	} else if err != nil {
		res.Err = err
	}
	out := store.RemoteOutcome{At: a.clock.Now(), Cursor: cursor, Offline: res.Offline}
	if res.Err != nil {
		out.Err = res.Err.Error()
	}
	if rerr := a.store.RecordRemoteSync(context.WithoutCancel(ctx), out); rerr != nil {
		a.log.Error("record remote sync", "err", rerr)
	}
	if acct, aerr := a.store.RemoteAccount(context.WithoutCancel(ctx)); aerr == nil {
		res.Pending = acct.Pending
	}
}
