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

func (c *cli) downloadCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "download ITEM-ID",
		Short: "Download an item's enclosures now, whatever the feed's setting",
		Long: "Downloads the enclosures of one item now (see 'tidings items --json' for ids), whether or\n" +
			"not its feed downloads enclosures, and retries failed ones, resuming a partial file. Blocked\n" +
			"types stay blocked. Prints the path of each file; each failure goes to stderr as its URL and\n" +
			"the reason. Exit status 0 when every file is there, 1 when one failed, 2 for an unknown item.",
		Args: exactArgs(1, "one item id"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runDownload(args[0]) },
	}
}

func (c *cli) runDownload(ref string) error {
	id, err := strconv.ParseInt(strings.TrimSpace(ref), 10, 64)
	if err != nil || id <= 0 {
		return usagef("download: %s is not an item id (see 'tidings items')", sanitize.Named(ref))
	}
	return c.withApp(func(a *app) error {
		results, err := a.engine().DownloadItem(a.ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return usagef("no item %d (see 'tidings items')", id)
		}
		if err != nil {
			return asUsage(err)
		}
		if len(results) == 0 {
			return fmt.Errorf("item %d has no enclosures", id)
		}
		failed := 0
		for _, r := range results {
			if r.Err != nil {
				failed++
				fmt.Fprintf(a.stderr, "%s: %s\n", oneLine(r.URL), oneLine(fetch.Reason(r.Err)))
				continue
			}
			fmt.Fprintln(a.stdout, r.Path)
		}
		if failed > 0 {
			return fmt.Errorf("%d of %d enclosures of item %d not downloaded", failed, len(results), id)
		}
		return nil
	})
}

// watchEnclosures counts the enclosure events of eng on bar until the
// returned func is called.
func watchEnclosures(eng *engine.Engine, bar *progress) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case ev := <-eng.Events():
				switch ev.(type) {
				case engine.EnclosureQueued:
					bar.enclosure(false)
				case engine.EnclosureCompleted, engine.EnclosureFailed:
					bar.enclosure(true)
				}
			case <-quit:
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

// printEnclosureFailures prints, like failed feeds, each enclosure a sync
// queued that failed or was blocked: its URL and the reason.
func (a *app) printEnclosureFailures(results []engine.Result) {
	var ids []int64
	for _, r := range results {
		ids = append(ids, r.Enclosures...)
	}
	if len(ids) == 0 {
		return
	}
	jobs, err := a.store.EnclosureJobs(a.ctx, store.EnclosureQuery{IDs: ids})
	if err != nil {
		a.logger.Error("list enclosures", "err", err)
		return
	}
	for _, j := range jobs {
		if j.Status == store.EnclosureFailed || j.Status == store.EnclosureBlocked {
			fmt.Fprintf(a.stderr, "%s: %s\n", oneLine(j.URL), oneLine(j.Error))
		}
	}
}
