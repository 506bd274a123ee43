package cli

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) folderCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "folder list|move|remove",
		Short: "Folders: list them with their counts, move or rename one, remove one",
		Long: "A folder is named by its full path, its names joined by '/': News/Tech. Folders are\n" +
			"made by 'tidings add --folder' and 'tidings set ID folder='.\n\n" +
			"  tidings folder list                              each folder's feeds, unread and items, its\n" +
			"                                                   sub-folders' included (the reader's numbers)\n" +
			"  tidings folder move News/Tech News/Technology    renames it (alias: folder rename)\n" +
			"  tidings folder move News/Tech Tech               moves it to the top level\n" +
			"  tidings folder move Tech News/Tech               moves it into News (made when missing)\n" +
			"  tidings folder remove News/Tech                  its feeds and sub-folders move up to News\n\n" +
			"A folder moves with its sub-folders and feeds. Removing one unsubscribes nothing. Paths are\n" +
			"cleaned as 'set folder=' cleans them: names trimmed, blank ones and their slashes dropped.\n" +
			"Refused with exit status 2, nothing changed: a folder that does not exist, the top level,\n" +
			"a name '.' or '..', an empty NEW, a NEW inside OLD. Refused with exit status 1: a NEW that\n" +
			"exists already (folders are not merged), a sub-folder that would move up beside a folder\n" +
			"of its name. With an account configured ([remote]), its feeds in the folder move to their\n" +
			"new labels on its server first (none can move to the top level); when the server refuses,\n" +
			"nothing changes and the exit status is 1.",
		Args: noArgs,
	}
	cmd.AddCommand(c.folderListCmd(), c.folderMoveCmd(), c.folderRemoveCmd())
	return cmd
}

// folderJSON is one folder in 'tidings folder list --json'. Its counts
// are its whole subtree's, as the reader's tree shows them.
type folderJSON struct {
	Path        string `json:"path"`
	FeedCount   int    `json:"feed_count"`
	ItemCount   int    `json:"item_count"`
	UnreadCount int    `json:"unread_count"`
}

func (c *cli) folderListCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [--json]",
		Short: "List every folder by path with its feeds, unread and items (sub-folders' included)",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return c.withReadingApp(func(a *app) error {
				out, err := foldersJSON(a)
				if err != nil || asJSON {
					return errors.Join(err, writeJSON(a.stdout, out))
				}
				tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "FOLDER\tFEEDS\tUNREAD\tITEMS")
				for _, f := range out {
					fmt.Fprintf(tw, "%s\t%d\t%d\t%d\n", sanitize.Terminal(f.Path), f.FeedCount, f.UnreadCount, f.ItemCount)
				}
				return tw.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// foldersJSON reads every folder's subtree totals (the reader's tree's
// numbers) and counts the feeds in each subtree.
func foldersJSON(a *app) ([]folderJSON, error) {
	counts, err := a.store.FolderCounts(a.ctx)
	if err != nil {
		return nil, err
	}
	feeds, err := a.store.FeedRows(a.ctx)
	if err != nil {
		return nil, err
	}
	inSubtree := map[string]int{}
	for _, f := range feeds {
		for p := f.FolderPath; p != ""; p = store.ParentFolder(p) {
			inSubtree[p]++
		}
	}
	out := make([]folderJSON, 0, len(counts))
	for _, f := range counts {
		out = append(out, folderJSON{Path: f.Path, FeedCount: inSubtree[f.Path], ItemCount: f.Items, UnreadCount: f.Unread})
	}
	return out, nil
}

func (c *cli) folderMoveCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "move OLD NEW",
		Aliases: []string{"rename"},
		Short:   "Give folder OLD, its sub-folders and feeds, the path NEW (News/Tech Tech: to the top level)",
		Args:    exactArgs(2, "the folder's path and its new path"),
		RunE: func(_ *cobra.Command, args []string) error {
			from, to, err := movePaths(args[0], args[1])
			if err != nil {
				return err
			}
			return c.withApp(func(a *app) error {
				if err := existingFolder(a, from, args[0]); err != nil {
					return err
				}
				return folderRefusal(a.engine().MoveFolder(a.ctx, from, to))
			})
		},
	}
}

// movePaths checks a move's paths before the database is opened: both
// are paths a folder can have, and NEW is neither empty nor inside OLD.
func movePaths(from, to string) (cleanFrom, cleanTo string, err error) {
	if cleanFrom, err = folderPath("folder move", from); err != nil {
		return "", "", err
	}
	if cleanTo, err = newFolderPath("folder move", to); err != nil {
		return "", "", err
	}
	if cleanTo == "" {
		return "", "", usagef("folder move: the new path %s is empty: a folder needs a name (the top level is no folder)", sanitize.Named(to))
	}
	if strings.HasPrefix(cleanTo, cleanFrom+"/") {
		return "", "", usagef("folder move: %s cannot move into itself (%s is inside it)", sanitize.Named(cleanFrom), sanitize.Named(cleanTo))
	}
	return cleanFrom, cleanTo, nil
}

func (c *cli) folderRemoveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "remove PATH",
		Short: "Remove a folder, unsubscribing nothing: its feeds and sub-folders move up to its parent",
		Args:  exactArgs(1, "the folder's path"),
		RunE: func(_ *cobra.Command, args []string) error {
			path, err := folderPath("folder remove", args[0])
			if err != nil {
				return err
			}
			return c.withApp(func(a *app) error {
				if err := existingFolder(a, path, args[0]); err != nil {
					return err
				}
				return folderRefusal(a.engine().RemoveFolder(a.ctx, path))
			})
		},
	}
}

// folderPath is the path of an existing folder as typed, made what the
// store keeps (the normalisation of the reader and of 'set folder=':
// plain text, names trimmed, blank ones dropped, "." and ".." refused);
// the top level is no folder to move or remove.
func folderPath(cmd, typed string) (string, error) {
	clean, err := newFolderPath(cmd, typed)
	if err == nil && clean == "" {
		err = usagef("%s: %s names the top level, which is no folder", cmd, sanitize.Named(typed))
	}
	return clean, err
}

// newFolderPath is a path typed for a folder as the store keeps it (""
// for the top level).
func newFolderPath(cmd, typed string) (string, error) {
	clean, err := engine.CleanFolderPath(typed)
	if err != nil {
		return "", usagef("%s: %s is not a folder path: %w", cmd, sanitize.Named(typed), err)
	}
	return clean, nil
}

// existingFolder checks that the folder at clean (typed as typed) exists:
// a missing one is a usage error (exit status 2).
func existingFolder(a *app, clean, typed string) error {
	folders, err := a.store.Folders(a.ctx)
	if err != nil {
		return err
	}
	for _, f := range folders {
		if f.Path == clean {
			return nil
		}
	}
	return usagef("no folder %s (see 'tidings folder list')", sanitize.Named(typed))
}

// folderRefusal sorts the engine's refusal of a folder change, which
// names the change already: a path that exists already or a server's no
// exits with status 1, what is the user's to fix with status 2. The store
// and the server changed nothing either way.
func folderRefusal(err error) error {
	var re *remote.Error
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrFolderExists):
		return fmt.Errorf("%w; folders are not merged: rename or move one of them first", err)
	case errors.As(err, &re):
		return err
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrInvalid), errors.Is(err, account.ErrSetting):
		return asUsage(err)
	}
	return err
}
