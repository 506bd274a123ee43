package config

import (
	"path/filepath"
	"strings"
	"time"
)

// Limits shared with other packages (per-feed settings obey the same bounds).
const (
	// MinIntervalMinutes is the shortest allowed sync interval in minutes,
	// for the global default as for any feed.
	MinIntervalMinutes = 15
	// MaxItemsLimit is the largest allowed per-feed item limit.
	MaxItemsLimit = 2500
)

// Platform defaults.
const (
	defaultIntervalMinutes  = 1440
	defaultMaxItems         = 200
	defaultThreads          = 4
	defaultPerHost          = 1
	defaultBucketInitial    = 2
	defaultBucketCapacity   = 4
	defaultBucketRefill     = 1.0
	defaultConnectTimeout   = 15 * time.Second
	defaultResponseTimeout  = 60 * time.Second
	defaultMaxBodyBytes     = 20 << 20
	defaultCommandTimeout   = 60 * time.Second
	defaultEnclosureWorkers = 4
	defaultFallbackCapBytes = 15 << 20
	defaultMaxBytes         = 4 << 30
	defaultMaxTotalBytes    = 20 << 30
	defaultSlackPercent     = 10
	defaultSlackBytes       = 2 << 20
	defaultStallTimeout     = 60 * time.Second
	defaultMaxDuration      = 4 * time.Hour
	defaultPlayer           = "xdg-open"

	// maxSlackPercent bounds enclosures.length_slack_percent: a declared
	// length is a bound, never doubled.
	maxSlackPercent = 100
	// minEnclosureTimeout and maxStallTimeout / maxTransferDuration bound
	// the enclosure transfer timers.
	minEnclosureTimeout = time.Second
	maxStallTimeout     = time.Hour
	maxTransferDuration = 7 * 24 * time.Hour

	// maxWorkers bounds every thread/connection count setting.
	maxWorkers = 16
	// minBodyBytes is the smallest accepted sync.max_body_bytes.
	minBodyBytes = 1024
	// maxIntervalMinutes keeps DefaultInterval from overflowing time.Duration.
	maxIntervalMinutes = int64(1<<63-1) / int64(time.Minute)

	logFileName      = "tidings.log"
	enclosureDirName = "enclosures"
	projectURL       = "https://github.com/tidings-rss/tidings"
)

// Config is tidings' complete user configuration. The zero value is not
// valid; start from [Default] or [Load].
type Config struct {
	// DefaultIntervalMinutes is the sync interval, in minutes, of feeds whose
	// sync setting is "default" (TOML key default_interval).
	DefaultIntervalMinutes int
	// MaxItems is the default per-feed maximum number of kept items
	// (max_items), 1..MaxItemsLimit.
	MaxItems int
	// LogFile is the log file path (log_file). Empty means
	// <datadir>/tidings.log; Load and Resolve fill it in.
	LogFile string

	// Sync holds the download engine settings (TOML table "sync").
	Sync SyncConfig
	// Enclosures holds the enclosure download settings (TOML table "enclosures").
	Enclosures EnclosureConfig
	// UI holds user interface settings (TOML table "ui").
	UI UIConfig
	// Remote is the account on a feed-sync server (TOML table "remote");
	// its zero value means none.
	Remote RemoteConfig
	// Colors is the theme and the elements' colours (TOML table "colors").
	Colors ColorsConfig
	// Highlights style the list rows their expressions match, the first
	// that matches winning (arrays of tables "highlight").
	Highlights []Highlight
	// ArticleHighlights style the words of the reader's text their
	// patterns match (arrays of tables "highlight-article").
	ArticleHighlights []ArticleHighlight
	// Bindings are the reader's keys (TOML table "keys").
	Bindings Bindings
	// Macros are the reader's macros (TOML table "macros"): a key typed
	// after [MacroPrefix] → its steps; nil: none.
	Macros map[string][]MacroStep
}

