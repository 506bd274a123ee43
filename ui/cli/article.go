package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) articleCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "article ITEM-ID ...",
		Short: "Fetch items' pages now and keep their articles, whatever the feed's setting",
		Long: "Fetches the page of each item now (see 'tidings items --json' for ids), whether or not its\n" +
			"feed has full-text on, and extracts its article; a failed one is tried again (a sync never\n" +
			"does). Prints one line per item: 'ID fetched: N words, M min' on stdout, 'ID kept the feed's\n" +
			"text: reason' on stdout, or 'ID URL: reason' on stderr when it failed. Exit status 0 when\n" +
			"no page failed, 1 when one did, 2 for an id that is not an item (then nothing is fetched).",
		Args: minArgs(1, "at least one item id"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runArticle(args) },
	}
}

func (c *cli) runArticle(refs []string) error {
	ids := make([]int64, len(refs))
	for i, ref := range refs {
		id, err := strconv.ParseInt(strings.TrimSpace(ref), 10, 64)
		if err != nil || id <= 0 {
			return usagef("article: %s is not an item id (see 'tidings items')", sanitize.Named(ref))
		}
		ids[i] = id
	}
	return c.withApp(func(a *app) error {
		results, err := a.engine().FetchArticles(a.ctx, ids)
		if errors.Is(err, store.ErrNotFound) {
			return asUsage(fmt.Errorf("article: %w (see 'tidings items')", err))
		}
		if err != nil {
			return asUsage(err)
		}
		failed := 0
		for _, r := range results {
			switch {
			case r.Status == store.ArticleFetched:
				fmt.Fprintf(a.stdout, "%d fetched: %d words, %d min\n", r.ItemID, r.Words, r.Minutes)
			case r.Status == store.ArticleKept:
				fmt.Fprintf(a.stdout, "%d kept the feed's text: %s\n", r.ItemID, oneLine(r.Note))
			default:
				failed++
				fmt.Fprintf(a.stderr, "%d %s: %s\n", r.ItemID, oneLine(r.URL), oneLine(articleReason(r)))
			}
		}
		if failed > 0 {
			return fmt.Errorf("%d of %d articles not fetched", failed, len(results))
		}
		return nil
	})
}

// articleReason words why an item's page gave no article.
func articleReason(r engine.ArticleResult) string {
	if r.Err == nil {
		return "not fetched"
	}
	return fetch.Reason(r.Err)
}

// printArticleFailures prints, like failed feeds, each page a sync fetched
// that failed: the item's link and the reason.
func (a *app) printArticleFailures(results []engine.Result) {
	for _, r := range results {
		for _, ar := range r.Articles {
			if ar.Status == store.ArticleFailed {
				fmt.Fprintf(a.stderr, "%s: %s\n", oneLine(ar.URL), oneLine(articleReason(ar)))
			}
		}
	}
}
