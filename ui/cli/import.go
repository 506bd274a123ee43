package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/newsboat"
	"github.com/tidings-rss/tidings/engine/opml"
)

// subscriptionList is a file of subscriptions, read whole before anything
// is written: OPML or a newsboat urls file.
type subscriptionList struct {
	opml *opml.Document
	urls *newsboat.URLs
}

// runImport reads FILE and opens the newsboat cache first, so a bad one
// changes nothing, then imports the file, then the cache.
func (c *cli) runImport(path, cachePath string) error {
	var list subscriptionList
	if path != "" {
		var err error
		if list, err = readSubscriptionList(path); err != nil {
			return err
		}
	}
	var cache *newsboat.Cache
	if cachePath != "" {
		var err error
		if cache, err = newsboat.OpenCache(c.ctx, cachePath); err != nil {
			return fmt.Errorf("import: %w", err)
		}
		defer cache.Close()
	}
	return c.withApp(func(a *app) error {
		eng := a.engine()
		if path != "" {
			if err := importList(a.ctx, a, eng, list); err != nil {
				return err
			}
		}
		if cache == nil {
			return nil
		}
		got, err := eng.ImportNewsboatCache(a.ctx, cache)
		a.notices(got.Feeds.Notices)
		if err != nil {
			return err
		}
		printCacheImport(a, got)
		return nil
	})
}

// readSubscriptionList reads path and tells OPML from a newsboat urls
// file by content: XML starts with "<", a urls file with URLs.
func readSubscriptionList(path string) (subscriptionList, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return subscriptionList{}, fmt.Errorf("import: %w", err)
	}
	if bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n\ufeff"), []byte("<")) {
		doc, err := opml.Decode(bytes.NewReader(data))
		if err != nil {
			return subscriptionList{}, fmt.Errorf("import %s: %w", path, err)
		}
		return subscriptionList{opml: doc}, nil
	}
	urls, err := newsboat.ParseURLs(bytes.NewReader(data))
	if err != nil {
		return subscriptionList{}, fmt.Errorf("import %s: neither OPML nor a newsboat urls file: %w", path, err)
	}
	return subscriptionList{urls: urls}, nil
}

// importList subscribes to the list's feeds and says how many.
func importList(ctx context.Context, a *app, eng *engine.Engine, list subscriptionList) error {
	var got engine.Imported
	var err error
	if list.opml != nil {
		got, err = eng.ImportOPML(ctx, list.opml)
	} else {
		got, err = eng.ImportNewsboatURLs(ctx, list.urls)
	}
	a.notices(got.Notices)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "imported %d feeds (%d already subscribed)\n", got.Added, got.Skipped)
	if got.Added > 0 {
		fmt.Fprintln(a.stdout, "They download at the next sync: run tidings sync now (an open reader downloads them within seconds).")
	}
	return nil
}

// printCacheImport says what a newsboat cache import did, in one line.
func printCacheImport(a *app, got engine.CacheImported) {
	it := got.Items
	fmt.Fprintf(a.stdout, "imported %d feeds (%d already subscribed) and %d articles (%d already there, %d of them newly read or flagged) from newsboat",
		got.Feeds.Added, got.Feeds.Skipped, it.New, it.Known, it.Marked)
	if it.Dropped > 0 {
		fmt.Fprintf(a.stdout, "; %d older articles beyond the feeds' item limit not kept", it.Dropped)
	}
	fmt.Fprintln(a.stdout)
}
