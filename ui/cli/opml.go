package cli

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine/opml"
)

func (c *cli) importCmd() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import [FILE] [--newsboat-cache CACHE.db] [--newsboat-config CONFIG]",
		Short: "Subscribe to the feeds of an OPML file or a newsboat urls file; bring over newsboat's articles and rules",
		Long: "FILE is OPML (nested outlines become nested folders; tidings' saved searches and rules come\n" +
			"along) or a newsboat urls file, told apart by content: a feed's first tag becomes its folder,\n" +
			"\"~Title\" its name, and query feeds become saved searches where their expression translates\n" +
			"(the others are reported with a notice each). --newsboat-config reads a newsboat config and\n" +
			"turns its ignore-article lines into rules (ignore-mode \"display\": hide rules, else delete\n" +
			"rules) and its bind-key, unbind-key, macro, color, highlight, highlight-article, browser and\n" +
			"bookmark-cmd lines into settings, written into the config file (a new one, or appended to\n" +
			"yours leaving what is there; keys you set already are left out and named); each line that\n" +
			"does not translate is reported. --newsboat-cache reads newsboat's cache.db and brings over\n" +
			"its feeds and articles with their read and flagged state, rules applied. Nothing is fetched;\n" +
			"feeds, articles, searches and rules already there are left as they are (an article can only\n" +
			"become read or flagged), so importing twice changes nothing.\n" +
			"A file that cannot be read whole changes nothing.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 && o.cache == "" && o.config == "" {
				return usagef("import: expects a FILE, --newsboat-cache CACHE.db, --newsboat-config CONFIG, or several")
			}
			if len(args) == 1 {
				o.path = args[0]
			}
			return c.runImport(o)
		},
	}
	cmd.Flags().StringVar(&o.cache, "newsboat-cache", "",
		"newsboat's cache.db (~/.local/share/newsboat/cache.db or ~/.newsboat/cache.db): its feeds, articles, read and flag state")
	cmd.Flags().StringVar(&o.config, "newsboat-config", "",
		"newsboat's config (~/.config/newsboat/config or ~/.newsboat/config): ignore-article lines become rules; keys, macros, colours, highlights, browser, bookmark-cmd become settings")
	return cmd
}

func (c *cli) exportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "export [FILE]",
		Short: "Write the subscriptions as OPML 2.0 (to FILE, or standard output)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return c.withReadingApp(func(a *app) error {
				doc, err := a.engine().ExportOPML(a.ctx)
				if err != nil {
					return err
				}
				var buf bytes.Buffer
				if err := opml.Encode(&buf, doc); err != nil {
					return fmt.Errorf("export: %w", err)
				}
				if len(args) == 0 {
					_, err = a.stdout.Write(buf.Bytes())
					return err
				}
				return writeFileAtomic(args[0], buf.Bytes())
			})
		},
	}
}

// writeFileAtomic writes data to a temporary file beside path, then renames
// it, so a failed export never leaves half a file.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}
