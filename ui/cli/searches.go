package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
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
			return c.withApp(func(a *app) error {
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

func (c *cli) importNewsboatCmd() *cobra.Command {
	var config string
	cmd := &cobra.Command{
		Use:   "import-newsboat [URLS-FILE] [--config NEWSBOAT-CONFIG]",
		Short: "Turn newsboat's query feeds into saved searches and its ignore-article lines into rules",
		Long: "Reads the query: lines of a newsboat urls file and the ignore-article lines of a newsboat\n" +
			"config (ignore-mode \"display\" makes them hide rules, else delete rules). Feeds are not\n" +
			"subscribed here. Each line that does not translate is reported on stderr; the rest is imported.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 && config == "" {
				return usagef("import-newsboat: expects a urls file, --config FILE, or both")
			}
			var urlsPath string
			if len(args) == 1 {
				urlsPath = args[0]
			}
			return c.runImportNewsboat(urlsPath, config)
		},
	}
	cmd.Flags().StringVar(&config, "config", "", "a newsboat config file with ignore-article lines")
	return cmd
}

func (c *cli) runImportNewsboat(urlsPath, configPath string) error {
	var files [2]*os.File
	for i, p := range []string{urlsPath, configPath} {
		if p == "" {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("import-newsboat: %w", err)
		}
		defer f.Close()
		files[i] = f
	}
	return c.withApp(func(a *app) error {
		got, err := a.engine().ImportNewsboat(a.ctx, optReader(files[0]), urlsPath, optReader(files[1]), configPath)
		a.notices(got.Notices)
		if err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "imported %d saved searches and %d rules\n", got.Searches, got.Rules)
		return nil
	})
}

// optReader is f as a reader, nil when there is no file.
func optReader(f *os.File) io.Reader {
	if f == nil {
		return nil
	}
	return f
}