// SyncConfig holds the feed download engine settings (TOML table "sync").
type SyncConfig struct {
	// DownloadThreads is the maximum number of feed requests in flight
	// (download_threads), 1..16.
	DownloadThreads int
	// PerHostConnections is the maximum number of requests in flight to one
	// host (per_host_connections), 1..16.
	PerHostConnections int
	// BucketInitial is the number of tokens the global request token bucket
	// starts with (bucket_initial), 0..BucketCapacity.
	BucketInitial int
	// BucketCapacity is the token bucket's size (bucket_capacity), >= 1.
	BucketCapacity int
	// BucketRefillPerSecond is the token refill rate
	// (bucket_refill_per_second), >= 0. Zero disables throttling.
	BucketRefillPerSecond float64
	// HonorSkipHints makes the scheduler obey a feed's skipHours and
	// skipDays (honor_skip_hints).
	HonorSkipHints bool
	// ConnectTimeout bounds establishing a connection (connect_timeout).
	ConnectTimeout time.Duration
	// ResponseTimeout bounds a whole feed request (response_timeout).
	ResponseTimeout time.Duration
	// MaxBodyBytes caps a decompressed feed body (max_body_bytes), >= 1024.
	MaxBodyBytes int64
	// CommandTimeout bounds one run of a command feed's or filter feed's
	// command (command_timeout); its whole process group is killed then.
	CommandTimeout time.Duration
	// CommandOutputBytes caps what such a command writes on stdout
	// (command_output_bytes), >= 1024; the default is max_body_bytes'.
	CommandOutputBytes int64
	// UserAgent overrides the User-Agent header (user_agent). Empty means
	// the default; use [SyncConfig.UserAgentFor] to get the effective value.
	UserAgent string
	// OnBattery is what the scheduler does while the machine runs on
	// battery (on_battery): [PowerNormal] or [PowerDefer].
	OnBattery PowerPolicy
	// OnMetered is what the scheduler does while the network connection is
	// metered, where the system tells (on_metered): [PowerNormal] or
	// [PowerDefer].
	OnMetered PowerPolicy
}

// PowerPolicy is what automatic syncing does on battery or on a metered
// network.
type PowerPolicy string

// The power policies.
const (
	// PowerNormal syncs as usual.
	PowerNormal PowerPolicy = "normal"
	// PowerDefer starts no automatic sync (a user's refresh still works)
	// and catches up when the condition ends.
	PowerDefer PowerPolicy = "defer"
)

// EnclosureConfig holds the enclosure download settings (TOML table
// "enclosures").
type EnclosureConfig struct {
	// Download is the enclosure download setting given to new
	// subscriptions (download).
	Download bool
	// Directory is where enclosures are stored (directory). Empty means
	// <datadir>/enclosures; Load and Resolve fill it in.
	Directory string
	// MaxConcurrent is the maximum number of enclosure downloads in flight
	// (max_concurrent), 1..16.
	MaxConcurrent int
	// FallbackCapBytes caps the single plain GET used when a server does not
	// support Range requests (fallback_cap_bytes), >= 1.
	FallbackCapBytes int64
	// MaxBytes caps every enclosure file (max_bytes), >= 1: the bound of
	// an enclosure whose feed declares no length, and the ceiling of a
	// declared one.
	MaxBytes int64
	// MaxTotalBytes is the budget of every enclosure file together, as the
	// store records them, partial files included (max_total_bytes), >= 0;
	// 0 is no budget. A transfer that would take the total past it is
	// refused, or ended where it would cross it.
	MaxTotalBytes int64
	// LengthSlackPercent and LengthSlackBytes are how much more than its
	// declared length an enclosure may be (length_slack_percent, 0..100,
	// and length_slack_bytes, >= 0): declared + declared*percent/100 +
	// bytes, at most MaxBytes. Use [EnclosureConfig.ByteLimit].
	LengthSlackPercent int
	LengthSlackBytes   int64
	// StallTimeout ends a transfer that receives less than
	// [StallMinBytes] in that long (stall_timeout), 1s..1h.
	StallTimeout time.Duration
	// MaxDuration ends a transfer still running after that long
	// (max_duration), 1s..168h.
	MaxDuration time.Duration
	// ExtraBlockedExtensions are file extensions refused in addition to the
	// built-in list (blocked_extensions). Use
	// [EnclosureConfig.BlockedExtensions] for the effective list.
	ExtraBlockedExtensions []string
	// ExtraBlockedTypes are MIME types refused in addition to the built-in
	// list (blocked_types). Use [EnclosureConfig.BlockedTypes] for the
	// effective list.
	ExtraBlockedTypes []string
	// Player is the command the reader plays or opens a downloaded
	// enclosure with (player), the file's path appended; default
	// "xdg-open". It runs in the terminal, which the reader hands over
	// until it exits.
	Player string
}

