package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// syncOptions are the sync command's flags.
type syncOptions struct {
	force bool
	feeds []string
	// summary prints the run's summary line even when stdout is not a
	// terminal.
	summary bool
}

func (c *cli) syncCmd() *cobra.Command {
	var o syncOptions
	cmd := &cobra.Command{
		Use:   "sync [--force] [--feed ID-or-URL ...]",
		Short: "Download feeds now, headless (for cron)",
		Long: "Downloads the feeds that are due. --force downloads every feed whose sync setting is not\n" +
			"manual, ignoring schedule and TTL; --feed downloads the named feeds now, whatever their setting.\n" +
			"Each failed feed is printed to stderr as one line: its URL and the reason; feeds another tidings\n" +
			"process is downloading are skipped, with one line saying so. When no server could be reached\n" +
			"(offline), nothing is counted against the feeds and one line says so instead. Without flags,\n" +
			"nothing is downloaded while [sync] on_battery or on_metered defers it. Last, on a terminal (or\n" +
			"with --summary), one line on stdout sums the run up: '12 new items in 5 feeds', or 'nothing\n" +
			"new'; from cron a run that failed nowhere prints nothing. The exit status is 0 when the run finished, 2 on a usage, config or database\n" +
			"error (locked, read-only, disk full: one line).",
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return c.runSync(o) },
	}
	cmd.Flags().BoolVar(&o.force, "force", false, "download every feed not set to manual, ignoring schedule and TTL")
	cmd.Flags().StringArrayVar(&o.feeds, "feed", nil, "download this feed now (id or URL; repeatable)")
	cmd.Flags().BoolVar(&o.summary, "summary", false, "print the summary line even when stdout is not a terminal")
	return cmd
}

func (c *cli) runSync(o syncOptions) error {
	return c.withApp(func(a *app) error {
		eng := a.engine()
		if automatic := !o.force && len(o.feeds) == 0; automatic {
			if reason := eng.Deferred(c.ctx); reason != "" {
				fmt.Fprintf(a.stderr, "sync deferred %s (see [sync] on_battery and on_metered)\n", reason)
				return nil
			}
		}
		feeds, err := a.syncTargets(o)
		if err != nil {
			return err
		}
		bar := newProgress(a.stderr, len(feeds))
		stopWatch := watchEnclosures(eng, bar)
		ctx, cancel := context.WithCancel(c.ctx)
		stopped := eng.StartEnclosures(ctx)
		account := a.syncAccount(ctx, eng, o, feeds)
		results := eng.SyncFeeds(a.foreground(ctx), feeds, o.force || len(o.feeds) > 0, bar.step)
		accountResult := <-account
		eng.WaitEnclosures(ctx) // the enclosures this run queued, and any still waiting
		cancel()
		<-stopped
		stopWatch()
		bar.finish()
		if err := engine.DatabaseFault(results); err != nil {
			return asUsage(err) // one line for the run, not one per feed
		}
		var dbErr *store.DatabaseError
		if accountResult != nil && errors.As(accountResult.Err, &dbErr) {
			return asUsage(dbErr) // the account's sync met the same fault
		}
		if notice := engine.SkipNotice(results); notice != "" {
			fmt.Fprintln(a.stderr, notice)
		}
		for _, r := range results {
			if r.Err != nil && !r.Offline {
				fmt.Fprintf(a.stderr, "%s: %s\n", oneLine(r.URL), oneLine(fetch.Reason(r.Err)))
			}
		}
		if offline, waiting := eng.Offline(); offline && roundOffline(results) {
			fmt.Fprintln(a.stderr, engine.Offline{Waiting: waiting})
		}
		a.printAccountResult(accountResult)
		a.printEnclosureFailures(results)
		a.printArticleFailures(results)
		if o.summary || isTerminal(a.stdout) {
			fmt.Fprintln(a.stdout, syncSummary(results, accountResult))
		}
		return nil
	})
}

