package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// duration is a Go duration string as written in the file ("15s").
type duration string

// fileConfig is the TOML schema of the configuration file. Its tags are the
// public key names; see the package documentation.
type fileConfig struct {
	DefaultInterval int            `toml:"default_interval"`
	MaxItems        int            `toml:"max_items"`
	LogFile         string         `toml:"log_file"`
	Sync            fileSync       `toml:"sync"`
	Enclosures      fileEnclosures `toml:"enclosures"`
	UI              fileUI         `toml:"ui"`
	Remote          fileRemote     `toml:"remote"`
	Colors          fileColors     `toml:"colors"`
	// The arrays of tables [[highlight]] and [[highlight-article]].
	Highlight        []fileHighlight        `toml:"highlight"`
	HighlightArticle []fileArticleHighlight `toml:"highlight-article"`
	Keys             map[string]any         `toml:"keys"`
	Macros           map[string]any         `toml:"macros"`
}

type fileRemote struct {
	Type            string `toml:"type"`
	URL             string `toml:"url"`
	User            string `toml:"user"`
	Password        string `toml:"password"`
	PasswordCommand string `toml:"password_command"`
	Token           string `toml:"token"`
	IntervalMinutes int    `toml:"interval"`
	MaxItems        int    `toml:"max_listed_items"`
}

type fileSync struct {
	DownloadThreads       int      `toml:"download_threads"`
	PerHostConnections    int      `toml:"per_host_connections"`
	BucketInitial         int      `toml:"bucket_initial"`
	BucketCapacity        int      `toml:"bucket_capacity"`
	BucketRefillPerSecond float64  `toml:"bucket_refill_per_second"`
	HonorSkipHints        bool     `toml:"honor_skip_hints"`
	ConnectTimeout        duration `toml:"connect_timeout"`
	ResponseTimeout       duration `toml:"response_timeout"`
	MaxBodyBytes          int64    `toml:"max_body_bytes"`
	CommandTimeout        duration `toml:"command_timeout"`
	CommandOutputBytes    int64    `toml:"command_output_bytes"`
	UserAgent             string   `toml:"user_agent"`
	OnBattery             string   `toml:"on_battery"`
	OnMetered             string   `toml:"on_metered"`
}

type fileEnclosures struct {
	Download          bool     `toml:"download"`
	Directory         string   `toml:"directory"`
	MaxConcurrent     int      `toml:"max_concurrent"`
	FallbackCapBytes  int64    `toml:"fallback_cap_bytes"`
	MaxBytes          int64    `toml:"max_bytes"`
	MaxTotalBytes     int64    `toml:"max_total_bytes"`
	SlackPercent      int      `toml:"length_slack_percent"`
	SlackBytes        int64    `toml:"length_slack_bytes"`
	StallTimeout      duration `toml:"stall_timeout"`
	MaxDuration       duration `toml:"max_duration"`
	BlockedExtensions []string `toml:"blocked_extensions"`
	BlockedTypes      []string `toml:"blocked_types"`
	Player            string   `toml:"player"`
}

type fileUI struct {
	NotifyCommand     string `toml:"notify_command"`
	Browser           string `toml:"browser"`
	BrowserInTerminal bool   `toml:"browser_in_terminal"`
	PipeFormat        string `toml:"pipe_format"`
	BookmarkCommand   string `toml:"bookmark_command"`
	SaveDirectory     string `toml:"save_directory"`
	Hyperlinks        bool   `toml:"hyperlinks"`
	Sort              string `toml:"sort"`
}

// Load reads the TOML configuration at path over [Default] and validates it.
// A missing file is not an error: the defaults are returned. Empty path
// values are then resolved inside [DefaultDataDir] and a leading "~/" is
// expanded (see [Config.Resolve]).
//
// The file is read only when nobody but the user and root can change it
// or a folder on its way, links followed (the rule of [CheckRunnable]), as
// its commands run as the user; else Load fails with an [*Error] naming
// the file, what is at fault and the fix (chmod go-w …, chown …).
//
// Any other failure is an [*Error] naming the file, line and key: an
// unknown key or table, a value of the wrong type, a value out of range, an
// unparsable duration, or a TOML syntax error. When several keys are wrong,
// the one nearest the top of the file is reported.
func Load(path string) (Config, error) {
	if path == "" {
		return Config{}, &Error{Msg: "no configuration file path given"}
	}
	doc, err := readConfig(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return resolvePaths(path, Default(), nil)
	case err != nil:
		return Config{}, err
	}
	c, loc, err := parse(path, doc)
	if err != nil {
		return Config{}, err
	}
	return resolvePaths(path, c, loc)
}

