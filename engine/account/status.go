package account

import (
	"context"
	"fmt"
	"time"
)

// Status is the account's state for the reader's status line.
type Status struct {
	URL        string
	LastSyncAt *time.Time
	Pending    int
	LastError  string
	Offline    bool
}

// Status returns the account's last sync, pending changes and last error.
func (a *Account) Status(ctx context.Context) (Status, error) {
	acct, err := a.store.RemoteAccount(ctx)
	if err != nil {
		return Status{}, fmt.Errorf("account status: %w", err)
	}
	st := Status{URL: a.URL(), Pending: acct.Pending, LastError: acct.LastError, Offline: acct.Offline}
	if acct.Account == a.key() {
		st.LastSyncAt = acct.LastSyncAt
	}
	return st, nil
}

// Due reports when the account's next automatic sync is due (now or in
// the past when due): its interval after the last attempt, or
// OfflineRetry after an attempt that found its server unreachable.
func (a *Account) Due(ctx context.Context) (time.Time, error) {
	acct, err := a.store.RemoteAccount(ctx)
	if err != nil {
		return time.Time{}, err
	}
	if acct.Account != a.key() && acct.Account != "" || acct.LastAttemptAt == nil {
		return a.clock.Now(), nil // never tried, or another account's state
	}
	if acct.Offline { // as the scheduler does offline: check every OfflineRetry
		return acct.LastAttemptAt.Add(a.retry), nil
	}
	return acct.LastAttemptAt.Add(time.Duration(a.cfg.Remote.IntervalMinutes) * time.Minute), nil
}
