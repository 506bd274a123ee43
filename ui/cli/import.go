package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/newsboat"
	newsboatcache "github.com/tidings-rss/tidings/engine/newsboat/cache"
	"github.com/tidings-rss/tidings/engine/opml"
)

// subscriptionList is a file of subscriptions, read whole before anything
// is written: OPML or a newsboat urls file.
type subscriptionList struct {
	opml *opml.Document
	urls *newsboat.URLs
}

// importOptions are tidings import's file and flags.
type importOptions struct {
	path   string // OPML or a newsboat urls file
	cache  string // newsboat's cache.db
	config string // newsboat's config
}

// runImport reads FILE and the newsboat config and opens the newsboat
// cache first, so a bad one changes nothing, then imports the file, the
// config's rules (before the articles, so they apply to them), then the
// cache.
func (c *cli) runImport(o importOptions) error {
	var list subscriptionList
	if o.path != "" {
		var err error
		if list, err = readSubscriptionList(o.path); err != nil {
			return err
		}
	}
	var config *newsboat.Config
	var configFrom string
	if o.config != "" {
		var err error
		if config, err = readNewsboatConfig(o.config); err != nil {
			return err
		}
		if configFrom, err = filepath.Abs(o.config); err != nil {
			return fmt.Errorf("import: %w", err)
		}
	}
	var cache *newsboatcache.Cache
	if o.cache != "" {
		if err := c.notTheDatabase(o.cache); err != nil {
			return fmt.Errorf("import: %w", err)
		}
		var err error
		if cache, err = newsboatcache.Open(c.ctx, o.cache); err != nil {
			return fmt.Errorf("import: %w", err)
		}
		defer cache.Close()
	}
	return c.withApp(func(a *app) error {
		eng := a.engine()
		var extras engine.Imported // saved searches and rules
		if o.path != "" {
			if err := importList(a.ctx, a, eng, list, &extras); err != nil {
				return err
			}
		}
		if config != nil {
			got, err := eng.ImportNewsboatConfig(a.ctx, config)
			a.notices(got.Notices)
			if err != nil {
				return err
			}
			extras.Rules += got.Rules
		}
		if list.hasExtras() || config != nil {
			fmt.Fprintf(a.stdout, "imported %d saved searches and %d rules\n", extras.Searches, extras.Rules)
		}
		if config != nil {
			if err := writeNewsboatSettings(a, configFrom, config.Settings); err != nil {
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

// writeNewsboatSettings writes the settings translated from the newsboat
// config at from into tidings' configuration file and says what it did:
// the notes of lines translated with a difference, the settings left out,
// and one summary line.
func writeNewsboatSettings(a *app, from string, s newsboat.Settings) error {
	var notes []string
	for _, n := range s.Notes {
		notes = append(notes, "config "+n.String()+" (translated)")
	}
	a.notices(notes)
	skipped, summary, err := importSettings(a.cfgPath, from, s)
	a.notices(skipped)
	if err != nil {
		return err
	}
	if summary != "" {
		fmt.Fprintln(a.stdout, summary)
	}
	return nil
}

// readNewsboatConfig reads a newsboat config whole.
func readNewsboatConfig(path string) (*newsboat.Config, error) {
	data, err := readBounded(path, maxListBytes)
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	config, err := newsboat.ParseConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	return config, nil
}

// notTheDatabase fails when path is tidings' own database (by a symbolic
// or hard link, or its name): a cache to import is another program's file.
func (c *cli) notTheDatabase(path string) error {
	dbPath := c.flags.dbPath
	if dbPath == "" {
		var err error
		if dbPath, err = config.DefaultDBPath(); err != nil {
			return err
		}
	}
	cache, err := os.Stat(path)
	if err != nil {
		return err
	}
	if db, err := os.Stat(dbPath); err == nil && os.SameFile(cache, db) {
		return fmt.Errorf("%s is tidings' own database, not a newsboat cache", path)
	}
	return nil
}

// maxListBytes is the largest subscription list read: an OPML file or a
// urls file of a hundred thousand feeds is far smaller.
const maxListBytes = newsboat.MaxFileBytes

// readSubscriptionList reads path and tells OPML from a newsboat urls
// file by content: XML starts with "<", a urls file with URLs. A file
// larger than maxListBytes is refused before it is read whole.
func readSubscriptionList(path string) (subscriptionList, error) {
	data, err := readBounded(path, maxListBytes)
	if err != nil {
		return subscriptionList{}, err
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

// hasExtras reports whether the list can bring saved searches or rules:
// an OPML document that holds some, a urls file with query feeds.
func (l subscriptionList) hasExtras() bool {
	if l.opml != nil {
		return len(l.opml.Searches)+len(l.opml.Rules) > 0
	}
	return l.urls != nil && len(l.urls.Queries) > 0
}

// importList subscribes to the list's feeds and says how many; the saved
// searches and rules it adds are counted in extras.
func importList(ctx context.Context, a *app, eng *engine.Engine, list subscriptionList, extras *engine.Imported) error {
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
	extras.Searches += got.Searches
	extras.Rules += got.Rules
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
	if it.Ruled > 0 {
		fmt.Fprintf(a.stdout, "; %d hidden or kept out by rules", it.Ruled)
	}
	if it.Dropped > 0 {
		fmt.Fprintf(a.stdout, "; %d older articles beyond the feeds' item limit not kept", it.Dropped)
	}
	fmt.Fprintln(a.stdout)
}

// readBounded reads the file at path, refusing it once more than limit
// bytes came (a device or a FIFO that never ends included).
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d MiB", path, limit>>20)
	}
	return data, nil
}
