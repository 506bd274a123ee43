package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

func (c *cli) setCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "set ID-or-URL key=value ...",
		Short: "Change a feed's settings",
		Long: "Keys: sync=default|interval|manual, interval=MIN (implies sync=interval; beside\n" +
			"sync=default or manual it is refused; at least 15), max-items=N (1–2500; 0: the default), enclosures=on|off,\n" +
			"full-text=on|off (fetch each new item's page once and keep its article), title=T\n" +
			"(empty: the feed's own), folder=A/B (empty: top level). All settings are checked before any\n" +
			"is applied; a number out of range is raised or lowered to its bound, with a notice on stderr.",
		Args: minArgs(2, "a feed id or URL and at least one key=value"),
		RunE: func(_ *cobra.Command, args []string) error { return c.runSet(args[0], args[1:]) },
	}
}

func (c *cli) runSet(ref string, pairs []string) error {
	var fs store.FeedSettings
	for _, p := range pairs {
		key, value, ok := strings.Cut(p, "=")
		if !ok {
			return usagef("set: %s is not key=value", sanitize.Named(p))
		}
		if err := parseSetting(&fs, key, value); err != nil {
			return asUsage(fmt.Errorf("set %s: %w", key, err))
		}
	}
	if _, _, err := engine.BoundSettings(fs); err != nil {
		return asUsage(fmt.Errorf("set: %w", err))
	}
	if err := unusedInterval(fs); err != nil {
		return err
	}
	return c.withApp(func(a *app) error {
		f, err := a.store.ResolveFeed(a.ctx, ref)
		if err != nil {
			return asUsage(notFound(ref, err))
		}
		notices, err := a.engine().ChangeSettings(a.ctx, f.ID, fs)
		var re *remote.Error
		if errors.As(err, &re) {
			return fmt.Errorf("set: %w", err) // the server refused or was not there
		}
		if err != nil {
			return asUsage(fmt.Errorf("set: %w", err))
		}
		a.notices(notices)
		return nil
	})
}

// unusedInterval refuses an interval given beside a sync setting that
// does not use it (sync=default or manual): the two contradict each other,
// as sync=interval with interval=0 does. An interval alone implies
// sync=interval (BoundSettings), as typing one in the settings dialog
// does; interval=0 beside any sync setting clears it.
func unusedInterval(fs store.FeedSettings) error {
	if fs.Sync == nil || *fs.Sync == store.SyncInterval || fs.IntervalMinutes == nil || *fs.IntervalMinutes == 0 {
		return nil
	}
	return usagef("set: interval=%d is used only with sync=interval, not with sync=%s (leave sync out, or give sync=interval)",
		*fs.IntervalMinutes, sanitize.Named(*fs.Sync))
}

// parseSetting checks one key=value and puts it into fs.
func parseSetting(fs *store.FeedSettings, key, value string) error {
	switch key {
	case "sync":
		fs.Sync = &value
	case "interval":
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("%s: want a number of minutes (0: the default)", sanitize.Named(value))
		}
		fs.IntervalMinutes = &n
	case "max-items":
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("%s: want a number of items (0: the default)", sanitize.Named(value))
		}
		fs.MaxItems = &n
	case "enclosures":
		on, err := onOff(value)
		if err != nil {
			return err
		}
		fs.DownloadEnclosures = &on
	case "full-text":
		on, err := onOff(value)
		if err != nil {
			return err
		}
		fs.FullText = &on
	case "title":
		fs.Title = &value
	case "folder":
		fs.FolderPath = &value
	default:
		return fmt.Errorf("unknown key (want sync, interval, max-items, enclosures, full-text, title or folder)")
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
	return false, fmt.Errorf("%s: want on or off", sanitize.Named(v))
}
