package cli

import (
	"errors"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) searchCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "search save|list|remove",
		Short: "Saved searches: named expressions shown in the reader's tree as virtual feeds",
		Args:  noArgs,
	}
	cmd.AddCommand(c.searchSaveCmd(), c.searchListCmd(), c.searchRemoveCmd())
	return cmd
}

func (c *cli) searchSaveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "save NAME 'EXPR'",
		Short: "Save an expression under a name (replacing a search of that name)",
		Args:  exactArgs(2, "a name and an expression (quote both)"),
		RunE: func(_ *cobra.Command, args []string) error {
			if _, err := engine.ParseExpression(args[1]); err != nil {
				return usagef("search save: %w", err)
			}
			if _, err := store.CleanSearchName(args[0]); err != nil {
				return usagef("search save: %w", err)
			}
			return c.withApp(func(a *app) error {
				_, err := a.engine().SaveSearch(a.ctx, args[0], args[1])
				return err
			})
		},
	}
}

// searchJSON is one saved search in 'tidings search list --json'.
type searchJSON struct {
	Name   string `json:"name"`
	Expr   string `json:"expr"`
	Unread int    `json:"unread_count"`
}

func (c *cli) searchListCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the saved searches with their unread counts",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return c.withReadingApp(func(a *app) error {
				searches, err := a.engine().SavedSearches(a.ctx)
				if err != nil {
					return err
				}
				out := make([]searchJSON, 0, len(searches))
				for _, s := range searches {
					out = append(out, searchJSON{Name: s.Name, Expr: s.Expr, Unread: s.Unread})
				}
				if asJSON {
					return writeJSON(a.stdout, out)
				}
				tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "NAME\tUNREAD\tEXPRESSION")
				for _, s := range out {
					fmt.Fprintf(tw, "%s\t%d\t%s\n", sanitize.Terminal(s.Name), s.Unread, sanitize.Terminal(s.Expr))
				}
				return tw.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func (c *cli) searchRemoveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "remove NAME",
		Short: "Remove a saved search",
		Args:  exactArgs(1, "the name of a saved search"),
		RunE: func(_ *cobra.Command, args []string) error {
			return c.withApp(func(a *app) error {
				return noSearch(args[0], a.engine().RemoveSearch(a.ctx, args[0]))
			})
		},
	}
}

// noSearch says which saved search is missing.
func noSearch(name string, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no saved search %q (see 'tidings search list')", name)
	}
	return err
}
