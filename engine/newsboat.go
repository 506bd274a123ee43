package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/engine/cmdfeed"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/newsboat"
	newsboatcache "github.com/tidings-rss/tidings/engine/newsboat/cache"
	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// ImportNewsboatURLs subscribes to the feeds of a newsboat urls file,
// fetching nothing: a feed's first ordinary tag is its folder and a
// "~Title" tag its own name; feeds already subscribed are left as they
// are. Its query feeds become saved searches where their expression
// translates (a search already saved under the name is kept). "exec:"
// and "filter:" lines become command and filter feeds (cmdfeed.Parse),
// each named in a notice, as their commands will run at every sync.
// Lines tidings cannot follow are skipped with a notice each: query feeds
// that do not translate, commands that do not (one that needs a shell,
// say), and sources that are not http(s) URLs ("file://"). Further tags
// are not kept: a feed has one folder in tidings, and one notice names
// the feeds that had more (moreTags).
func (e *Engine) ImportNewsboatURLs(ctx context.Context, u *newsboat.URLs) (Imported, error) {
	var out Imported
	var moreTags []string
	for _, en := range u.Feeds {
		nf, err := newsboatSource(en)
		if err != nil {
			out.Notices = append(out.Notices, fmt.Sprintf("urls line %d: %s skipped: %v", en.Line, sanitize.Named(en.URL), err))
			continue
		}
		folder, err := CleanFolderPath(en.Folder())
		if err != nil {
			out.Notices = append(out.Notices, fmt.Sprintf("urls line %d: %v; the feed goes to the top level", en.Line, err))
		}
		title := sanitize.Text(en.Title)
		nf.Title, nf.CustomTitle, nf.FolderPath, nf.DownloadEnclosures = title, title != "", folder, e.cfg.Enclosures.Download
		_, err = e.store.AddFeed(ctx, nf)
		switch {
		case errors.Is(err, store.ErrDuplicate):
			out.Skipped++
		case err != nil:
			return out, fmt.Errorf("import urls line %d: %w", en.Line, err)
		default:
			out.Added++
			if nf.Command != "" {
				out.Notices = append(out.Notices, fmt.Sprintf("urls line %d: %s feed imported: %s runs at each of its syncs",
					en.Line, nf.Source, sanitize.Named(nf.Command)))
			}
			if extra := en.Categories(); len(extra) > 0 {
				name := en.URL
				if nf.Command == "" {
					name = nf.URL.String()
				}
				moreTags = append(moreTags, taggedFeed(name, folder, extra))
			}
		}
	}
	if len(moreTags) > 0 {
		out.Notices = append(out.Notices, moreTagsNotice(moreTags))
	}
	return out, e.newsboatSearches(ctx, u.Queries, &out)
}

// namedFeeds is how many feeds a notice names before "and N more".
const namedFeeds = 5

// taggedFeed is a feed of the more-tags notice: "URL (in Folder; not
// kept: a, b)", or "at the top level" when its first tag made no folder.
func taggedFeed(url, folder string, extra []string) string {
	named := make([]string, len(extra))
	for i, t := range extra {
		named[i] = sanitize.Named(t)
	}
	where := "at the top level"
	if folder != "" {
		where = "in " + sanitize.Named(folder)
	}
	return fmt.Sprintf("%s (%s; not kept: %s)", sanitize.Shown(url), where, strings.Join(named, ", "))
}

// moreTagsNotice says which feeds had tags past their first, and what
// became of those tags.
func moreTagsNotice(feeds []string) string {
	what := fmt.Sprintf("%d feeds have", len(feeds))
	if len(feeds) == 1 {
		what = "1 feed has"
	}
	list := strings.Join(feeds[:min(len(feeds), namedFeeds)], ", ")
	if more := len(feeds) - namedFeeds; more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return what + " more than one tag; a feed has one folder here, its first tag, and the others are not kept: " + list
}

// newsboatSource is the subscription a urls entry names: an http(s)
// feed, a command feed or a filter feed.
func newsboatSource(en newsboat.Entry) (store.NewFeed, error) {
	if cmdfeed.IsCommand(en.URL) {
		spec, err := cmdfeed.Parse(en.URL)
		if err != nil {
			return store.NewFeed{}, err
		}
		return store.NewFeed{Source: storeSource[spec.Kind], Command: spec.Command, URL: spec.URL}, nil
	}
	addr, err := en.Address()
	if err != nil {
		return store.NewFeed{}, errors.New("not an http(s) feed")
	}
	return store.NewFeed{URL: addr}, nil
}

// newsboatSearches saves the query feeds that translate as searches and
// reports, one line each, those that do not.
func (e *Engine) newsboatSearches(ctx context.Context, queries []newsboat.Query, out *Imported) error {
	for _, q := range queries {
		expr, err := q.Translate()
		if err != nil {
			out.Notices = append(out.Notices, fmt.Sprintf("urls line %d: query feed %s (%s) not imported: %v",
				q.Line, sanitize.Named(q.Title), sanitize.Shown(q.Expression), err))
			continue
		}
		var got Imported
		if err := e.importSearches(ctx, []opml.Search{{Name: q.Title, Query: expr.String()}}, &got); err != nil {
			return fmt.Errorf("import urls line %d: %w", q.Line, err)
		}
		out.Searches += got.Searches
		for _, n := range got.Notices {
			out.Notices = append(out.Notices, fmt.Sprintf("urls line %d: %s", q.Line, n))
		}
	}
	return nil
}

