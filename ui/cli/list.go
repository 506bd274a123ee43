package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) feedsCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "feeds [--json]",
		Short: "List the subscriptions",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return c.withApp(func(a *app) error {
				feeds, err := a.store.Feeds(a.ctx)
				if err != nil {
					return err
				}
				if asJSON {
					out := make([]feedJSON, 0, len(feeds))
					for _, f := range feeds {
						out = append(out, toFeedJSON(a.cfg, f))
					}
					return writeJSON(a.stdout, out)
				}
				return printFeeds(a, feeds)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func printFeeds(a *app, feeds []store.Feed) error {
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tUNREAD\tITEMS\tFOLDER\tTITLE\tURL\tSTATUS")
	for _, f := range feeds {
		status := f.Sync
		switch {
		case f.Remote():
			status = "remote" // fetched by the account's server
		case f.Stopped != "":
			status = f.Stopped
		case f.State.LastError != "":
			status = "error: " + f.State.LastError
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%s\t%s\n", f.ID, f.UnreadCount, f.ItemCount,
			sanitize.Terminal(f.FolderPath), sanitize.Terminal(f.Title), sanitize.Terminal(f.URL),
			sanitize.Terminal(status))
	}
	return tw.Flush()
}

// itemsOptions are the items command's flags.
type itemsOptions struct {
	feed   string
	unread bool
	limit  int
	asJSON bool
}

func (c *cli) itemsCmd() *cobra.Command {
	var o itemsOptions
	cmd := &cobra.Command{
		Use:   "items [--feed ID-or-URL] [--unread] [--limit N] [--json]",
		Short: "List items, newest first (a list feed's in document order)",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return c.runItems(o) },
	}
	cmd.Flags().StringVar(&o.feed, "feed", "", "only this feed's items (id or URL)")
	cmd.Flags().BoolVar(&o.unread, "unread", false, "only unread items")
	cmd.Flags().IntVar(&o.limit, "limit", 0, "at most N items (0: all)")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print JSON")
	return cmd
}

func (c *cli) runItems(o itemsOptions) error {
	if o.limit < 0 {
		return usagef("--limit %d: must be 0 or more", o.limit)
	}
	return c.withApp(func(a *app) error {
		q := store.ItemQuery{Unread: o.unread, Limit: o.limit}
		if o.feed != "" {
			f, err := a.store.ResolveFeed(a.ctx, o.feed)
			if err != nil {
				return asUsage(notFound(o.feed, err))
			}
			q.FeedID = f.ID
		}
		items, err := a.store.Items(a.ctx, q)
		if err != nil {
			return err
		}
		if o.asJSON {
			out := make([]itemJSON, 0, len(items))
			for _, it := range items {
				out = append(out, toItemJSON(it))
			}
			return writeJSON(a.stdout, out)
		}
		return printItems(a, items)
	})
}

func printItems(a *app, items []store.Item) error {
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATE\tDATE\tFEED\tTITLE")
	for _, it := range items {
		state := map[bool]string{true: " ", false: "N"}[it.Read]
		if it.Flagged {
			state += "!"
		}
		date := it.FirstSeenAt
		if it.PublishedAt != nil {
			date = *it.PublishedAt
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", it.ID, state, date.Format("2006-01-02 15:04"),
			sanitize.Terminal(it.FeedTitle), sanitize.Terminal(it.Title))
	}
	return tw.Flush()
}

func (c *cli) markCmd() *cobra.Command {
	var feed string
	cmd := &cobra.Command{
		Use:   "mark read|unread|flag|unflag ITEM-ID ... | mark read --feed ID-or-URL",
		Short: "Change items' read or flag state",
		Args:  minArgs(1, "read, unread, flag or unflag, then item ids (or --feed with read)"),
		RunE: func(_ *cobra.Command, args []string) error {
			return c.runMark(args[0], args[1:], feed)
		},
	}
	cmd.Flags().StringVar(&feed, "feed", "", "with read: mark every item of this feed (id or URL) read")
	return cmd
}

func (c *cli) runMark(action string, refs []string, feed string) error {
	mark, err := engine.ParseMark(action)
	if err != nil {
		return usagef("mark: %w", err)
	}
	if feed != "" && (mark != engine.MarkRead || len(refs) > 0) {
		return usagef("mark: --feed goes with 'read' and no item ids")
	}
	if feed == "" && len(refs) == 0 {
		return usagef("mark %s: expects item ids", action)
	}
	ids, err := parseIDs(refs)
	if err != nil {
		return err
	}
	return c.withApp(func(a *app) error {
		if feed != "" {
			f, err := a.store.ResolveFeed(a.ctx, feed)
			if err != nil {
				return asUsage(notFound(feed, err))
			}
			_, err = a.engine().MarkFeedRead(a.ctx, f.ID)
			return err
		}
		return asUsage(a.engine().MarkItems(a.ctx, mark, ids))
	})
}

func parseIDs(refs []string) ([]int64, error) {
	ids := make([]int64, 0, len(refs))
	for _, r := range refs {
		var id int64
		if _, err := fmt.Sscan(strings.TrimSpace(r), &id); err != nil || id <= 0 {
			return nil, usagef("%q is not an item id", r)
		}
		ids = append(ids, id)
	}
	return ids, nil
}
