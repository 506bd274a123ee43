package engine

import (
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/tidings-rss/tidings/config"
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
}

// Engine downloads feeds politely into a store: one token bucket and one
// in-flight limit for every request it makes, schedules after the
// platform's rules, and events for every download.
type Engine struct {
	store   *store.Store
	cfg     config.Config
	fetch   *fetcher
	clock   Clock
	salt    func() float64
	bucket  *TokenBucket
	limiter *Limiter
	events  chan Event
	owner   string
	log     *slog.Logger
	// parse reads a feed body (Parse; tests count its calls).
	parse func(io.Reader) (*store.Document, error)
	// dropped counts events no one was reading.
	dropped atomic.Int64
	// dl downloads enclosures.
	dl *downloader
}

// New returns an engine over st configured by cfg.
func New(st *store.Store, cfg config.Config, opts Options) *Engine {
	if opts.Clock == nil {
		opts.Clock = RealClock{}
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
	if opts.Transport == nil {
		opts.Transport = newTransport(cfg.Sync.ConnectTimeout)
	}
	s := cfg.Sync
	e := &Engine{
		store: st,
		cfg:   cfg,
		fetch: &fetcher{
			transport: opts.Transport,
			userAgent: s.UserAgentFor(opts.Version),
			timeout:   s.ResponseTimeout,
			maxBody:   s.MaxBodyBytes,
		},
		clock:   opts.Clock,
		salt:    func() float64 { return opts.Salt() * maxSalt },
		bucket:  NewTokenBucket(opts.Clock, s.BucketInitial, s.BucketCapacity, s.BucketRefillPerSecond),
		limiter: NewLimiter(s.DownloadThreads, s.PerHostConnections),
		events:  make(chan Event, 1024),
		owner:   opts.Owner,
		log:     opts.Logger,
		parse:   Parse,
	}
	e.dl = newDownloader(st, cfg, opts.Transport, s.UserAgentFor(opts.Version), opts.Clock, opts.Logger, e.emit)
	return e
}

// newTransport is http.DefaultTransport's setup with tidings' connect
// timeout. Compression is handled by the engine, which asks for it itself.
func newTransport(connect time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext
	t.TLSHandshakeTimeout = connect
	t.MaxIdleConnsPerHost = 2
	return t
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
