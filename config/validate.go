package config

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Dotted TOML keys, as named in error messages.
const (
	keyDefaultInterval   = "default_interval"
	keyMaxItems          = "max_items"
	keyLogFile           = "log_file"
	keyDownloadThreads   = "sync.download_threads"
	keyPerHost           = "sync.per_host_connections"
	keyBucketInitial     = "sync.bucket_initial"
	keyBucketCapacity    = "sync.bucket_capacity"
	keyBucketRefill      = "sync.bucket_refill_per_second"
	keyConnectTimeout    = "sync.connect_timeout"
	keyResponseTimeout   = "sync.response_timeout"
	keyMaxBodyBytes      = "sync.max_body_bytes"
	keyUserAgent         = "sync.user_agent"
	keyCommandTimeout    = "sync.command_timeout"
	keyCommandOutput     = "sync.command_output_bytes"
	keyOnBattery         = "sync.on_battery"
	keyOnMetered         = "sync.on_metered"
	keyEnclosureDir      = "enclosures.directory"
	keyMaxConcurrent     = "enclosures.max_concurrent"
	keyFallbackCap       = "enclosures.fallback_cap_bytes"
	keyMaxBytes          = "enclosures.max_bytes"
	keyMaxTotalBytes     = "enclosures.max_total_bytes"
	keySlackPercent      = "enclosures.length_slack_percent"
	keySlackBytes        = "enclosures.length_slack_bytes"
	keyStallTimeout      = "enclosures.stall_timeout"
	keyMaxDuration       = "enclosures.max_duration"
	keyBlockedExtensions = "enclosures.blocked_extensions"
	keyBlockedTypes      = "enclosures.blocked_types"
	keyPlayer            = "enclosures.player"
	keyPipeFormat        = "ui.pipe_format"
	keyBookmarkCommand   = "ui.bookmark_command"
	keySaveDirectory     = "ui.save_directory"
	keyUISort            = "ui.sort"
	keyTheme             = "colors.theme"

	keyRemoteType            = "remote.type"
	keyRemoteURL             = "remote.url"
	keyRemoteUser            = "remote.user"
	keyRemotePassword        = "remote.password"
	keyRemotePasswordCommand = "remote.password_command"
	keyRemoteToken           = "remote.token"
	keyRemoteInterval        = "remote.interval"
	keyRemoteMaxItems        = "remote.max_listed_items"
)

