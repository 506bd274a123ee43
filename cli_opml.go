package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/store"
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
		for _, p := range doc.Root.FolderPaths() {
			if _, err := a.store.EnsureFolder(a.ctx, p); err != nil {
				return err
			}
		}
		added, skipped := 0, 0
		var failed error
		doc.Root.Walk(func(folder string, f opml.Feed) {
			if failed != nil {
				return
			}
			_, err := a.store.AddFeed(a.ctx, newFeedFromOPML(folder, f))
			switch {
			case errors.Is(err, store.ErrDuplicate):
				skipped++
			case err != nil:
				failed = err
			default:
				added++
			}
		})
		if failed != nil {
			return failed
		}
		fmt.Fprintf(a.stdout, "imported %d feeds (%d already subscribed)\n", added, skipped)
		return nil
	})
}

func newFeedFromOPML(folder string, f opml.Feed) store.NewFeed {
	nf := store.NewFeed{URL: f.URL, Title: f.Title, CustomTitle: false, FolderPath: folder,
		Sync: f.Sync, IntervalMinutes: f.IntervalMinutes, MaxItems: f.MaxItems, DownloadEnclosures: f.Enclosures}
	if nf.Sync == "" {
		nf.Sync = store.SyncDefault
	}
	return nf
}

func (c *cli) exportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "export [FILE]",
		Short: "Write the subscriptions as OPML 2.0 (to FILE, or standard output)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return c.withApp(func(a *app) error {
				doc, err := a.opmlDocument()
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

// opmlDocument builds the subscription tree, empty folders included.
func (a *app) opmlDocument() (*opml.Document, error) {
	folders, err := a.store.Folders(a.ctx)
	if err != nil {
		return nil, err
	}
	feeds, err := a.store.Feeds(a.ctx)
	if err != nil {
		return nil, err
	}
	doc := &opml.Document{Title: "tidings subscriptions"}
	nodes := map[string]*opml.Folder{"": &doc.Root}
	var order []string
	for _, f := range folders { // parents come before children
		nodes[f.Path] = &opml.Folder{Name: f.Name}
		order = append(order, f.Path)
	}
	for _, f := range feeds {
		node := nodes[f.FolderPath]
		node.Feeds = append(node.Feeds, opml.Feed{URL: f.URL, Title: f.Title, HTMLURL: f.SiteURL,
			Sync: f.Sync, IntervalMinutes: f.IntervalMinutes, MaxItems: f.MaxItems, Enclosures: f.DownloadEnclosures})
	}
	// Attach children deepest first so each parent receives complete subtrees.
	for i := len(order) - 1; i >= 0; i-- {
		path := order[i]
		parent := nodes[store.ParentFolder(path)]
		parent.Folders = append([]opml.Folder{*nodes[path]}, parent.Folders...)
	}
	return doc, nil
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
