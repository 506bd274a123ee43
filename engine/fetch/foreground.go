package fetch

import "context"

// foregroundKey is the context key of the foreground mark.
type foregroundKey struct{}

// WithForeground returns a context whose requests through the door are
// the foreground: a person asked for them and is waiting (a refresh, a
// subscribe, the reader's first download of feeds just imported, a sync
// run from a terminal). They skip the token bucket, which paces the
// background (the scheduler's tick, a sync from cron); the limits on
// requests in flight and per host still hold, and so does everything a
// request sends and honours.
//
// The mark is set by the caller that knows a person waits, never guessed
// deeper down.
func WithForeground(ctx context.Context) context.Context {
	return context.WithValue(ctx, foregroundKey{}, true)
}

// Foreground reports whether ctx was marked by WithForeground.
func Foreground(ctx context.Context) bool {
	fg, _ := ctx.Value(foregroundKey{}).(bool)
	return fg
}

// token takes a token of the bucket for a background request; a
// foreground one takes none and never waits.
func (c *Client) token(ctx context.Context) error {
	if Foreground(ctx) {
		return ctx.Err()
	}
	return c.bucket.Take(ctx)
}