// Validate checks every value against its allowed range and returns the
// first problem as an [*Error] without file position, or nil. [Load] runs
// the same checks and adds the file and line.
func (c Config) Validate() error {
	if errs := validate(c, nil); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// validate returns every problem in c, in key order. present reports whether
// a key was set in the file (nil: unknown, as for a Config built in code); it
// decides which side of a cross-key rule is blamed.
func validate(c Config, present func(key string) bool) []*Error {
	var v validator
	v.intMin(keyDefaultInterval, int64(c.DefaultIntervalMinutes), int64(IntervalBound.Min), IntervalBound.Unit)
	v.check(keyDefaultInterval, int64(c.DefaultIntervalMinutes) <= maxIntervalMinutes,
		strconv.Itoa(c.DefaultIntervalMinutes), "is too large")
	v.bound(keyMaxItems, c.MaxItems, MaxItemsBound)
	v.path(keyLogFile, c.LogFile)

	s := c.Sync
	v.bound(keyDownloadThreads, s.DownloadThreads, ThreadsBound)
	v.bound(keyPerHost, s.PerHostConnections, ThreadsBound)
	v.intMin(keyBucketCapacity, int64(s.BucketCapacity), 1, "")
	v.intMin(keyBucketInitial, int64(s.BucketInitial), 0, "")
	if s.BucketCapacity >= 1 && s.BucketInitial > s.BucketCapacity {
		if present == nil || present(keyBucketInitial) || !present(keyBucketCapacity) {
			v.add(keyBucketInitial, strconv.Itoa(s.BucketInitial),
				fmt.Sprintf("must not exceed %s (%d)", keyBucketCapacity, s.BucketCapacity))
		} else {
			v.add(keyBucketCapacity, strconv.Itoa(s.BucketCapacity),
				fmt.Sprintf("must be at least %s (%d)", keyBucketInitial, s.BucketInitial))
		}
	}
	r := s.BucketRefillPerSecond
	v.check(keyBucketRefill, r >= 0 && !math.IsInf(r, 0), // NaN fails r >= 0
		strconv.FormatFloat(r, 'g', -1, 64), "must be a finite number >= 0")
	v.positive(keyConnectTimeout, s.ConnectTimeout)
	v.positive(keyResponseTimeout, s.ResponseTimeout)
	v.intMin(keyMaxBodyBytes, s.MaxBodyBytes, minBodyBytes, "")
	v.positive(keyCommandTimeout, s.CommandTimeout)
	v.intMin(keyCommandOutput, s.CommandOutputBytes, minBodyBytes, "")
	v.check(keyUserAgent, !strings.ContainsFunc(s.UserAgent, unicode.IsControl),
		strconv.Quote(s.UserAgent), "must not contain control characters")
	v.policy(keyOnBattery, s.OnBattery)
	v.policy(keyOnMetered, s.OnMetered)

	e := c.Enclosures
	v.path(keyEnclosureDir, e.Directory)
	v.bound(keyMaxConcurrent, e.MaxConcurrent, ThreadsBound)
	v.intMin(keyFallbackCap, e.FallbackCapBytes, 1, "")
	v.intMin(keyMaxBytes, e.MaxBytes, 1, "")
	v.intMin(keyMaxTotalBytes, e.MaxTotalBytes, 0, "")
	v.bound(keySlackPercent, e.LengthSlackPercent, SlackPercentBound)
	v.intMin(keySlackBytes, e.LengthSlackBytes, 0, "")
	v.durationIn(keyStallTimeout, e.StallTimeout, minEnclosureTimeout, maxStallTimeout)
	v.durationIn(keyMaxDuration, e.MaxDuration, minEnclosureTimeout, maxTransferDuration)
	for _, ext := range e.ExtraBlockedExtensions {
		if msg := checkExtension(ext); msg != "" {
			v.add(keyBlockedExtensions, strconv.Quote(ext), msg)
		}
	}
	for _, typ := range e.ExtraBlockedTypes {
		if msg := checkMediaType(typ); msg != "" {
			v.add(keyBlockedTypes, strconv.Quote(typ), msg)
		}
	}
	v.check(keyPlayer, strings.TrimSpace(e.Player) != "" && !strings.ContainsFunc(e.Player, unicode.IsControl),
		strconv.Quote(e.Player), "must name a command (without control characters)")

	validateUI(&v, c.UI)
	if msg := checkTheme(c.Colors.Theme); msg != "" {
		v.add(keyTheme, strconv.Quote(string(c.Colors.Theme)), msg)
	}
	validateRemote(&v, c.Remote)
	v.bound(keyRemoteInterval, c.Remote.IntervalMinutes, RemoteBound)
	v.bound(keyRemoteMaxItems, c.Remote.MaxItems, RemoteMaxItemsBound)
	validateMacros(&v, c.Macros)
	validateBindings(&v, c.Bindings, c.Macros, present)
	return v.errs
}

// validator accumulates validation errors.
type validator struct {
	errs []*Error
}

func (v *validator) add(key, value, msg string) {
	v.errs = append(v.errs, &Error{Key: key, Value: value, Msg: msg})
}

func (v *validator) check(key string, ok bool, value, msg string) {
	if !ok {
		v.add(key, value, msg)
	}
}

func (v *validator) policy(key string, p PowerPolicy) {
	v.check(key, p == PowerNormal || p == PowerDefer, strconv.Quote(string(p)),
		fmt.Sprintf("must be %q or %q", PowerNormal, PowerDefer))
}

func (v *validator) bound(key string, n int, b Bound) {
	v.check(key, n >= b.Min && n <= b.Max, strconv.Itoa(n),
		fmt.Sprintf("must be between %d and %d", b.Min, b.Max))
}

func (v *validator) intMin(key string, n, lo int64, unit string) {
	msg := fmt.Sprintf("must be at least %d", lo)
	if unit != "" {
		msg += " " + unit
	}
	v.check(key, n >= lo, strconv.FormatInt(n, 10), msg)
}

func (v *validator) positive(key string, d time.Duration) {
	v.check(key, d > 0, strconv.Quote(d.String()), "must be greater than 0")
}

// durationIn accepts a duration from lo to hi.
func (v *validator) durationIn(key string, d, lo, hi time.Duration) {
	v.check(key, d >= lo && d <= hi, strconv.Quote(d.String()),
		fmt.Sprintf("must be between %s and %s", lo, hi))
}

// path accepts "", an absolute path, "~" or a path starting with "~/".
func (v *validator) path(key, p string) {
	ok := p == "" || filepath.IsAbs(p) || p == "~" || strings.HasPrefix(p, "~/")
	v.check(key, ok, strconv.Quote(p), `must be absolute or start with "~/"`)
}

// checkExtension returns why a configured extension is unusable, or "".
func checkExtension(ext string) string {
	n := normalizeExtension(ext)
	switch {
	case n == "":
		return "must not be empty"
	case strings.ContainsAny(n, `./\`) || strings.ContainsFunc(n, unicode.IsSpace):
		return "must be a single extension such as \"exe\" (no dots, slashes or spaces)"
	}
	return ""
}

// checkMediaType returns why a configured MIME type is unusable, or "".
func checkMediaType(typ string) string {
	n := normalizeMediaType(typ)
	major, minor, ok := strings.Cut(n, "/")
	switch {
	case n == "":
		return "must not be empty"
	case strings.Contains(n, "*"):
		return "wildcards are not supported"
	case !ok || major == "" || minor == "" || strings.Contains(minor, "/") ||
		strings.ContainsFunc(n, unicode.IsSpace):
		return `must be a MIME type such as "application/x-foo"`
	}
	return ""
}

// validateUI checks the [ui] table's values.
func validateUI(v *validator, u UIConfig) {
	v.check(keyPipeFormat, u.PipeFormat == PipeText || u.PipeFormat == PipeHTML || u.PipeFormat == PipeMarkdown,
		strconv.Quote(u.PipeFormat), fmt.Sprintf("must be %q, %q or %q", PipeText, PipeHTML, PipeMarkdown))
	if u.BookmarkCommand != "" {
		_, err := SplitArgs(u.BookmarkCommand)
		msg := ""
		if err != nil {
			msg = "must be one command run without a shell: " + err.Error()
		}
		v.check(keyBookmarkCommand, err == nil, strconv.Quote(u.BookmarkCommand), msg)
	}
	v.path(keySaveDirectory, u.SaveDirectory)
	v.check(keyUISort, slices.Contains(SortOrders(), u.Sort), strconv.Quote(u.Sort), "must be "+sortNames())
}

// sortNames lists the sort orders for a message: "date", … or "unread".
func sortNames() string {
	names := SortOrders()
	for i, n := range names {
		names[i] = strconv.Quote(n)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
