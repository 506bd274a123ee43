package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) setCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "set ID-or-URL key=value ...",
		Short: "Change a feed's settings",
		Long: "Keys: sync=default|interval|manual, interval=MIN (implies sync=interval unless sync is\n" +
			"given too), max-items=N (1–2500), enclosures=on|off, title=T (empty: the feed's own),\n" +
			"folder=A/B (empty: top level). All settings are checked before any is applied.",
		Args: minArgs(2, "a feed id or URL and at least one key=value"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runSet(args[0], args[1:]) },
	}
}

func (c *cli) runSet(ref string, pairs []string) error {
	var fs store.FeedSettings
	var warnInterval int
	for _, p := range pairs {
		key, value, ok := strings.Cut(p, "=")
		if !ok {
			return usagef("set: %q is not key=value", p)
		}
		if err := parseSetting(&fs, key, value, &warnInterval); err != nil {
			return asUsage(fmt.Errorf("set %s: %w", key, err))
		}
	}
	if fs.IntervalMinutes != nil && fs.Sync == nil {
		s := store.SyncInterval
		fs.Sync = &s
	}
	return c.withApp(func(a *app) error {
		f, err := a.store.ResolveFeed(a.ctx, ref)
		if err != nil {
			return asUsage(notFound(ref, err))
		}
		if warnInterval > 0 {
			a.raiseInterval(warnInterval)
		}
		return a.store.UpdateFeedSettings(a.ctx, f.ID, fs)
	})
}

// parseSetting checks one key=value and puts it into fs.
func parseSetting(fs *store.FeedSettings, key, value string, warnInterval *int) error {
	switch key {
	case "sync":
		if value != store.SyncDefault && value != store.SyncInterval && value != store.SyncManual {
			return fmt.Errorf("%q: want default, interval or manual", value)
		}
		fs.Sync = &value
	case "interval":
		n, err := strconv.Atoi(value)
		if err != nil || n <= 0 {
			return fmt.Errorf("%q: want a number of minutes", value)
		}
		if n < config.MinIntervalMinutes {
			*warnInterval, n = n, config.MinIntervalMinutes
		}
		fs.IntervalMinutes = &n
	case "max-items":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > config.MaxItemsLimit {
			return fmt.Errorf("%q: want a number from 1 to %d", value, config.MaxItemsLimit)
		}
		fs.MaxItems = &n
	case "enclosures":
		on, err := onOff(value)
		if err != nil {
			return err
		}
		fs.DownloadEnclosures = &on
	case "title":
		fs.Title = &value
	case "folder":
		path, err := store.CleanFolderPath(value)
		if err != nil {
			return err
		}
		fs.FolderPath = &path
	default:
		return fmt.Errorf("unknown key (want sync, interval, max-items, enclosures, title or folder)")
	}
	return nil
}

func onOff(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "yes", "1":
		return true, nil
	case "off", "false", "no", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q: want on or off", v)
}
