package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) ruleCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rule add|list|remove|apply",
		Short: "Rules: hide, mark read, flag or delete new items that match an expression",
		Long: "A rule applies to new and updated items as they are stored, in the download's own\n" +
			"transaction, whether the reader or 'tidings sync' downloads them; 'tidings rule apply'\n" +
			"applies rules to the items already stored. See 'tidings items --query' for the expression\n" +
			"language.",
		Args: noArgs,
	}
	cmd.AddCommand(c.ruleAddCmd(), c.ruleListCmd(), c.ruleRemoveCmd(), c.ruleApplyCmd())
	return cmd
}

func (c *cli) ruleAddCmd() *cobra.Command {
	var action, feed string
	cmd := &cobra.Command{
		Use:   "add 'EXPR' --action hide|read|flag|delete [--feed ID-or-URL]",
		Short: "Add a rule; prints its id",
		Args:  exactArgs(1, "one expression (quote it)"),
		RunE: func(_ *cobra.Command, args []string) error {
			if _, err := engine.ParseAction(action); err != nil {
				return usagef("rule add: --action: %w", err)
			}
			if _, err := engine.ParseExpression(args[0]); err != nil {
				return usagef("rule add: %w", err)
			}
			return c.withApp(func(a *app) error {
				var feedID int64
				if feed != "" {
					f, err := a.store.ResolveFeed(a.ctx, feed)
					if err != nil {
						return asUsage(notFound(feed, err))
					}
					feedID = f.ID
				}
				r, err := a.engine().AddRule(a.ctx, args[0], action, feedID)
				if err != nil {
					return err
				}
				fmt.Fprintln(a.stdout, r.ID)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&action, "action", "", "hide, read, flag or delete (required)")
	cmd.Flags().StringVar(&feed, "feed", "", "only this feed's items (id or URL)")
	return cmd
}

// ruleJSON is one rule in 'tidings rule list --json'.
type ruleJSON struct {
	ID        int64  `json:"id"`
	Expr      string `json:"expr"`
	Action    string `json:"action"`
	FeedID    int64  `json:"feed_id"`
	FeedURL   string `json:"feed_url"`
	CreatedAt string `json:"created_at"`
}

func (c *cli) ruleListCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the rules, oldest first",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return c.withReadingApp(func(a *app) error {
				rules, err := a.engine().Rules(a.ctx)
				if err != nil {
					return err
				}
				out, err := rulesJSON(a, rules)
				if err != nil || asJSON {
					return errors.Join(err, writeJSON(a.stdout, out))
				}
				return printRules(a, out)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func rulesJSON(a *app, rules []store.Rule) ([]ruleJSON, error) {
	out := make([]ruleJSON, 0, len(rules))
	for _, r := range rules {
		j := ruleJSON{ID: r.ID, Expr: r.Expr, Action: r.Action, FeedID: r.FeedID, CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339)}
		if r.FeedID != 0 {
			f, err := a.store.Feed(a.ctx, r.FeedID)
			if err != nil {
				return nil, err
			}
			j.FeedURL = f.URL
		}
		out = append(out, j)
	}
	return out, nil
}

func printRules(a *app, rules []ruleJSON) error {
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tACTION\tFEED\tEXPRESSION")
	for _, r := range rules {
		feed := "all"
		if r.FeedURL != "" {
			feed = sanitize.Terminal(r.FeedURL)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", r.ID, r.Action, feed, sanitize.Terminal(r.Expr))
	}
	return tw.Flush()
}

func (c *cli) ruleRemoveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "remove ID ...",
		Short: "Remove rules (items a delete rule removed may come back with the next download)",
		Args:  minArgs(1, "rule ids"),
		RunE: func(_ *cobra.Command, args []string) error {
			ids, err := ruleIDs("rule remove", args)
			if err != nil {
				return err
			}
			return c.withApp(func(a *app) error {
				for _, id := range ids {
					if err := a.engine().RemoveRule(a.ctx, id); err != nil {
						if errors.Is(err, store.ErrNotFound) {
							return fmt.Errorf("no rule %d (see 'tidings rule list')", id)
						}
						return err
					}
				}
				return nil
			})
		},
	}
}

// ruleIDs reads rule ids from the command line; a word that is none is a
// usage error of the command named.
func ruleIDs(command string, args []string) ([]int64, error) {
	ids := make([]int64, 0, len(args))
	for _, s := range args {
		id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || id <= 0 {
			return nil, usagef("%s: %s is not a rule id", command, sanitize.Named(s))
		}
		ids = append(ids, id)
	}
	return ids, nil
}
