package cli

import (
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
}

func (c *cli) addCmd() *cobra.Command {
	var o addOptions
	cmd := &cobra.Command{
		Use:   "add URL [--folder A/B] [--interval MIN] [--enclosures] [--title T]",
		Short: "Subscribe to a feed (or the feed a web page announces)",
		Long: "Fetches URL once to check that it is a feed (a web page is searched for the feeds it\n" +
			"announces, and the first is taken), subscribes without storing items, and prints the new\n" +
			"feed's id. An interval under 15 minutes is raised to 15. With an account configured\n" +
			"([remote]), the account's server subscribes (--folder names its label) and the items come\n" +
			"with the next sync; --local keeps the feed on this machine instead. The first feed added\n" +
			"(without an account) also says on stderr how often feeds refresh by default and where to\n" +
			"change it.\n\n" +
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
	cmd.Flags().BoolVar(&o.local, "local", false, "keep the feed on this machine although an account is configured")
	return cmd
}

func (c *cli) runAdd(rawURL string, o addOptions) error {
	if _, err := store.CleanFolderPath(o.folder); err != nil {
		return asUsage(err)
	}
	if o.interval < 0 {
		return usagef("--interval %d: must be a number of minutes", o.interval)
	}
	sub := engine.Subscription{Folder: o.folder, Title: o.title, IntervalMinutes: o.interval, Local: o.local}
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
		eng := a.engine()
		got, err := eng.Subscribe(a.foreground(a.ctx), sub)
		if err != nil {
			return err
		}
		a.notices(got.Notices)
		for _, alt := range got.Alternates {
			fmt.Fprintf(a.stderr, "tidings: the page also announces %s\n", alt)
		}
		fmt.Fprintln(a.stdout, got.Feed.ID)
		if !eng.HasAccount() && a.onlyFeed() { // an account's feeds refresh on its server's terms
			fmt.Fprintln(a.stderr, ui.RefreshHint(a.cfg.DefaultIntervalMinutes, fmt.Sprint(got.Feed.ID)))
		}
		return nil
	})
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
