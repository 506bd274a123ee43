package cli

import (
	"runtime/debug"
	"testing"
)

func TestBuildVersionPrefersTagThenModuleThenRevision(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"},
		{Key: "vcs.time", Value: "2026-01-02T15:04:05Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	tests := []struct {
		name       string
		tag        string
		info       *debug.BuildInfo
		want, more string
	}{
		{"release tag", "v1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-x"}, Settings: vcs[:2]},
			"v1.2.3", " (2026-01-02T15:04:05Z)"},
		{"go install @version", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0", ""},
		{"pseudo-version from a clone", "dev", &debug.BuildInfo{
			Main: debug.Module{Version: "v0.0.0-20260102150405-0123456789ab+dirty"}, Settings: vcs},
			"v0.0.0-20260102150405-0123456789ab+dirty", ""},
		{"vcs build", "dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs},
			"devel-0123456789ab", " (2026-01-02T15:04:05Z, modified)"},
		{"clean vcs build", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs[:2]},
			"devel-0123456789ab", " (2026-01-02T15:04:05Z)"},
		{"nothing recorded", "dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev", ""},
		{"no build info", "dev", nil, "dev", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, more := buildVersion(tt.tag, tt.info)
			if got != tt.want || more != tt.more {
				t.Errorf("buildVersion = %q, %q; want %q, %q", got, more, tt.want, tt.more)
			}
		})
	}
}