// ImportNewsboatConfig turns a newsboat config's ignore-article lines
// into rules: delete rules, or hide rules under ignore-mode "display". A
// rule already there is not added twice; each line that does not
// translate is reported with its line, never dropped silently.
func (e *Engine) ImportNewsboatConfig(ctx context.Context, c *newsboat.Config) (Imported, error) {
	var out Imported
	for _, u := range c.Untranslated {
		out.Notices = append(out.Notices, "config "+u.String()+" (not imported)")
	}
	have, err := e.store.Rules(ctx)
	if err != nil {
		return out, fmt.Errorf("import config: %w", err)
	}
	for _, r := range c.Rules {
		action := store.ActionDelete
		if r.Hide {
			action = store.ActionHide
		}
		if hasRule(have, r.Expr.String(), action, 0) {
			continue
		}
		added, err := e.AddRule(ctx, r.Expr.String(), action, 0)
		if err != nil {
			return out, fmt.Errorf("import config line %d: %w", r.Line, err)
		}
		have = append(have, added)
		out.Rules++
	}
	return out, nil
}

// CacheImported is what ImportNewsboatCache did.
type CacheImported struct {
	// Feeds counts the subscriptions made and those already there;
	// its notices name the feeds skipped.
	Feeds Imported
	// Items sums what the feeds' imports changed.
	Items store.ImportResult
}

// ImportNewsboatCache brings over what newsboat downloaded, fetching
// nothing: each http(s) feed of the cache is subscribed unless it is
// already, and its articles are stored with their read and flagged state,
// sanitized like a download, known by feed URL and guid (see
// newsboatcache.Item.DocItem), and purged to the feed's item limit. An
// article tidings has already keeps its content and can only become read
// or flagged. Rules apply to the articles as to a download's (import the
// newsboat config's rules first). A cached command or filter feed's
// articles go to the feed the urls file subscribed to; the cache never
// subscribes to one (it would name a command nobody asked to run here).
// Importing the same cache twice changes nothing.
func (e *Engine) ImportNewsboatCache(ctx context.Context, c *newsboatcache.Cache) (CacheImported, error) {
	var out CacheImported
	feeds, err := c.Feeds(ctx)
	if err != nil {
		return out, err
	}
	for _, cf := range feeds {
		if cmdfeed.IsCommand(cf.URL) {
			if err := e.importCacheCommandFeed(ctx, c, cf, &out); err != nil {
				return out, err
			}
			continue
		}
		addr, err := cf.Address()
		if err != nil {
			out.Feeds.Notices = append(out.Feeds.Notices, fmt.Sprintf("%s skipped: not an http(s) feed", sanitize.Shown(cf.URL)))
			continue
		}
		if err := e.importCacheFeed(ctx, c, cf, addr, addr.String(), &out); err != nil {
			return out, fmt.Errorf("import %s: %w", addr, err)
		}
	}
	return out, nil
}

// importCacheCommandFeed imports the articles of a cached command or
// filter feed into the feed of the same source, which only the urls file
// subscribes to: a cache names commands nobody asked to run.
func (e *Engine) importCacheCommandFeed(ctx context.Context, c *newsboatcache.Cache, cf newsboatcache.Feed, out *CacheImported) error {
	spec, err := cmdfeed.Parse(cf.URL)
	if err == nil {
		_, err = e.store.ResolveFeed(ctx, spec.String())
		if errors.Is(err, store.ErrNotFound) {
			err = errors.New("not subscribed (import the urls file, which names it, first)")
		}
	}
	if err != nil {
		if store.IsDatabaseFault(err) {
			return err
		}
		out.Feeds.Notices = append(out.Feeds.Notices, fmt.Sprintf("%s skipped: %v", sanitize.Named(cf.URL), err))
		return nil
	}
	if err := e.importCacheFeed(ctx, c, cf, spec.URL, spec.String(), out); err != nil {
		return fmt.Errorf("import %s: %w", spec, err)
	}
	return nil
}

// importCacheFeed subscribes to one cached feed if needed and imports its
// articles.
// key is the feed's URL in tidings; addr the address its links resolve
// against (zero for a command feed).
func (e *Engine) importCacheFeed(ctx context.Context, c *newsboatcache.Cache, cf newsboatcache.Feed, addr weburl.URL, key string, out *CacheImported) error {
	items, err := c.Items(ctx, cf.URL)
	if err != nil {
		return err
	}
	doc := document.Document{Title: cf.Title, Link: cf.SiteURL, Items: make([]document.Item, len(items))}
	for i, it := range items {
		doc.Items[i] = it.DocItem()
	}
	feed.Clean(&doc, addr.String())
	f, err := e.store.ResolveFeed(ctx, key)
	switch {
	case errors.Is(err, store.ErrNotFound):
		id, err := e.store.AddFeed(ctx, store.NewFeed{URL: addr, Title: doc.Title, SiteURL: doc.Link,
			DownloadEnclosures: e.cfg.Enclosures.Download})
		if err != nil {
			return err
		}
		if f, err = e.store.Feed(ctx, id); err != nil {
			return err
		}
		out.Feeds.Added++
	case err != nil:
		return err
	default:
		out.Feeds.Skipped++
	}
	im := store.Import{Title: doc.Title, SiteURL: doc.Link, MaxItems: f.MaxItems,
		Items: make([]store.ImportedItem, len(items))}
	if im.MaxItems == 0 {
		im.MaxItems = e.cfg.MaxItems
	}
	for i, it := range items {
		im.Items[i] = store.ImportedItem{Item: doc.Items[i], Read: !it.Unread, Flagged: it.Flagged()}
	}
	res, err := e.store.ImportItems(ctx, f.ID, im)
	if err != nil {
		return err
	}
	e.removeFiles(res.RemovedFiles)
	sum := &out.Items
	sum.New += res.New
	sum.Known += res.Known
	sum.Dropped += res.Dropped
	sum.Marked += res.Marked
	sum.Ruled += res.Ruled
	return nil
}
