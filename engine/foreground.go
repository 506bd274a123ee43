package engine

import (
	"context"

	"github.com/tidings-rss/tidings/engine/fetch"
)

// Foreground returns a context for work a person asked for and waits on:
// a refresh (r, R), a subscribe, the reader's first download of feeds just
// imported, a sync run from a terminal. Its requests skip the token
// bucket, which paces background work (the scheduler's tick, a sync from
// cron); at most download_threads requests are in flight and
// per_host_connections to one host all the same, and validators,
// Retry-After and the schedule's rules apply as always. The caller that
// knows a person waits sets it; nothing below guesses.
func Foreground(ctx context.Context) context.Context { return fetch.WithForeground(ctx) }
