package cli

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine/opml"
)

func (c *cli) importCmd() *cobra.Command {
	var cachePath string
	cmd := &cobra.Command{
		Use:   "import [FILE] [--newsboat-cache CACHE.db]",
		Short: "Subscribe to the feeds of an OPML file or a newsboat urls file; bring over newsboat's articles",
		Long: "FILE is OPML (nested outlines become nested folders) or a newsboat urls file, told apart by\n" +
			"content: a feed's first tag becomes its folder, \"~Title\" its name; query feeds are skipped\n" +
			"with a notice each. --newsboat-cache reads newsboat's cache.db and brings over its feeds and\n" +
			"articles with their read and flagged state. Nothing is fetched; feeds and articles already\n" +
			"there are left as they are (an article can only become read or flagged), so importing twice\n" +
			"changes nothing. A file that cannot be read whole changes nothing.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 && cachePath == "" {
				return usagef("import: expects a FILE, --newsboat-cache CACHE.db, or both")
			}
			var path string
			if len(args) == 1 {
				path = args[0]
			}
			return c.runImport(path, cachePath)
		},
	}
	cmd.Flags().StringVar(&cachePath, "newsboat-cache", "",
		"newsboat's cache.db (~/.local/share/newsboat/cache.db or ~/.newsboat/cache.db): its feeds, articles, read and flag state")
	return cmd
}

func (c *cli) exportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "export [FILE]",
		Short: "Write the subscriptions as OPML 2.0 (to FILE, or standard output)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return c.withApp(func(a *app) error {
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
