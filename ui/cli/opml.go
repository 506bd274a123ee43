package cli

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine/opml"
)

func (c *cli) importCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE.opml",
		Short: "Subscribe to every feed of an OPML file (nothing is fetched)",
		Long: "Nested outlines become nested folders. Feeds already subscribed are left as they are.\n" +
			"A file that is not valid OPML changes nothing.",
		Args: exactArgs(1, "one OPML file"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runImport(args[0]) },
	}
}

func (c *cli) runImport(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	doc, err := opml.Decode(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("import %s: %w", path, err)
	}
	return c.withApp(func(a *app) error {
		got, err := a.engine().ImportOPML(a.ctx, doc)
		if err != nil {
			return err
		}
		a.notices(got.Notices)
		fmt.Fprintf(a.stdout, "imported %d feeds (%d already subscribed)\n", got.Added, got.Skipped)
		if got.Searches > 0 || got.Rules > 0 {
			fmt.Fprintf(a.stdout, "imported %d saved searches and %d rules\n", got.Searches, got.Rules)
		}
		return nil
	})
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
