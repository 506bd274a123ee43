package fetch

import (
	"bufio"
	"compress/flate"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// maxRedirects bounds a redirect chain.
const maxRedirects = 10

// feedAccept is the Accept header of feed requests.
const feedAccept = "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"

// Validators are what a conditional GET sends back, exactly as received.
type Validators struct {
	ETag         string
	LastModified string
}

// Response is one feed exchange as a sync needs it.
type Response struct {
	Status int
	Header http.Header
	// Body is decompressed and capped; only 200 and 226 have one.
	Body []byte
	// Wire is the bytes received on the wire.
	Wire int64
	// FinalURL is where the body came from, after any redirects.
	FinalURL weburl.URL
	// Validators are the response's ETag and Last-Modified, kept only
	// when they are printable ASCII of a sane length (see validatorsOf).
	Validators Validators
	// Permanent is true when the request was redirected and every hop of
	// the chain was permanent (301 or 308).
	Permanent bool
	// Delta is true for an RFC 3229 feed response (226, or IM: feed).
	Delta bool
}

// Get makes the slot's feed request: conditional when v holds validators
// (sent back verbatim, with A-IM: feed), asking for gzip and deflate,
// bounded in time, redirects and decompressed size. A status that is not
// a success is a Response, not an error; failures to exchange are a
// *DownloadError.
func (s *Slot) Get(ctx context.Context, v Validators) (*Response, error) {
	rawURL := s.url
	ctx, cancel := context.WithTimeout(ctx, s.c.timeout)
	defer cancel()
	trace := &connectTrace{}
	ctx = trace.with(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSpace(rawURL), nil)
	if err != nil {
		return nil, &DownloadError{Kind: KindDownloadFailed, URL: rawURL, Err: err}
	}
	s.c.setFeedHeaders(req, v)
	chain := newRedirectChain(s)
	resp, err := s.c.client(chain).Do(req)
	if err != nil {
		return nil, transportError(ctx, rawURL, err, trace.connected.Load())
	}
	defer resp.Body.Close()
	out := &Response{
		Status: resp.StatusCode, Header: resp.Header, FinalURL: chain.at, Validators: validatorsOf(resp.Header),
		Permanent: chain.hops > 0 && chain.permanent,
		Delta:     resp.StatusCode == http.StatusIMUsed || hasToken(resp.Header.Values("IM"), "feed"),
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusIMUsed {
		out.Wire, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return out, nil
	}
	out.Body, out.Wire, err = s.c.readBody(resp)
	if err != nil {
		kind := KindDownloadFailed
		if errors.Is(err, ErrTooLarge) {
			kind = KindSizeLimit
		}
		return out, &DownloadError{Kind: kind, URL: rawURL, Status: resp.StatusCode, Err: transportCause(ctx, err)}
	}
	return out, nil
}

// client is an http.Client over the door's transport whose redirects go
// through chain.
func (c *Client) client(chain *redirectChain) *http.Client {
	return &http.Client{Transport: c.transport, CheckRedirect: chain.check}
}

func (c *Client) setFeedHeaders(req *http.Request, v Validators) {
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", feedAccept)
	if a := acceptOf(req.Context()); a != "" {
		req.Header.Set("Accept", a)
	}
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	if v.ETag != "" {
		req.Header["If-None-Match"] = []string{v.ETag}
	}
	if v.LastModified != "" {
		req.Header["If-Modified-Since"] = []string{v.LastModified}
	}
	if v.ETag != "" || v.LastModified != "" {
		req.Header.Set("A-IM", "feed")
	}
}

// readBody decompresses the body by its Content-Encoding and stops past the
// cap (at once when the server announces more), counting what came over
// the wire.
func (c *Client) readBody(resp *http.Response) ([]byte, int64, error) {
	wire := &countingReader{r: resp.Body}
	size := declaredSize(resp)
	if size > c.maxBody { // refused before a byte is read
		return nil, 0, fmt.Errorf("%w: %d bytes announced, at most %d", ErrTooLarge, size, c.maxBody)
	}
	body, release, err := c.bodies.decoder(resp.Header.Get("Content-Encoding"), wire)
	if err != nil {
		return nil, wire.n, err
	}
	defer release()
	data, err := c.bodies.readCapped(body, c.maxBody, size)
	return data, wire.n, err
}

// decoder undoes a Content-Encoding: gzip, x-gzip, deflate (zlib-wrapped or
// raw, as servers send both) or identity. release gives back what the
// reader borrowed from the pool once the body is read.
func (p *bodyPool) decoder(encoding string, r io.Reader) (_ io.Reader, release func(), _ error) {
	noRelease := func() {}
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "", "identity":
		return r, noRelease, nil
	case "gzip", "x-gzip":
		zr, release, err := p.gunzip(r)
		if err != nil {
			return nil, nil, fmt.Errorf("gzip body: %w", err)
		}
		return zr, release, nil
	case "deflate":
		br := bufio.NewReader(r)
		if head, _ := br.Peek(2); len(head) == 2 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 && head[0]&0x0f == 8 {
			zr, err := zlib.NewReader(br)
			if err != nil {
				return nil, nil, fmt.Errorf("deflate body: %w", err)
			}
			return zr, noRelease, nil
		}
		return flate.NewReader(br), noRelease, nil
	}
	return nil, nil, fmt.Errorf("unsupported Content-Encoding %q", encoding)
}

// redirectChain follows at most maxRedirects hops, http(s) only, each
// allowed by the context's RedirectGuard when it has one, moving the
// slot's host place along and taking a token for each hop (none in the
// foreground), and remembers
// where it is and whether every hop was permanent.
type redirectChain struct {
	slot      *Slot
	at        weburl.URL
	hops      int
	permanent bool
}

// newRedirectChain starts a chain at the slot's address.
func newRedirectChain(s *Slot) *redirectChain {
	return &redirectChain{slot: s, at: s.u, permanent: true}
}

// check admits one redirect. The Location header itself, not net/http's
// reading of it, must pass weburl.Resolve against the address it came
// from, and the request then goes to that normal form.
func (c *redirectChain) check(req *http.Request, via []*http.Request) error {
	if len(via) > maxRedirects {
		return ErrTooManyRedirects
	}
	u, err := redirectTarget(c.at, req)
	if err != nil {
		return err
	}
	req.URL, c.at = u.Std(), u
	if guard := redirectGuard(req.Context()); guard != nil {
		if err := guard(req); err != nil {
			return err // as it is: http.ErrUseLastResponse is compared, not unwrapped
		}
	}
	c.hops++
	if code := req.Response.StatusCode; code != http.StatusMovedPermanently && code != http.StatusPermanentRedirect {
		c.permanent = false
	}
	if err := c.slot.hop(req.Context(), HostKey(u)); err != nil {
		return err
	}
	return c.slot.c.token(req.Context())
}

// redirectTarget is where a redirect response leads: its Location
// resolved against from, the address that answered. A Location that
// weburl refuses (another scheme, controls, spaces, bidi, too long) ends
// the chain with an error.
func redirectTarget(from weburl.URL, req *http.Request) (weburl.URL, error) {
	loc := req.URL.String()
	if req.Response != nil {
		if l := req.Response.Header.Get("Location"); l != "" {
			loc = l
		}
	}
	if u, err := url.Parse(strings.TrimSpace(loc)); err == nil && u.Scheme != "" {
		return CheckURL(loc)
	}
	return weburl.Resolve(from, loc)
}

// transportError classifies a failed exchange; connected says whether it
// ever got a connection to a server.
func transportError(ctx context.Context, rawURL string, err error, connected bool) error {
	kind := KindDownloadFailed
	switch {
	case errors.Is(err, ErrScheme), errors.Is(err, weburl.ErrBadURL):
		kind = KindBlocked
	case errors.Is(err, context.Canceled):
		kind = KindCanceled
	}
	return &DownloadError{Kind: kind, URL: rawURL, Err: transportCause(ctx, err),
		Network: kind == KindDownloadFailed && unreached(err, connected)}
}

// transportCause strips net/http's "Get \"url\": " prefix (the URL is
// already in DownloadError) and names timeouts plainly.
func transportCause(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("timed out: %w", context.DeadlineExceeded)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func hasToken(values []string, token string) bool {
	for _, v := range values {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

// Read reads from the wrapped reader and counts the bytes.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
