package account

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

// Engine is what an account needs of the engine that runs it: the
// events of a sync, a feed's item limit, and the enclosures of what the
// server sent and took back.
type Engine interface {
	// Syncing is told that a sync of the account began (its claim held).
	Syncing(url string)
	// Synced is told how a sync that began ended.
	Synced(ctx context.Context, res Result)
	// Failed is told of the error a sync could not begin with (its
	// claim's).
	Failed(err error)
	// MaxItems is the number of items a feed keeps.
	MaxItems(f store.Feed) int
	// RemoveFiles removes the enclosure files the store let go.
	RemoveFiles(paths []string)
	// QueueEnclosures queues the enclosures of a feed's new and changed
	// items.
	QueueEnclosures(ctx context.Context, f store.Feed, items []int64)
}

// Options are what an account is made of.
type Options struct {
	// Store holds the account's feeds, items, journal and sync state.
	Store *store.Store
	// Config is tidings' configuration: [remote] is the account, and its
	// feeds' enclosures follow [enclosures].
	Config config.Config
	// Service speaks to the account's server; nil: one is opened for
	// Config.Remote through HTTP.
	Service remote.Service
	// HTTP is the one door for requests.
	HTTP *fetch.Client
	// Clock is the time source.
	Clock fetch.Clock
	// Owner names this process in the account's claim; Lease is how long
	// the claim lasts unless released.
	Owner string
	Lease time.Duration
	// OfflineRetry is how soon a sync that found the server unreachable
	// is tried again.
	OfflineRetry time.Duration
	// Log receives the account's log.
	Log *slog.Logger
	// Engine runs the account.
	Engine Engine
}

// Account is the account on a feed-sync server ([remote]): its syncs, and
// the actions on its feeds that its server decides.
type Account struct {
	store *store.Store
	svc   remote.Service
	cfg   config.Config
	clock fetch.Clock
	owner string
	lease time.Duration
	retry time.Duration
	log   *slog.Logger
	eng   Engine
	// busy is set while this process syncs the account: the claim in the
	// store only keeps other processes out.
	busy atomic.Bool
}

// New returns the configured account, nil when there is none or its
// service cannot be opened (logged).
func New(o Options) *Account {
	r := o.Config.Remote
	if o.Service == nil && r.Enabled() {
		ro := remote.Options{Type: r.Type, URL: r.URL, User: r.User, Secret: r.Secret,
			Token: r.Token, HTTP: o.HTTP, Timeout: o.Config.Sync.ResponseTimeout, MaxItems: r.MaxItems,
			Keep: keeper{o.Store, accountKey(o.Config)}, Held: held(o.Store)}
		if o.Clock != nil {
			ro.Now = o.Clock.Now
		}
		s, err := remote.New(ro)
		if err != nil {
			o.Log.Error("remote account", "remote", r, "err", err)
			return nil
		}
		o.Service = s
	}
	if o.Service == nil {
		return nil
	}
	return &Account{store: o.Store, svc: o.Service, cfg: o.Config, clock: o.Clock, owner: o.Owner,
		lease: o.Lease, retry: o.OfflineRetry, log: o.Log, eng: o.Engine}
}

// URL is the account's URL.
func (a *Account) URL() string { return a.cfg.Remote.URL }

// key names the account whose state the store holds.
func (a *Account) key() string { return accountKey(a.cfg) }

// accountKey names the configured account: "type url user".
func accountKey(cfg config.Config) string {
	r := cfg.Remote
	return r.Type + " " + r.URL + " " + r.User
}

// keeper keeps what the account's protocol remembers between runs in the
// store, under the account's name: another account's is never handed
// out, and goes when the store adopts another account. Its values may be
// secrets (a session id): they go to the protocol only.
type keeper struct {
	store *store.Store
	key   string
}

func (k keeper) Kept(ctx context.Context, name string) (string, error) {
	return k.store.RemoteKept(ctx, k.key, name)
}

func (k keeper) Keep(ctx context.Context, name, value string) error {
	return k.store.KeepRemote(ctx, k.key, name, value)
}

// held returns the account's items the store holds, for a protocol that
// compares the server's counts with them.
func held(st *store.Store) func(context.Context) (map[string]remote.Held, error) {
	return func(ctx context.Context) (map[string]remote.Held, error) {
		items, err := st.HeldRemoteItems(ctx)
		if err != nil {
			return nil, err
		}
		out := make(map[string]remote.Held, len(items))
		for id, it := range items {
			out[id] = remote.Held{FeedID: it.FeedID, State: remote.State{Read: it.Read, Starred: it.Flagged}}
		}
		return out, nil
	}
}

// offline is the account's offline verdict, the same rule as for a
// feed's request: the server was never reached (fetch.IsNetworkError: no
// route, name, refused, a connect timeout).
func offline(err error) bool { return fetch.IsNetworkError(err) }
