package fetch

import (
	"io"
	"net/http"
)

// Do sends req through the door: it waits for a place at req's host, a
// place among the requests in flight and a token, and holds them until the
// response body is closed (the caller must close it). Redirects are
// followed within the limits, http(s) only. The User-Agent is set unless
// req has one. Failures to exchange are a *DownloadError.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	s, err := c.Acquire(req.Context(), req.URL.String())
	if err != nil {
		return nil, err
	}
	return c.send(req, s)
}

// Stream sends a request of a long transfer that has a limit of its own
// (an enclosure): it waits for a place at req's host and, when token is
// true, a token, but takes no place among the requests in flight. The
// place is held until the response body is closed.
func (c *Client) Stream(req *http.Request, token bool) (*http.Response, error) {
	ctx, rawURL := req.Context(), req.URL.String()
	u, err := CheckURL(rawURL)
	if err != nil {
		return nil, &DownloadError{Kind: KindBlocked, URL: rawURL, Err: err}
	}
	s := &Slot{c: c, url: rawURL, u: u, host: HostKey(u)}
	if s.releaseHost, err = c.limiter.AcquireHost(ctx, s.host); err != nil {
		return nil, canceled(rawURL, err)
	}
	if token {
		if err := c.token(ctx); err != nil {
			s.Release()
			return nil, canceled(rawURL, err)
		}
	}
	return c.send(req, s)
}

// send makes req under the admission s, which the response body's Close
// (or a failure) gives back.
func (c *Client) send(req *http.Request, s *Slot) (*http.Response, error) {
	if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	trace := &connectTrace{}
	resp, err := c.client(newRedirectChain(s)).Do(req.WithContext(trace.with(req.Context())))
	if err != nil {
		s.Release()
		return nil, transportError(req.Context(), req.URL.String(), err, trace.connected.Load())
	}
	resp.Body = &slotBody{ReadCloser: resp.Body, slot: s}
	return resp, nil
}

// slotBody gives its request's admission back when closed.
type slotBody struct {
	io.ReadCloser
	slot *Slot
}

// Close closes the body and releases the admission.
func (b *slotBody) Close() error {
	err := b.ReadCloser.Close()
	b.slot.Release()
	return err
}
