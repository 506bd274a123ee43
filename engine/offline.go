package engine

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// ErrOffline marks a feed's failure that was not recorded because its
// round was offline: the feed stays due, its failure count unchanged.
var ErrOffline = errors.New("offline")

// seatKey is the context key of a feed's seat in its round.
type seatKey struct{}

func withSeat(ctx context.Context, s *seat) context.Context {
	return context.WithValue(ctx, seatKey{}, s)
}

func seatOf(ctx context.Context) *seat {
	s, _ := ctx.Value(seatKey{}).(*seat)
	return s
}

// evidence is what one download's outcome says about the network.
type evidence int

const (
	// nothingLearnt: no request was made, or it was cancelled.
	nothingLearnt evidence = iota
	// serverAnswered: a server answered (a success, an HTTP error, a body
	// that is not a feed but no portal's page).
	serverAnswered
	// noServer: the request reached no server (fetch.IsNetworkError), or
	// what answered was a captive portal, not the feed's server.
	noServer
)

// judge reads a failed download: d.resp is the feed's first response, nil
// when none came. A command feed says nothing of the network; a filter
// feed's body is whatever its filter reads (often a web page), so only a
// 511 tells a captive portal there.
func judge(d *download, cause error) evidence {
	switch {
	case d.feed.Source == store.SourceExec:
		return nothingLearnt
	case fetch.KindOf(cause) == fetch.KindCanceled || fetch.KindOf(cause) == fetch.KindBlocked:
		return nothingLearnt
	case d.resp == nil && (fetch.IsNetworkError(cause) || fetch.IsCertificateError(cause)):
		return noServer
	case d.resp != nil && d.feed.Source == store.SourceFilter:
		if d.resp.Status == http.StatusNetworkAuthenticationRequired {
			return noServer
		}
	case d.resp != nil && captivePortal(d.resp, cause):
		return noServer
	}
	return serverAnswered
}

// captivePortal reports whether a response is a portal's rather than the
// feed's: 511 Network Authentication Required, or a web page where a feed
// was expected (a body that did not parse, served or sniffed as HTML).
func captivePortal(r *fetch.Response, cause error) bool {
	if r.Status == http.StatusNetworkAuthenticationRequired {
		return true
	}
	if fetch.KindOf(cause) != fetch.KindInvalidFeed || r.Status != http.StatusOK {
		return false
	}
	if typ, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && typ == "text/html" {
		return true
	}
	return strings.HasPrefix(http.DetectContentType(r.Body), "text/html")
}

// excused decides a failed download inside a round: true when the failure
// is the network's and must not be recorded. A failure that is evidence of
// being offline waits for the round's verdict; a download cancelled
// because the round stopped is excused too.
func (e *Engine) excused(ctx context.Context, d *download, cause error) bool {
	s := seatOf(ctx)
	if s == nil {
		return false
	}
	switch judge(d, cause) {
	case noServer:
		return s.hold(ctx, hostOf(d.feed.FetchURL()))
	case serverAnswered:
		s.settle(true)
		return false
	}
	return fetch.KindOf(cause) == fetch.KindCanceled && s.r.stopped()
}

// witnessed tells the feed's round, at once, that its request reached no
// server: evidence that [seat.hold] later waits on.
func witnessed(ctx context.Context, host string) {
	if s := seatOf(ctx); s != nil {
		s.witness(host)
	}
}

// answered tells the feed's round that its server answered.
func answered(ctx context.Context) {
	if s := seatOf(ctx); s != nil {
		s.settle(true)
	}
}

// hostOf is a feed URL's host name (not its port: two ports of one machine
// are one host), lower-cased.
func hostOf(rawURL string) string {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return rawURL
	}
	return strings.ToLower(u.Hostname())
}

// offlineError wraps the cause of a failure that was not recorded.
func offlineError(cause error) error {
	return &offlineFailure{cause: cause}
}

// offlineFailure is a feed's failure in an offline round: "offline: fetch
// https://…: connection refused"; errors.Is it ErrOffline.
type offlineFailure struct{ cause error }

// Error names the round's verdict, then the feed's failure.
func (o *offlineFailure) Error() string { return "offline: " + o.cause.Error() }

// Unwrap gives ErrOffline and the cause.
func (o *offlineFailure) Unwrap() []error { return []error{ErrOffline, o.cause} }
