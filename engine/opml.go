package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/cmdfeed"
	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// Imported is what ImportOPML did.
type Imported struct {
	// Added and Skipped count new subscriptions and those already there.
	Added, Skipped int
	// Searches and Rules count the saved searches and rules added.
	Searches, Rules int
	// Notices are settings brought within their bounds, and searches or
	// rules left out (a bad query, a name taken), one line each.
	Notices []string
}

// ImportOPML subscribes to every feed of an OPML document, fetching
// nothing: nested outlines become nested folders (empty ones too), feeds
// already subscribed are left as they are, and each feed's settings pass
// the one check (BoundSettings). It never subscribes to a command: a
// filter feed's outline becomes its plain feed and a command feed's
// nothing, each with a notice.
func (e *Engine) ImportOPML(ctx context.Context, doc *opml.Document) (Imported, error) {
	var out Imported
	for _, p := range doc.Root.FolderPaths() {
		path, err := CleanFolderPath(p)
		if err == nil {
			_, err = e.store.EnsureFolder(ctx, path)
		}
		if err != nil {
			return out, err
		}
	}
	var failed error
	doc.Root.Walk(func(folder string, f opml.Feed) {
		if failed != nil {
			return
		}
		u, err := f.Address()
		if err != nil {
			out.Notices = append(out.Notices, fmt.Sprintf("an outline skipped: xmlUrl %v", err))
			return
		}
		if f.Filter != "" {
			out.Notices = append(out.Notices, fmt.Sprintf("%s: filter %s not imported (%s); the feed is subscribed without it",
				u, sanitize.Named(f.Filter), noCommandsFromFiles))
		}
		nf, notices, err := opmlFeed(folder, u, f)
		if err == nil {
			_, err = e.store.AddFeed(ctx, nf)
		}
		switch {
		case errors.Is(err, store.ErrDuplicate):
			out.Skipped++
		case err != nil:
			failed = fmt.Errorf("import %s: %w", u, err)
		default:
			out.Added++
			for _, n := range notices {
				out.Notices = append(out.Notices, u.String()+": "+n)
			}
		}
	})
	if failed != nil {
		return out, failed
	}
	doc.Root.WalkCommands(func(_ string, c opml.Command) {
		out.Notices = append(out.Notices, fmt.Sprintf("command feed %s not imported (%s); if you trust it, add it with tidings add",
			sanitize.Named(cmdfeed.ExecPrefix+c.Command), noCommandsFromFiles))
	})
	if err := e.importSearches(ctx, doc.Searches, &out); err != nil {
		return out, err
	}
	return out, e.importRules(ctx, doc.Rules, &out)
}

// noCommandsFromFiles is why ImportOPML subscribes to no command: an
// OPML file is often someone else's, and what it names would run as you.
const noCommandsFromFiles = "an OPML file never brings a command to run"

// opmlFeed is an outline's feed, at the address u it gives, as a new
// subscription, its settings bounded.
func opmlFeed(folder string, u weburl.URL, f opml.Feed) (store.NewFeed, []string, error) {
	sync := f.Sync
	if sync == "" {
		sync = store.SyncDefault
	}
	fs, notices, err := BoundSettings(store.FeedSettings{Sync: &sync, IntervalMinutes: &f.IntervalMinutes, MaxItems: &f.MaxItems,
		FolderPath: &folder, Title: &f.Title})
	if err != nil {
		return store.NewFeed{}, nil, err
	}
	// The outline's title is the person's name for the feed: downloads
	// keep it (CustomTitle), as they keep one given to tidings add --title;
	// unless tidings exported it as the publisher's (TitleFromFeed), which
	// downloads keep up to date.
	return store.NewFeed{URL: u, Title: *fs.Title, CustomTitle: *fs.Title != "" && !f.TitleFromFeed, SiteURL: sanitize.Link(f.HTMLURL), FolderPath: *fs.FolderPath, Sync: *fs.Sync,
		IntervalMinutes: *fs.IntervalMinutes, MaxItems: *fs.MaxItems, DownloadEnclosures: f.Enclosures,
		FullText: f.FullText}, notices, nil
}

// ExportOPML builds the subscription tree as an OPML document, empty
// folders included. A filter feed is its address with its command in
// tidings:filter; a command feed, which has no address, is an outline of
// its own (opml.Command), never an xmlUrl.
func (e *Engine) ExportOPML(ctx context.Context) (*opml.Document, error) {
	folders, err := e.store.Folders(ctx)
	if err != nil {
		return nil, err
	}
	feeds, err := e.store.Feeds(ctx)
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
		if f.Source == store.SourceExec { // no address: never an xmlUrl
			node.Commands = append(node.Commands, opml.Command{Title: f.Title, Command: f.Command})
			continue
		}
		of := opml.Feed{URL: f.FetchURL(), Title: f.Title, HTMLURL: f.SiteURL,
			Sync: f.Sync, IntervalMinutes: f.IntervalMinutes, MaxItems: f.MaxItems, Enclosures: f.DownloadEnclosures,
			TitleFromFeed: !f.CustomTitle, FullText: f.FullText}
		if f.Source == store.SourceFilter {
			of.Filter = f.Command
		}
		node.Feeds = append(node.Feeds, of)
	}
	if err := e.exportExtensions(ctx, doc, feeds); err != nil {
		return nil, err
	}
	// Attach children deepest first so each parent receives complete subtrees.
	for i := len(order) - 1; i >= 0; i-- {
		path := order[i]
		parent := nodes[store.ParentFolder(path)]
		parent.Folders = append([]opml.Folder{*nodes[path]}, parent.Folders...)
	}
	return doc, nil
}
