package cli

import (
	"context"
	"fmt"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// syncAccount syncs the account beside the feeds of a sync run, when one
// is configured: always, except when only named feeds are synced and none
// of them is the account's. The channel gives the result (nil: no sync).
func (a *app) syncAccount(ctx context.Context, eng *engine.Engine, o syncOptions, feeds []store.Feed) <-chan *account.Result {
	out := make(chan *account.Result, 1)
	if !eng.HasAccount() || len(o.feeds) > 0 && !store.AnyRemote(feeds) {
		out <- nil
		return out
	}
	go func() {
		r := eng.SyncAccount(ctx)
		out <- &r
	}()
	return out
}

// printAccountResult prints the account's notices (what the server sent
// and was not taken), a line each, then says in one line on stderr how
// the account's sync failed: refused, offline (changes wait), or another
// error. The run still exits 0: the local feeds synced and nothing was
// lost.
func (a *app) printAccountResult(r *account.Result) {
	if r == nil {
		return
	}
	for _, n := range r.Notices {
		fmt.Fprintf(a.stderr, "remote %s: %s\n", r.URL, oneLine(n))
	}
	if r.Err == nil {
		return
	}
	if r.Offline {
		fmt.Fprintf(a.stderr, "remote %s: offline (%s); %s\n", oneLine(r.URL), oneLine(offlineCause(r.Err)), waiting(r.Pending))
		return
	}
	fmt.Fprintln(a.stderr, oneLine(r.Err.Error()))
}

// roundOffline reports whether the feeds of a sync run found the machine
// offline (the account's own offline line is printAccountResult's).
func roundOffline(results []engine.Result) bool {
	for _, r := range results {
		if r.Offline {
			return true
		}
	}
	return false
}

// waiting words the changes waiting to be pushed.
func waiting(n int) string {
	switch n {
	case 0:
		return "no changes wait to be pushed"
	case 1:
		return "1 change waits to be pushed"
	}
	return fmt.Sprintf("%d changes wait to be pushed", n)
}

// offlineCause is why the server could not be reached ("dial tcp …:
// connection refused").
func offlineCause(err error) string { return fetch.Reason(err) }