// parse decodes and validates doc; path is only used in errors.
func parse(path string, doc []byte) (Config, *locator, error) {
	fc := toFile(Default())
	dec := toml.NewDecoder(bytes.NewReader(doc)).DisallowUnknownFields()
	if err := dec.Decode(&fc); err != nil {
		return Config{}, nil, decodeError(path, doc, err)
	}
	loc := locate(doc)
	c, errs := fc.toConfig()
	errs = append(errs, validate(c, loc.has)...)
	if len(errs) == 0 {
		return c, loc, nil
	}
	for _, e := range errs {
		e.Path = path
		e.Line = loc.nearestLine(e.where())
	}
	return Config{}, nil, earliest(errs)
}

// earliest returns the error with the smallest known line, or the first one
// when no line is known.
func earliest(errs []*Error) *Error {
	best := errs[0]
	for _, e := range errs[1:] {
		if e.Line > 0 && (best.Line == 0 || e.Line < best.Line) {
			best = e
		}
	}
	return best
}

// toFile converts c to the file schema, used as the base the file is decoded
// over.
func toFile(c Config) fileConfig {
	return fileConfig{
		DefaultInterval: c.DefaultIntervalMinutes,
		MaxItems:        c.MaxItems,
		LogFile:         c.LogFile,
		Sync: fileSync{
			DownloadThreads:       c.Sync.DownloadThreads,
			PerHostConnections:    c.Sync.PerHostConnections,
			BucketInitial:         c.Sync.BucketInitial,
			BucketCapacity:        c.Sync.BucketCapacity,
			BucketRefillPerSecond: c.Sync.BucketRefillPerSecond,
			HonorSkipHints:        c.Sync.HonorSkipHints,
			ConnectTimeout:        duration(c.Sync.ConnectTimeout.String()),
			ResponseTimeout:       duration(c.Sync.ResponseTimeout.String()),
			MaxBodyBytes:          c.Sync.MaxBodyBytes,
			CommandTimeout:        duration(c.Sync.CommandTimeout.String()),
			CommandOutputBytes:    c.Sync.CommandOutputBytes,
			UserAgent:             c.Sync.UserAgent,
			OnBattery:             string(c.Sync.OnBattery),
			OnMetered:             string(c.Sync.OnMetered),
		},
		Enclosures: fileEnclosures{
			Download:          c.Enclosures.Download,
			Directory:         c.Enclosures.Directory,
			MaxConcurrent:     c.Enclosures.MaxConcurrent,
			FallbackCapBytes:  c.Enclosures.FallbackCapBytes,
			MaxBytes:          c.Enclosures.MaxBytes,
			MaxTotalBytes:     c.Enclosures.MaxTotalBytes,
			SlackPercent:      c.Enclosures.LengthSlackPercent,
			SlackBytes:        c.Enclosures.LengthSlackBytes,
			StallTimeout:      duration(c.Enclosures.StallTimeout.String()),
			MaxDuration:       duration(c.Enclosures.MaxDuration.String()),
			BlockedExtensions: slices.Clone(c.Enclosures.ExtraBlockedExtensions),
			BlockedTypes:      slices.Clone(c.Enclosures.ExtraBlockedTypes),
			Player:            c.Enclosures.Player,
		},
		UI:               fileUI(c.UI),
		Remote:           fileRemote(c.Remote),
		Colors:           toFileColors(c.Colors),
		Highlight:        fileHighlights(c.Highlights),
		HighlightArticle: fileArticleHighlights(c.ArticleHighlights),
		Keys:             bindingsFile(c.Bindings),
		Macros:           macrosFile(c.Macros),
	}
}

