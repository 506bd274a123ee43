package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
	"github.com/tidings-rss/tidings/ui"
)

// addOptions are the add command's flags.
type addOptions struct {
	folder     string
	interval   int
	enclosures bool
	title      string
	local      bool
	pick       int
	all        bool
}

func (c *cli) addCmd() *cobra.Command {
	var o addOptions
	cmd := &cobra.Command{
		Use:   "add URL [--folder A/B] [--interval MIN] [--enclosures] [--title T] [--pick N | --all]",
		Short: "Subscribe to a feed (or the feed a web page announces)",
		Long: "Fetches URL once to check that it is a feed (a web page is searched for the feeds it\n" +
			"announces), subscribes without storing items, and prints the new feed's id. Of a page that\n" +
			"announces several feeds the first is taken and the others are listed on stderr, one a line\n" +
			"(number, URL, type, title, tab-separated): --pick N subscribes to the N-th instead, --all\n" +
			"to every one (an id a line). A feed that says it moved (itunes:new-feed-url) is subscribed\n" +
			"at its new address once that answers with a feed, said on stderr (moved: OLD → NEW); else\n" +
			"at the old one, with why on stderr. A move to a feed already subscribed is a duplicate. An\n" +
			"interval under 15 minutes is raised to 15. With an account configured ([remote]), the\n" +
			"account's server subscribes (--folder names its label) and the items come with the next\n" +
			"sync; --local keeps the feed on this machine instead. The first feed added (without an\n" +
			"account) also says on stderr how often feeds refresh by default and where to change it.\n\n" +
			"'exec:COMMAND ARGS' subscribes to a command feed (the command's stdout is the feed) and\n" +
			"'filter:COMMAND ARGS:URL' to a filter feed (URL's body goes through the command); nothing\n" +
			"runs until the first sync. See \"Command and filter feeds\" in tidings man.",
		Args: exactArgs(1, "one URL"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runAdd(args[0], o) },
	}
	cmd.Flags().StringVar(&o.folder, "folder", "", "put the feed in this folder (A/B nests B in A)")
	cmd.Flags().IntVar(&o.interval, "interval", 0, "download every MIN minutes (at least 15) instead of the default")
	cmd.Flags().BoolVar(&o.enclosures, "enclosures", false, "download enclosures (podcasts) automatically")
	cmd.Flags().StringVar(&o.title, "title", "", "name the feed yourself")
	cmd.Flags().IntVar(&o.pick, "pick", 0, "subscribe to the N-th feed the page announces (from 1)")
	cmd.Flags().BoolVar(&o.all, "all", false, "subscribe to every feed the page announces")
	cmd.Flags().BoolVar(&o.local, "local", false, "keep the feed on this machine although an account is configured")
	return cmd
}

func (c *cli) runAdd(rawURL string, o addOptions) error {
	if _, err := store.CleanFolderPath(o.folder); err != nil {
		return asUsage(err)
	}
	if err := o.check(); err != nil {
		return err
	}
	sub := engine.Subscription{Folder: o.folder, Title: o.title, IntervalMinutes: o.interval, Local: o.local, Pick: o.pick}
	spec, isCommand, err := engine.CommandSource(rawURL)
	if isCommand {
		sub.Command = spec
	} else {
		sub.URL, err = weburl.Parse(rawURL)
	}
	if err != nil {
		return fmt.Errorf("add: %w", err)
	}
	return c.withApp(func(a *app) error {
		if o.enclosures {
			sub.Enclosures = &o.enclosures
		}
		err := a.subscribe(sub)
		var several *engine.SeveralFeedsError
		switch {
		case errors.As(err, &several) && o.all:
			return a.subscribeAll(sub, several.Feeds)
		case errors.As(err, &several):
			return a.subscribeFirst(sub, several)
		case errors.Is(err, engine.ErrNoSuchFeed):
			return asUsage(err)
		}
		return err
	})
}

