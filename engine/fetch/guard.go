package fetch

import (
	"context"
	"net/http"
)

// guardKey is the context key of a redirect guard.
type guardKey struct{}

// RedirectGuard is asked before a redirect is followed, with the request
// the hop would make (its URL is where the server sends it). It returns
// nil to follow, http.ErrUseLastResponse to stop and give the caller the
// redirect response itself, or an error that fails the exchange.
type RedirectGuard func(next *http.Request) error

// WithRedirectGuard returns a context whose requests through the door ask
// guard before each redirect hop: what a caller that sends credentials
// uses to keep them to one origin.
func WithRedirectGuard(ctx context.Context, guard RedirectGuard) context.Context {
	return context.WithValue(ctx, guardKey{}, guard)
}

// redirectGuard returns the guard ctx carries, or nil.
func redirectGuard(ctx context.Context) RedirectGuard {
	g, _ := ctx.Value(guardKey{}).(RedirectGuard)
	return g
}