// toConfig converts the decoded file to a Config. Unparsable durations are
// reported and left at their defaults.
func (f fileConfig) toConfig() (Config, []*Error) {
	var errs []*Error
	dur := func(key string, s duration, def time.Duration) time.Duration {
		d, err := time.ParseDuration(string(s))
		if err != nil {
			errs = append(errs, &Error{
				Key:   key,
				Value: fmt.Sprintf("%q", string(s)),
				Msg:   `not a duration (write e.g. "30s", "2m" or "1m30s")`,
			})
			return def
		}
		return d
	}
	c := Config{
		DefaultIntervalMinutes: f.DefaultInterval,
		MaxItems:               f.MaxItems,
		LogFile:                f.LogFile,
		Sync: SyncConfig{
			DownloadThreads:       f.Sync.DownloadThreads,
			PerHostConnections:    f.Sync.PerHostConnections,
			BucketInitial:         f.Sync.BucketInitial,
			BucketCapacity:        f.Sync.BucketCapacity,
			BucketRefillPerSecond: f.Sync.BucketRefillPerSecond,
			HonorSkipHints:        f.Sync.HonorSkipHints,
			ConnectTimeout:        dur(keyConnectTimeout, f.Sync.ConnectTimeout, defaultConnectTimeout),
			ResponseTimeout:       dur(keyResponseTimeout, f.Sync.ResponseTimeout, defaultResponseTimeout),
			MaxBodyBytes:          f.Sync.MaxBodyBytes,
			CommandTimeout:        dur(keyCommandTimeout, f.Sync.CommandTimeout, defaultCommandTimeout),
			CommandOutputBytes:    f.Sync.CommandOutputBytes,
			UserAgent:             f.Sync.UserAgent,
			OnBattery:             PowerPolicy(f.Sync.OnBattery),
			OnMetered:             PowerPolicy(f.Sync.OnMetered),
		},
		Enclosures: EnclosureConfig{
			Download:               f.Enclosures.Download,
			Directory:              f.Enclosures.Directory,
			MaxConcurrent:          f.Enclosures.MaxConcurrent,
			FallbackCapBytes:       f.Enclosures.FallbackCapBytes,
			MaxBytes:               f.Enclosures.MaxBytes,
			MaxTotalBytes:          f.Enclosures.MaxTotalBytes,
			LengthSlackPercent:     f.Enclosures.SlackPercent,
			LengthSlackBytes:       f.Enclosures.SlackBytes,
			StallTimeout:           dur(keyStallTimeout, f.Enclosures.StallTimeout, defaultStallTimeout),
			MaxDuration:            dur(keyMaxDuration, f.Enclosures.MaxDuration, defaultMaxDuration),
			ExtraBlockedExtensions: f.Enclosures.BlockedExtensions,
			ExtraBlockedTypes:      f.Enclosures.BlockedTypes,
			Player:                 f.Enclosures.Player,
		},
		UI:     UIConfig(f.UI),
		Remote: RemoteConfig(f.Remote),
	}
	var more []*Error
	c.Colors, more = f.Colors.toConfig()
	errs = append(errs, more...)
	c.Highlights, more = toHighlights(f.Highlight)
	errs = append(errs, more...)
	c.ArticleHighlights, more = toArticleHighlights(f.HighlightArticle)
	errs = append(errs, more...)
	c.Bindings, more = bindingsFromFile(f.Keys)
	errs = append(errs, more...)
	c.Macros, more = macrosFromFile(f.Macros)
	errs = append(errs, more...)
	return c, errs
}

// resolvePaths expands "~/" in the path settings and fills in empty ones
// inside the default data directory. loc, when not nil, locates the keys for
// error messages.
func resolvePaths(path string, c Config, loc *locator) (Config, error) {
	fail := func(key string, err error) (Config, error) {
		e := &Error{Path: path, Key: key, Msg: err.Error()}
		if loc != nil {
			e.Line = loc.line(key)
		}
		return Config{}, e
	}
	var err error
	if c.LogFile, err = expandHome(c.LogFile); err != nil {
		return fail(keyLogFile, err)
	}
	if c.Enclosures.Directory, err = expandHome(c.Enclosures.Directory); err != nil {
		return fail(keyEnclosureDir, err)
	}
	if c.UI.SaveDirectory, err = expandHome(c.UI.SaveDirectory); err != nil {
		return fail(keySaveDirectory, err)
	}
	if c.LogFile != "" && c.Enclosures.Directory != "" {
		return c, nil
	}
	dataDir, err := DefaultDataDir()
	if err != nil {
		return Config{}, &Error{Path: path, Msg: err.Error()}
	}
	return c.Resolve(dataDir), nil
}
