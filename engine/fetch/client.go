package fetch

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// Options configure a Client. Zero values take the default noted.
type Options struct {
	// Transport carries the requests; nil: NewTransport(ConnectTimeout).
	Transport http.RoundTripper
	// UserAgent is sent with every request.
	UserAgent string
	// Clock is the token bucket's time source; nil: RealClock.
	Clock Clock
	// ConnectTimeout bounds dialing and the TLS handshake of the default
	// transport.
	ConnectTimeout time.Duration
	// ResponseTimeout bounds a whole feed exchange (Get); Do and Stream
	// leave time to the caller's context.
	ResponseTimeout time.Duration
	// MaxBody caps a decompressed feed body read by Get.
	MaxBody int64
	// BucketInitial, BucketCapacity and BucketRefillPerSecond are the token
	// bucket's (a refill of 0 or less: unthrottled).
	BucketInitial, BucketCapacity int
	BucketRefillPerSecond         float64
	// InFlight bounds the requests in flight (Get and Do); PerHost bounds
	// the requests to one host, every kind counted.
	InFlight, PerHost int
}

// Client is the door every request goes through: one per engine, safe for
// concurrent use.
type Client struct {
	transport http.RoundTripper
	userAgent string
	timeout   time.Duration
	maxBody   int64
	bucket    *TokenBucket
	limiter   *Limiter
	// bodies lends the buffers and gzip readers bodies are read through.
	bodies bodyPool
}

// New returns a Client configured by o.
func New(o Options) *Client {
	if o.Clock == nil {
		o.Clock = RealClock{}
	}
	if o.Transport == nil {
		o.Transport = NewTransport(o.ConnectTimeout)
	}
	return &Client{
		transport: o.Transport,
		userAgent: o.UserAgent,
		timeout:   o.ResponseTimeout,
		maxBody:   o.MaxBody,
		bucket:    NewTokenBucket(o.Clock, o.BucketInitial, o.BucketCapacity, o.BucketRefillPerSecond),
		limiter:   NewLimiter(o.InFlight, o.PerHost),
	}
}

// NewTransport is http.DefaultTransport's setup with the given connect
// timeout. Compression is not left to it: Get asks for gzip itself, so it
// can count the bytes on the wire.
func NewTransport(connect time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext
	t.TLSHandshakeTimeout = connect
	t.MaxIdleConnsPerHost = 2
	return t
}

// UserAgent is the User-Agent the client sends.
func (c *Client) UserAgent() string { return c.userAgent }

// Slot is one admission through the door: a place at a host, a place among
// the requests in flight and a token of the bucket. A caller that must do
// something between being admitted and sending (claim the feed, say) takes
// a Slot with Acquire, sends with Get, then releases it.
type Slot struct {
	c *Client
	// url is the address as the caller gave it, u its checked form.
	url  string
	u    weburl.URL
	host string
	// releaseHost frees the place at the host the request is at now (a
	// redirect to another host trades it for that host's).
	releaseHost  func()
	releaseTotal func()
}

// Acquire waits for a place at rawURL's host, then a place among the
// requests in flight, then a token (none in the foreground: see
// WithForeground), and returns the admission. It fails
// with a *DownloadError: KindBlocked for a URL that is not http(s),
// KindCanceled when ctx ends first.
func (c *Client) Acquire(ctx context.Context, rawURL string) (*Slot, error) {
	u, err := CheckURL(rawURL)
	if err != nil {
		return nil, &DownloadError{Kind: KindBlocked, URL: rawURL, Err: err}
	}
	s := &Slot{c: c, url: rawURL, u: u, host: HostKey(u)}
	if s.releaseHost, err = c.limiter.AcquireHost(ctx, s.host); err != nil {
		return nil, canceled(rawURL, err)
	}
	if s.releaseTotal, err = c.limiter.acquireTotal(ctx); err != nil {
		s.releaseHost()
		return nil, canceled(rawURL, err)
	}
	if err := c.token(ctx); err != nil {
		s.Release()
		return nil, canceled(rawURL, err)
	}
	// A wait that ended with both a free place and a cancelled context
	// may have taken the place: a cancelled request is not admitted.
	if err := ctx.Err(); err != nil {
		s.Release()
		return nil, canceled(rawURL, err)
	}
	return s, nil
}

// Release gives the admission back; it may be called more than once.
func (s *Slot) Release() {
	if s.releaseTotal != nil {
		s.releaseTotal()
	}
	if s.releaseHost != nil {
		s.releaseHost()
	}
}

// URL is the address the slot was taken for.
func (s *Slot) URL() string { return s.url }

// hop moves the slot's host place to host, for a redirect: the place at
// the host left is freed first, so two requests redirected crosswise never
// wait on each other.
func (s *Slot) hop(ctx context.Context, host string) error {
	if host == s.host {
		return nil
	}
	s.releaseHost()
	release, err := s.c.limiter.AcquireHost(ctx, host)
	if err != nil {
		s.releaseHost = func() {}
		return err
	}
	s.host, s.releaseHost = host, release
	return nil
}

// Get is Acquire, Slot.Get and Release: one feed request through the door.
func (c *Client) Get(ctx context.Context, rawURL string, v Validators) (*Response, error) {
	s, err := c.Acquire(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	defer s.Release()
	return s.Get(ctx, v)
}
