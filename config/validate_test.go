package config

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*Config)
		want   string // "" = valid; else the exact message
	}{
		{"defaults", func(*Config) {}, ""},
		{"interval at minimum", func(c *Config) { c.DefaultIntervalMinutes = 15 }, ""},
		{"interval below minimum", func(c *Config) { c.DefaultIntervalMinutes = 14 },
			"config: default_interval = 14: must be at least 15 minutes"},
		{"interval overflowing a Duration", func(c *Config) { c.DefaultIntervalMinutes = math.MaxInt },
			"is too large"},
		{"max_items 0", func(c *Config) { c.MaxItems = 0 }, "config: max_items = 0: must be between 1 and 2500"},
		{"max_items at limit", func(c *Config) { c.MaxItems = MaxItemsLimit }, ""},
		{"threads 16", func(c *Config) { c.Sync.DownloadThreads = 16 }, ""},
		{"threads 17", func(c *Config) { c.Sync.DownloadThreads = 17 },
			"config: sync.download_threads = 17: must be between 1 and 16"},
		{"per host 0", func(c *Config) { c.Sync.PerHostConnections = 0 }, "sync.per_host_connections = 0"},
		{"initial equals capacity", func(c *Config) { c.Sync.BucketInitial = 4 }, ""},
		{"initial above capacity", func(c *Config) { c.Sync.BucketInitial = 5 },
			"config: sync.bucket_initial = 5: must not exceed sync.bucket_capacity (4)"},
		{"negative initial", func(c *Config) { c.Sync.BucketInitial = -1 }, "sync.bucket_initial = -1: must be at least 0"},
		{"unthrottled", func(c *Config) { c.Sync.BucketRefillPerSecond = 0 }, ""},
		{"infinite refill", func(c *Config) { c.Sync.BucketRefillPerSecond = math.Inf(1) }, "sync.bucket_refill_per_second = +Inf"},
		{"zero response timeout", func(c *Config) { c.Sync.ResponseTimeout = 0 },
			`config: sync.response_timeout = "0s": must be greater than 0`},
		{"negative connect timeout", func(c *Config) { c.Sync.ConnectTimeout = -1 }, "sync.connect_timeout"},
		{"body cap", func(c *Config) { c.Sync.MaxBodyBytes = 10 }, "sync.max_body_bytes = 10: must be at least 1024"},
		{"user agent", func(c *Config) { c.Sync.UserAgent = "a\nb" }, "sync.user_agent"},
		{"defer on battery", func(c *Config) { c.Sync.OnBattery = PowerDefer }, ""},
		{"on battery unknown", func(c *Config) { c.Sync.OnBattery = "off" },
			`config: sync.on_battery = "off": must be "normal" or "defer"`},
		{"on metered unknown", func(c *Config) { c.Sync.OnMetered = "Defer" }, "sync.on_metered"},
		{"enclosure workers", func(c *Config) { c.Enclosures.MaxConcurrent = 0 }, "enclosures.max_concurrent = 0"},
		{"fallback cap", func(c *Config) { c.Enclosures.FallbackCapBytes = 0 }, "enclosures.fallback_cap_bytes = 0"},
		{"tilde directory", func(c *Config) { c.Enclosures.Directory = "~/enc" }, ""},
		{"relative directory", func(c *Config) { c.Enclosures.Directory = "enc" }, "enclosures.directory"},
		{"extension with dot", func(c *Config) { c.Enclosures.ExtraBlockedExtensions = []string{".iso"} }, ""},
		{"extension with path", func(c *Config) { c.Enclosures.ExtraBlockedExtensions = []string{"a/b"} }, "enclosures.blocked_extensions"},
		{"type with parameters", func(c *Config) { c.Enclosures.ExtraBlockedTypes = []string{"a/b; q=1"} }, ""},
		{"type without subtype", func(c *Config) { c.Enclosures.ExtraBlockedTypes = []string{"a/"} }, "enclosures.blocked_types"},
		{"first of several problems", func(c *Config) { c.MaxItems = 0; c.Sync.DownloadThreads = 0 }, "max_items"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			tt.modify(&c)
			err := c.Validate()
			if tt.want == "" {
				if err != nil {
					t.Errorf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate() = nil, want %q", tt.want)
			}
			var ce *Error
			if !errors.As(err, &ce) || ce.Line != 0 || ce.Path != "" {
				t.Errorf("Validate() = %#v, want *Error without position", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		err  Error
		want string
	}{
		{Error{Path: "/c.toml", Line: 7, Key: "sync.download_threads", Value: "99", Msg: "must be between 1 and 16"},
			"config /c.toml:7: sync.download_threads = 99: must be between 1 and 16"},
		{Error{Path: "/c.toml", Line: 2, Key: "colour", Msg: "unknown key"}, "config /c.toml:2: colour: unknown key"},
		{Error{Path: "/c.toml", Line: 3, Msg: "syntax error: x"}, "config /c.toml:3: syntax error: x"},
		{Error{Path: "/c.toml", Msg: "permission denied"}, "config /c.toml: permission denied"},
		{Error{Key: "max_items", Value: "0", Msg: "bad"}, "config: max_items = 0: bad"},
		{Error{Msg: "two\nlines"}, "config: two lines"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}
