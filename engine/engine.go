package engine

import (
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/machine"
	"github.com/tidings-rss/tidings/store"
)

// Options are the engine's injectable parts; zero values give the real ones.
type Options struct {
	// Version goes into the User-Agent.
	Version string
	// Transport carries the requests (tests use a recording one).
	Transport http.RoundTripper
	// Clock is the time source (tests use a fake).
	Clock Clock
	// Salt returns a random fraction in [0, 1); it is scaled to [0, 10%].
	Salt func() float64
	// Owner names this process in feed and enclosure claims; default
	// store.CurrentOwner (host, pid and start time, so that the claims of
	// a process that died are void at once).
	Owner string
	// Logger receives the engine's log; default discards.
	Logger *slog.Logger
	// ClaimLease is how long a feed claim lasts unless released; default
	// twice the response timeout plus the connect timeout, the command
	// timeout (a filter feed's command runs while it is claimed) and a
	// minute.
	ClaimLease time.Duration
	// EnclosureChunkBytes is the size of one Range request of an
	// enclosure transfer; default 1 MiB.
	EnclosureChunkBytes int64
	// Machine names where the route table, the power supplies and the
	// metered state are read (tests use fake ones); zero: the system's.
	Machine machine.Options
}

// Clock is the engine's time source; tests inject a fake.
type Clock = fetch.Clock

// Engine downloads feeds politely into a store: one door for every request
// it makes (fetch), schedules after the platform's rules, and events for
// every download.
type Engine struct {
	store *store.Store
	cfg   config.Config
	http  *fetch.Client
	clock Clock
	salt  func() float64
	owner string
	log   *slog.Logger
	lease time.Duration
	// parse reads a feed body (feed.ParseWith; tests count its calls).
	parse  func(io.Reader, feed.Options) (*document.Document, error)
	events chan Event
	// dropped counts events no one was reading.
	dropped atomic.Int64
	// enclosures downloads enclosures.
	enclosures *enclosure.Downloader
	// syncing holds the ids of the feeds this engine is syncing now, so
	// that two runs of one process (a refresh pressed while the last one
	// still runs, the scheduler's tick) never sync one feed at once: the
	// claim in the store only keeps other processes out.
	syncing sync.Map
	// machine says whether there is a default route, battery, metering.
	machine *machine.Machine
	// net is the offline and deferred state of the scheduler.
	net netState
	// probes counts the offline checks, to take the due hosts in turn.
	probes atomic.Int64
	// account is the account on a feed-sync server, nil without one.
	account *account.Account
}

// New returns an engine over st configured by cfg.
func New(st *store.Store, cfg config.Config, opts Options) *Engine {
	if opts.Clock == nil {
		opts.Clock = fetch.RealClock{}
	}
	if opts.Salt == nil {
		opts.Salt = rand.Float64
	}
	if opts.Owner == "" {
		opts.Owner = store.CurrentOwner().String()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := cfg.Sync
	if opts.ClaimLease <= 0 {
		opts.ClaimLease = 2*s.ResponseTimeout + s.ConnectTimeout + s.CommandTimeout + time.Minute
	}
	e := &Engine{
		store: st,
		cfg:   cfg,
		http: fetch.New(fetch.Options{
			Transport: opts.Transport, UserAgent: s.UserAgentFor(opts.Version), Clock: opts.Clock,
			ConnectTimeout: s.ConnectTimeout, ResponseTimeout: s.ResponseTimeout, MaxBody: s.MaxBodyBytes,
			BucketInitial: s.BucketInitial, BucketCapacity: s.BucketCapacity, BucketRefillPerSecond: s.BucketRefillPerSecond,
			InFlight: s.DownloadThreads, PerHost: s.PerHostConnections,
		}),
		clock:  opts.Clock,
		salt:   func() float64 { return opts.Salt() * maxSalt },
		owner:  opts.Owner,
		log:    opts.Logger,
		lease:  opts.ClaimLease,
		parse:  feed.ParseWith,
		events: make(chan Event, 1024),
	}
	e.machine = machine.New(opts.Machine)
	e.enclosures = enclosure.New(enclosure.Options{
		Store: st, Config: cfg.Enclosures, Idle: s.ResponseTimeout, HTTP: e.http,
		Now: opts.Clock.Now, Log: opts.Logger, Emit: func(ev enclosure.Event) { e.emit(ev) },
		ChunkBytes: opts.EnclosureChunkBytes, Owner: opts.Owner,
	})
	e.account = e.newAccount(nil)
	return e
}

// Events delivers the engine's events. The channel is buffered; when no
// one reads it, events are dropped rather than stalling downloads.
func (e *Engine) Events() <-chan Event { return e.events }

func (e *Engine) emit(ev Event) {
	select {
	case e.events <- ev:
	default:
		e.dropped.Add(1)
	}
}