// check refuses flags that contradict each other.
func (o addOptions) check() error {
	switch {
	case o.interval < 0:
		return usagef("--interval %d: must be a number of minutes", o.interval)
	case o.pick < 0:
		return usagef("--pick %d: feeds are numbered from 1", o.pick)
	case o.all && o.pick > 0:
		return usagef("--pick and --all: choose one")
	case o.all && o.title != "":
		return usagef("--title names one feed: not with --all")
	}
	return nil
}

// subscribe subscribes and prints the feed's id and notices.
func (a *app) subscribe(sub engine.Subscription) error {
	eng := a.engine()
	got, err := eng.Subscribe(a.foreground(a.ctx), sub)
	if err != nil {
		return err
	}
	a.notices(got.Notices)
	fmt.Fprintln(a.stdout, got.Feed.ID)
	if !eng.HasAccount() && a.onlyFeed() { // an account's feeds refresh on its server's terms
		fmt.Fprintln(a.stderr, ui.RefreshHint(a.cfg.DefaultIntervalMinutes, fmt.Sprint(got.Feed.ID)))
	}
	return nil
}

// subscribeAll is --all: every feed a page announces, in its order; one
// that fails is said on stderr and the others are still subscribed.
func (a *app) subscribeAll(sub engine.Subscription, feeds []engine.AnnouncedFeed) error {
	failed := 0
	for _, f := range feeds {
		sub.URL, sub.Pick = f.URL, 0
		if err := a.subscribe(sub); err != nil {
			failed++
			fmt.Fprintf(a.stderr, "tidings: %s\n", oneLine(err.Error()))
		}
	}
	if failed > 0 {
		return fmt.Errorf("add: %d of %d announced feeds not subscribed", failed, len(feeds))
	}
	return nil
}

// subscribeFirst is add of a page announcing several feeds without
// --pick or --all: the first, as a page lists its main feed first, then
// the others on stderr, one a line (number, URL, media type and title,
// tab-separated) under a line saying how to take another.
func (a *app) subscribeFirst(sub engine.Subscription, several *engine.SeveralFeedsError) error {
	sub.URL, sub.Pick = several.Feeds[0].URL, 0 // the page is not read again
	err := a.subscribe(sub)
	what := "subscribed to the first"
	if err != nil {
		what = "the first could not be subscribed"
	}
	fmt.Fprintf(a.stderr, "tidings: %s announces %d feeds; %s; --pick N takes another, --all every one:\n",
		several.Page, len(several.Feeds), what)
	for i, f := range several.Feeds[1:] {
		fmt.Fprintf(a.stderr, "%d\t%s\t%s\t%s\n", i+2, f.URL, oneLine(f.Type), oneLine(f.Title))
	}
	return err
}

// onlyFeed reports whether the database holds one feed: the first add
// says, on stderr (stdout is the id scripts read), how often feeds
// refresh and where to change it; without an account, whose server
// says when its feeds refresh.
func (a *app) onlyFeed() bool {
	feeds, err := a.store.Feeds(a.ctx)
	return err == nil && len(feeds) == 1
}

// notices prints the engine's notices (a setting raised or clamped to its
// bound) on stderr, one line each.
func (a *app) notices(lines []string) {
	for _, n := range lines {
		fmt.Fprintf(a.stderr, "tidings: %s\n", sanitize.Terminal(oneLine(n)))
	}
}

func (c *cli) removeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "remove ID-or-URL",
		Short: "Unsubscribe; the feed's items and enclosure files go too",
		Args:  exactArgs(1, "one feed id or URL"),
		RunE: func(_ *cobra.Command, args []string) error {
			return c.withApp(func(a *app) error {
				f, err := a.store.ResolveFeed(a.ctx, args[0])
				if err != nil {
					return asUsage(notFound(args[0], err))
				}
				if _, err := a.engine().Unsubscribe(a.ctx, f.ID); err != nil {
					return err
				}
				fmt.Fprintf(a.stdout, "removed %d %s\n", f.ID, oneLine(f.URL))
				return nil
			})
		},
	}
}