// syncSummary is the run in one line, for a person or a script: the new
// items the feeds brought and in how many feeds, and the account's.
func syncSummary(results []engine.Result, acct *account.Result) string {
	items, feeds, remote := 0, 0, 0
	for _, r := range results {
		if r.NewItems > 0 {
			items += r.NewItems
			feeds++
		}
	}
	if acct != nil {
		remote = acct.NewItems
	}
	local := fmt.Sprintf("%s in %s", count(items, "new item"), count(feeds, "feed"))
	switch {
	case items == 0 && remote == 0:
		return "nothing new"
	case remote == 0:
		return local
	case items == 0:
		return count(remote, "new item") + " from the account"
	}
	return fmt.Sprintf("%s: %d in %s, %d from the account", count(items+remote, "new item"), items, count(feeds, "feed"), remote)
}

// count is n and the noun, plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// foreground is ctx marked as the foreground (engine.Foreground) when a
// person is at a terminal: standard input is one. Run from cron, or with
// its input redirected, a command is background work, which the token
// bucket paces.
func (a *app) foreground(ctx context.Context) context.Context {
	if f, ok := a.stdin.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		return engine.Foreground(ctx)
	}
	return ctx
}

// syncTargets picks the feeds a sync run downloads.
func (a *app) syncTargets(o syncOptions) ([]store.Feed, error) {
	ctx := a.ctx
	switch {
	case len(o.feeds) > 0:
		var feeds []store.Feed
		for _, ref := range o.feeds {
			f, err := a.store.ResolveFeed(ctx, ref)
			if err != nil {
				return nil, asUsage(notFound(ref, err))
			}
			feeds = append(feeds, f)
		}
		return feeds, nil
	case o.force:
		feeds, err := a.store.AutoFeeds(ctx)
		return feeds, asUsage(err)
	}
	feeds, err := a.store.DueFeeds(ctx, time.Now())
	return feeds, asUsage(err)
}

// notFound words a failed feed lookup for the user.
func notFound(ref string, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no feed %s (see 'tidings feeds')", sanitize.Named(ref))
	}
	return err
}

// progress draws "feeds done/total" (and the enclosures a sync downloads)
// on a terminal, and nothing elsewhere. Feeds and enclosures report from
// different goroutines. It redraws its line with a carriage return and an
// erase, so it writes on the raw path past the door out: what it writes is
// made of its own counts and characters, never of a value.
type progress struct {
	mu                sync.Mutex
	w                 io.Writer
	total, done       int
	encTotal, encDone int
	tty               bool
}

func newProgress(w *sanitize.TerminalWriter, total int) *progress {
	return &progress{w: sanitize.RawTerminal(w), total: total, tty: isTerminal(w)}
}

// isTerminal reports whether w writes to a terminal (a cron job's or a
// pipe's stdout is not one).
func isTerminal(w io.Writer) bool {
	if tw, ok := w.(*sanitize.TerminalWriter); ok {
		w = sanitize.RawTerminal(tw)
	}
	f, ok := w.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
}

const barWidth = 30

func (p *progress) step(engine.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.draw()
}

// enclosure counts an enclosure queued (done false) or ended (done true).
func (p *progress) enclosure(done bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if done {
		p.encDone++
	} else {
		p.encTotal++
	}
	p.draw()
}

// draw redraws the bar; the caller holds mu.
func (p *progress) draw() {
	all := p.total + p.encTotal
	if !p.tty || all == 0 {
		return
	}
	filled := barWidth * min(p.done+p.encDone, all) / all
	bar := make([]byte, barWidth)
	for i := range bar {
		bar[i] = ' '
		if i < filled {
			bar[i] = '#'
		}
	}
	fmt.Fprintf(p.w, "\r[%s] %d/%d feeds", bar, p.done, p.total)
	if p.encTotal > 0 {
		fmt.Fprintf(p.w, ", %d/%d enclosures", min(p.encDone, p.encTotal), p.encTotal)
	}
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && p.total+p.encTotal > 0 {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
