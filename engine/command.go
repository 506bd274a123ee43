package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/cmdfeed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// ErrCommandRemote: an account's server cannot run a command feed.
var ErrCommandRemote = errors.New("command and filter feeds are local: add them with --local")

// subscribeCommand subscribes to a command or filter feed. Nothing runs
// and nothing is fetched: the first sync does both, under the rule every
// sync follows (the database and the program must be the user's own).
func (e *Engine) subscribeCommand(ctx context.Context, s Subscription, fs store.FeedSettings, notices []string) (Subscribed, error) {
	if e.account != nil && !s.Local {
		return Subscribed{}, fmt.Errorf("add %s: %w", s.source(), ErrCommandRemote)
	}
	nf := store.NewFeed{Source: storeSource[s.Command.Kind], Command: s.Command.Command, URL: s.Command.URL}
	return e.addFeed(ctx, nf, s, fs, notices)
}

// CommandSource reads raw as a command or filter feed's source, as
// newsboat writes them ("exec:COMMAND ARGS", "filter:COMMAND ARGS:URL");
// ok is false when raw is neither (a web address, for weburl.Parse).
// The error is one line (see cmdfeed.Parse).
func CommandSource(raw string) (spec cmdfeed.Spec, ok bool, err error) {
	if !IsCommandSource(raw) {
		return cmdfeed.Spec{}, false, nil
	}
	spec, err = cmdfeed.Parse(raw)
	return spec, true, err
}

// IsCommandSource reports whether raw names a command or filter feed
// ("exec:", "filter:") rather than a web address.
func IsCommandSource(raw string) bool { return cmdfeed.IsCommand(raw) }

// storeSource is the store's name of each kind of command source.
var storeSource = map[string]string{cmdfeed.KindExec: store.SourceExec, cmdfeed.KindFilter: store.SourceFilter}

// commandAllowed applies the trust rule to the feed's command before it
// runs: the database that names it must be the user's own (nobody else
// could have written the command into it); the program itself is
// checked by cmdfeed.Run.
func (e *Engine) commandAllowed(feed store.Feed) error {
	if err := config.CheckCommandSource(e.store.Path()); err != nil {
		return &fetch.DownloadError{Kind: fetch.KindBlocked, URL: feed.URL, Err: err}
	}
	return nil
}

// runFeedCommand runs the feed's command with stdin (a filter's input,
// nil for a command feed) within the configured limits. The source is
// read again as when it was added (cmdfeed.Parse): a database is a file,
// and what it holds is checked where it is used.
func (e *Engine) runFeedCommand(ctx context.Context, feed store.Feed, stdin []byte) ([]byte, error) {
	if err := e.commandAllowed(feed); err != nil {
		return nil, err
	}
	spec, err := cmdfeed.Parse(feed.URL) // checked again: the database is a file
	var argv []string
	if err == nil {
		argv, err = spec.Argv()
	}
	if err == nil {
		lim := cmdfeed.Limits{Timeout: e.cfg.Sync.CommandTimeout, MaxBytes: e.cfg.Sync.CommandOutputBytes}
		var out []byte
		if out, err = cmdfeed.Run(ctx, argv, stdin, lim); err == nil {
			return out, nil
		}
	}
	if ctx.Err() != nil {
		return nil, &fetch.DownloadError{Kind: fetch.KindCanceled, URL: feed.URL, Err: err}
	}
	if feed.Source == store.SourceFilter {
		err = fmt.Errorf("filter: %w", err)
	}
	return nil, &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: feed.URL, Err: err}
}

// execExchange is a command feed's exchange: its command's stdout is the
// body, as a 200 response from nowhere (no URL, no validators).
func (e *Engine) execExchange(ctx context.Context, d *download) error {
	out, err := e.runFeedCommand(ctx, d.feed, nil)
	if err != nil {
		return err
	}
	d.resp = &fetch.Response{Status: 200, Body: out, Wire: int64(len(out))}
	return nil
}

// filtered is the body to parse: the response's, through the feed's
// filter when it has one.
func (e *Engine) filtered(ctx context.Context, d *download) ([]byte, error) {
	if d.feed.Source != store.SourceFilter {
		return d.resp.Body, nil
	}
	return e.runFeedCommand(ctx, d.feed, d.resp.Body)
}

// placeOf is what the round's dispatch limits the feed by: its address's
// host, or for a command feed, which makes no request, the feed itself
// (its own place: commands run side by side, as many as the round's
// workers).
func placeOf(f store.Feed) string {
	if f.Source == store.SourceExec {
		return f.URL
	}
	return f.FetchURL()
}