// UIConfig holds user interface settings (TOML table "ui").
type UIConfig struct {
	// NotifyCommand, when not empty, is run when watched feeds get new
	// items (notify_command).
	NotifyCommand string
	// Browser is the command list links open with (browser), as $BROWSER
	// is written: commands separated by ":", the first that is installed
	// runs, "%s" in it replaced by the link, else the link appended.
	// Empty: $BROWSER, else xdg-open (open on macOS).
	Browser string
	// BrowserInTerminal hands the terminal to the browser until it exits
	// (browser_in_terminal); lynx, w3m, elinks, links and browsh get it
	// without it.
	BrowserInTerminal bool
	// PipeFormat is what | writes to its command's stdin (pipe_format):
	// [PipeText], [PipeHTML] or [PipeMarkdown].
	PipeFormat string
	// BookmarkCommand, when not empty, is the program the bookmark key
	// runs (bookmark_command) as newsboat runs its bookmark-cmd: split
	// into words as sh would without running a shell, then the item's
	// URL, title, description and feed title as four more arguments.
	BookmarkCommand string
	// SaveDirectory is where the save key writes articles as Markdown
	// (save_directory); empty: [UIConfig.SaveDir]'s default.
	SaveDirectory string
	// Hyperlinks makes the reader's links clickable with OSC 8 where the
	// terminal supports them (hyperlinks).
	Hyperlinks bool
	// Sort is the order the reader's lists start in (sort), one of
	// [SortOrders]; O cycles it while the reader runs.
	Sort string
}

// The values of ui.pipe_format.
const (
	PipeText     = "text"
	PipeHTML     = "html"
	PipeMarkdown = "markdown"
)

// SortOrders are the names [UIConfig.Sort] accepts, in the order the
// reader's O cycles them: newest first, oldest first, by title, by feed,
// unread first.
func SortOrders() []string { return []string{"date", "date-asc", "title", "feed", "unread"} }

// Default returns the built-in configuration: a 1440-minute interval, 200
// items per feed, 4 download threads, 1 connection per host, a token bucket
// of 2 initial / 4 capacity / 1 per second, enclosure download off, a
// 15 MiB fallback cap, enclosures of at most 4 GiB and their declared
// length + 10% + 2 MiB, a 60s stall timeout and 4h per transfer. LogFile and Enclosures.Directory are left empty (see
// [Config.Resolve]). Default reads no environment and never fails.
func Default() Config {
	return Config{
		DefaultIntervalMinutes: defaultIntervalMinutes,
		MaxItems:               defaultMaxItems,
		Sync: SyncConfig{
			DownloadThreads:       defaultThreads,
			PerHostConnections:    defaultPerHost,
			BucketInitial:         defaultBucketInitial,
			BucketCapacity:        defaultBucketCapacity,
			BucketRefillPerSecond: defaultBucketRefill,
			HonorSkipHints:        true,
			ConnectTimeout:        defaultConnectTimeout,
			ResponseTimeout:       defaultResponseTimeout,
			MaxBodyBytes:          defaultMaxBodyBytes,
			CommandTimeout:        defaultCommandTimeout,
			CommandOutputBytes:    defaultMaxBodyBytes,
			OnBattery:             PowerNormal,
			OnMetered:             PowerNormal,
		},
		Enclosures: EnclosureConfig{
			MaxConcurrent:      defaultEnclosureWorkers,
			FallbackCapBytes:   defaultFallbackCapBytes,
			MaxBytes:           defaultMaxBytes,
			MaxTotalBytes:      defaultMaxTotalBytes,
			LengthSlackPercent: defaultSlackPercent,
			LengthSlackBytes:   defaultSlackBytes,
			StallTimeout:       defaultStallTimeout,
			MaxDuration:        defaultMaxDuration,
			Player:             defaultPlayer,
		},
		UI:       UIConfig{PipeFormat: PipeText, Hyperlinks: true, Sort: "date"},
		Remote:   RemoteConfig{IntervalMinutes: defaultRemoteInterval, MaxItems: defaultRemoteMaxItems},
		Colors:   ColorsConfig{Theme: ThemeAuto},
		Bindings: defaultBindings(),
	}
}

// DefaultInterval returns DefaultIntervalMinutes as a duration.
func (c Config) DefaultInterval() time.Duration {
	return time.Duration(c.DefaultIntervalMinutes) * time.Minute
}

// Resolve returns a copy of c whose empty LogFile and Enclosures.Directory
// are replaced by their defaults inside dataDir (tidings.log and
// enclosures). Values already set are kept as they are.
func (c Config) Resolve(dataDir string) Config {
	if c.LogFile == "" {
		c.LogFile = filepath.Join(dataDir, logFileName)
	}
	if c.Enclosures.Directory == "" {
		c.Enclosures.Directory = filepath.Join(dataDir, enclosureDirName)
	}
	return c
}

// UserAgentFor returns the User-Agent header to send: UserAgent when set,
// otherwise "tidings/VERSION (+https://github.com/tidings-rss/tidings)" with
// version substituted ("dev" when version is empty; spaces become "-" so the
// product token stays a single token).
func (s SyncConfig) UserAgentFor(version string) string {
	if s.UserAgent != "" {
		return s.UserAgent
	}
	version = strings.Join(strings.Fields(version), "-")
	if version == "" {
		version = "dev"
	}
	return "tidings/" + version + " (+" + projectURL + ")"
}
