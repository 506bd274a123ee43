package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// addOptions are the add command's flags.
type addOptions struct {
	folder     string
	interval   int
	enclosures bool
	title      string
}

func (c *cli) addCmd() *cobra.Command {
	var o addOptions
	cmd := &cobra.Command{
		Use:   "add URL [--folder A/B] [--interval MIN] [--enclosures] [--title T]",
		Short: "Subscribe to a feed (or the feed a web page announces)",
		Long: "Fetches URL once to check that it is a feed (a web page is searched for the feeds it\n" +
			"announces, and the first is taken), subscribes without storing items, and prints the new\n" +
			"feed's id. An interval under 15 minutes is raised to 15.",
		Args: exactArgs(1, "one URL"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runAdd(args[0], o) },
	}
	cmd.Flags().StringVar(&o.folder, "folder", "", "put the feed in this folder (A/B nests B in A)")
	cmd.Flags().IntVar(&o.interval, "interval", 0, "download every MIN minutes (at least 15) instead of the default")
	cmd.Flags().BoolVar(&o.enclosures, "enclosures", false, "download enclosures (podcasts) automatically")
	cmd.Flags().StringVar(&o.title, "title", "", "name the feed yourself")
	return cmd
}

func (c *cli) runAdd(rawURL string, o addOptions) error {
	folder, err := store.CleanFolderPath(o.folder)
	if err != nil {
		return asUsage(err)
	}
	if o.interval < 0 {
		return usagef("--interval %d: must be a number of minutes", o.interval)
	}
	return c.withApp(func(a *app) error {
		if _, err := a.store.ResolveFeed(a.ctx, rawURL); err == nil {
			return fmt.Errorf("add %s: %w", rawURL, store.ErrDuplicate)
		}
		probe, err := a.engine().Probe(a.ctx, rawURL)
		if err != nil {
			return fmt.Errorf("add %s: %s", rawURL, engine.Reason(err))
		}
		nf := store.NewFeed{URL: probe.URL, Title: probe.Title, FolderPath: folder,
			DownloadEnclosures: o.enclosures || a.cfg.Enclosures.Download}
		if o.title != "" {
			nf.Title, nf.CustomTitle = o.title, true
		}
		if o.interval > 0 {
			nf.Sync, nf.IntervalMinutes = store.SyncInterval, a.raiseInterval(o.interval)
		}
		id, err := a.store.AddFeed(a.ctx, nf)
		if err != nil {
			return err
		}
		for _, alt := range probe.Alternates {
			fmt.Fprintf(a.stderr, "tidings: the page also announces %s\n", alt)
		}
		fmt.Fprintln(a.stdout, id)
		return nil
	})
}

// raiseInterval applies the 15-minute floor, with a warning.
func (a *app) raiseInterval(minutes int) int {
	if minutes < config.MinIntervalMinutes {
		fmt.Fprintf(a.stderr, "tidings: warning: interval %d raised to the minimum, %d minutes\n",
			minutes, config.MinIntervalMinutes)
		return config.MinIntervalMinutes
	}
	return minutes
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
				files, err := a.store.RemoveFeed(a.ctx, f.ID)
				if err != nil {
					return err
				}
				removeFiles(a, files)
				fmt.Fprintf(a.stdout, "removed %d %s\n", f.ID, f.URL)
				return nil
			})
		},
	}
}

// removeFiles deletes enclosure files whose items are gone, partial ones
// too, and the feed folders they leave empty.
func removeFiles(a *app, files []string) {
	for _, err := range engine.RemoveEnclosureFiles(files) {
		a.logger.Warn("remove enclosure file", "err", err)
	}
}
