package cli

import (
	"fmt"
	"strings"

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
			return c.withReadingApp(func(a *app) error {
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
	tw := newTable(a.stdout, "ID", "UNREAD", "ITEMS", "FOLDER", "TITLE", "URL", "STATUS")
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
		tw.row(fmt.Sprint(f.ID), fmt.Sprint(f.UnreadCount), fmt.Sprint(f.ItemCount),
			cell(f.FolderPath), cell(f.Title), cell(f.URL), cell(status))
	}
	return tw.flush()
}

// itemsOptions are the items command's flags.
type itemsOptions struct {
	feed   string
	unread bool
	limit  int
	asJSON bool
	query  string
	saved  string
	all    bool
}

func (c *cli) itemsCmd() *cobra.Command {
	var o itemsOptions
	cmd := &cobra.Command{
		Use:   "items [--feed ID-or-URL] [--unread] [--query 'EXPR' | --saved NAME] [--all] [--limit N] [--json]",
		Short: "List items, newest first (a list feed's in document order)",
		Long: "Lists items, newest first. --query selects with an expression of tidings' query language:\n" +
			"  title, author, content, feed, folder, category, link  with = != (ignoring case), ~ !~ (regexp)\n" +
			"  unread, flagged, enclosure                           alone, or = true/false\n" +
			"  age                                                  days, with < > <= >= = !=\n" +
			"  text:\"words\"                                        full-text search (prefixes match)\n" +
			"joined with and, or, not and parentheses, e.g.\n" +
			"  tidings items --query 'category = security and unread and age < 7'\n" +
			"Items hidden by rules show only with --all.",
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return c.runItems(o) },
	}
	cmd.Flags().StringVar(&o.feed, "feed", "", "only this feed's items (id or URL)")
	cmd.Flags().BoolVar(&o.unread, "unread", false, "only unread items")
	cmd.Flags().IntVar(&o.limit, "limit", 0, "at most N items (0: all)")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print JSON")
	cmd.Flags().StringVar(&o.query, "query", "", "only items matching this expression")
	cmd.Flags().StringVar(&o.saved, "saved", "", "only items of this saved search")
	cmd.Flags().BoolVar(&o.all, "all", false, "include the items hidden by rules")
	return cmd
}

func (c *cli) runItems(o itemsOptions) error {
	if o.limit < 0 {
		return usagef("--limit %d: must be 0 or more", o.limit)
	}
	if o.query != "" && o.saved != "" {
		return usagef("items: --query and --saved do not go together")
	}
	q := store.ItemQuery{Unread: o.unread, Limit: o.limit, IncludeHidden: o.all}
	if o.query != "" {
		e, err := engine.ParseExpression(o.query)
		if err != nil {
			return usagef("items --query: %w", err)
		}
		q.Filter = e
	}
	return c.withReadingApp(func(a *app) error {
		if o.saved != "" {
			sq, err := a.engine().SavedQuery(a.ctx, o.saved)
			if err != nil {
				return asUsage(noSearch(o.saved, err))
			}
			q.Filter = sq.Filter
		}
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
	tw := newTable(a.stdout, "ID", "STATE", "DATE", "FEED", "TITLE")
	for _, it := range items {
		state := map[bool]string{true: " ", false: "N"}[it.Read]
		if it.Flagged {
			state += "!"
		}
		if it.Hidden {
			state += "h"
		}
		tw.row(fmt.Sprint(it.ID), state, it.Date.Local().Format("2006-01-02 15:04"), cell(it.FeedTitle), cell(it.Title))
	}
	return tw.flush()
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

// cell is text for one table cell: controls removed, runs of white space
// (tabs and newlines too) one space.
func cell(s string) string { return oneLine(sanitize.Terminal(s)) }
