package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/tidings-rss/tidings/store"
)

// devVersion is main.version when no release tag was linked in.
const devVersion = "dev"

// buildVersion names this build in one token, and says when and from
// what it was built: the release tag linked in with -ldflags
// "-X main.version=…"; else the module version the go command recorded (a
// tag for `go install …@v1.2.3`, a pseudo-version — which carries the
// commit and its time — for a build in a git clone); else "devel-" and the
// VCS revision; else "dev". detail is " (commit time, modified)" when the
// version does not already carry them.
func buildVersion(tag string, info *debug.BuildInfo) (version, detail string) {
	switch {
	case tag != "" && tag != devVersion:
		return tag, buildDetail(info)
	case info == nil:
		return devVersion, ""
	case info.Main.Version != "" && info.Main.Version != "(devel)":
		return info.Main.Version, ""
	}
	if rev := vcsSetting(info, "vcs.revision"); rev != "" {
		return "devel-" + shortRevision(rev), buildDetail(info)
	}
	return devVersion, ""
}

// buildDetail is the VCS commit time and a dirty tree, when the build
// recorded them: " (2026-01-02T15:04:05Z, modified)".
func buildDetail(info *debug.BuildInfo) string {
	if info == nil {
		return ""
	}
	var parts []string
	if at := vcsSetting(info, "vcs.time"); at != "" {
		parts = append(parts, at)
	}
	if vcsSetting(info, "vcs.modified") == "true" {
		parts = append(parts, "modified")
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// versionText is what --version prints: the version, the Go version and
// platform, and the SQLite library, one line each.
func versionText(version, detail string) string {
	return fmt.Sprintf("tidings version %s%s\nbuilt with %s for %s/%s\nSQLite %s",
		version, detail, runtime.Version(), runtime.GOOS, runtime.GOARCH, store.SQLiteVersion())
}

// readBuildInfo is debug.ReadBuildInfo, nil when the binary has none.
func readBuildInfo() *debug.BuildInfo {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	return info
}

// vcsSetting returns a build setting such as "vcs.revision", or "".
func vcsSetting(info *debug.BuildInfo, key string) string {
	for _, s := range info.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
}

// shortRevision keeps the first 12 characters of a commit hash.
func shortRevision(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
