package config

import (
	"path/filepath"
	"testing"
	"time"
)

func TestDefault(t *testing.T) {
	c := Default()
	tests := []struct {
		name      string
		got, want any
	}{
		{"default_interval", c.DefaultIntervalMinutes, 1440},
		{"max_items", c.MaxItems, 200},
		{"log_file", c.LogFile, ""},
		{"sync.download_threads", c.Sync.DownloadThreads, 4},
		{"sync.per_host_connections", c.Sync.PerHostConnections, 1},
		{"sync.bucket_initial", c.Sync.BucketInitial, 2},
		{"sync.bucket_capacity", c.Sync.BucketCapacity, 4},
		{"sync.bucket_refill_per_second", c.Sync.BucketRefillPerSecond, 1.0},
		{"sync.honor_skip_hints", c.Sync.HonorSkipHints, true},
		{"sync.connect_timeout", c.Sync.ConnectTimeout, 15 * time.Second},
		{"sync.response_timeout", c.Sync.ResponseTimeout, 60 * time.Second},
		{"sync.max_body_bytes", c.Sync.MaxBodyBytes, int64(20971520)},
		{"sync.command_timeout", c.Sync.CommandTimeout, 60 * time.Second},
		{"sync.command_output_bytes", c.Sync.CommandOutputBytes, int64(20971520)},
		{"sync.user_agent", c.Sync.UserAgent, ""},
		{"sync.on_battery", c.Sync.OnBattery, PowerNormal},
		{"sync.on_metered", c.Sync.OnMetered, PowerNormal},
		{"ui.sort", c.UI.Sort, "date"},
		{"enclosures.download", c.Enclosures.Download, false},
		{"enclosures.directory", c.Enclosures.Directory, ""},
		{"enclosures.max_concurrent", c.Enclosures.MaxConcurrent, 4},
		{"enclosures.fallback_cap_bytes", c.Enclosures.FallbackCapBytes, int64(15 << 20)},
		{"enclosures.max_bytes", c.Enclosures.MaxBytes, int64(4 << 30)},
		{"enclosures.max_total_bytes", c.Enclosures.MaxTotalBytes, int64(20 << 30)},
		{"enclosures.length_slack_percent", c.Enclosures.LengthSlackPercent, 10},
		{"enclosures.length_slack_bytes", c.Enclosures.LengthSlackBytes, int64(2 << 20)},
		{"enclosures.stall_timeout", c.Enclosures.StallTimeout, 60 * time.Second},
		{"enclosures.max_duration", c.Enclosures.MaxDuration, 4 * time.Hour},
		{"enclosures.blocked_extensions", len(c.Enclosures.ExtraBlockedExtensions), 0},
		{"enclosures.blocked_types", len(c.Enclosures.ExtraBlockedTypes), 0},
		{"ui.notify_command", c.UI.NotifyCommand, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %v (%T), want %v (%T)", tt.got, tt.got, tt.want, tt.want)
			}
		})
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Default().Validate() = %v", err)
	}
	if got := c.DefaultInterval(); got != 24*time.Hour {
		t.Errorf("DefaultInterval() = %v, want 24h", got)
	}
}

func TestResolve(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	tests := []struct {
		name             string
		logFile, encDir  string
		wantLog, wantEnc string
	}{
		{"empty values use the data dir", "", "", filepath.Join(data, "tidings.log"), filepath.Join(data, "enclosures")},
		{"set values are kept", "/var/log/t.log", "/srv/enc", "/var/log/t.log", "/srv/enc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			c.LogFile, c.Enclosures.Directory = tt.logFile, tt.encDir
			r := c.Resolve(data)
			if r.LogFile != tt.wantLog || r.Enclosures.Directory != tt.wantEnc {
				t.Errorf("Resolve = (%q, %q), want (%q, %q)", r.LogFile, r.Enclosures.Directory, tt.wantLog, tt.wantEnc)
			}
			if c.LogFile != tt.logFile {
				t.Errorf("Resolve modified its receiver")
			}
		})
	}
}

func TestUserAgentFor(t *testing.T) {
	tests := []struct {
		name, configured, version, want string
	}{
		{"default", "", "1.2.3", "tidings/1.2.3 (+https://github.com/tidings-rss/tidings)"},
		{"no version", "", "", "tidings/dev (+https://github.com/tidings-rss/tidings)"},
		{"version with spaces", "", "1.0 beta", "tidings/1.0-beta (+https://github.com/tidings-rss/tidings)"},
		{"configured", "MyReader/2", "1.2.3", "MyReader/2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SyncConfig{UserAgent: tt.configured}
			if got := s.UserAgentFor(tt.version); got != tt.want {
				t.Errorf("UserAgentFor(%q) = %q, want %q", tt.version, got, tt.want)
			}
		})
	}
}
