package engine

import (
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/enclosure"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
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
	// Owner names this process in feed claims; default host:pid.
	Owner string
	// Logger receives the engine's log; default discards.
	Logger *slog.Logger
	// ClaimLease is how long a feed claim lasts unless released; default
	// twice the response timeout plus the connect timeout and a minute.
	ClaimLease time.Duration
	// EnclosureChunkBytes is the size of one Range request of an
	// enclosure transfer; default 1 MiB.
	EnclosureChunkBytes int64
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
	// parse reads a feed body (feed.Parse; tests count its calls).
	parse  func(io.Reader) (*store.Document, error)
	events chan Event
	// dropped counts events no one was reading.
	dropped atomic.Int64
	// enclosures downloads enclosures.
	enclosures *enclosure.Downloader
	// remote is the account on a feed-sync server, nil without one.
	remote remote.Service
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
		host, _ := os.Hostname()
		opts.Owner = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := cfg.Sync
	if opts.ClaimLease <= 0 {
		opts.ClaimLease = 2*s.ResponseTimeout + s.ConnectTimeout + time.Minute
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
		parse:  feed.Parse,
		events: make(chan Event, 1024),
	}
	e.enclosures = enclosure.New(enclosure.Options{
		Store: st, Config: cfg.Enclosures, Idle: s.ResponseTimeout, HTTP: e.http,
		Now: opts.Clock.Now, Log: opts.Logger, Emit: func(ev enclosure.Event) { e.emit(ev) },
		ChunkBytes: opts.EnclosureChunkBytes,
	})
	e.remote = e.newService()
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
