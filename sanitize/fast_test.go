package sanitize

import (
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// TestFastPathSwitch checks that fastPaths follows the build: off exactly
// when the build has the tag tidings_nofast.
func TestFastPathSwitch(t *testing.T) {
	if want := !builtWithTag(t, "tidings_nofast"); fastPaths != want {
		t.Fatalf("fastPaths = %v in a build whose -tags say %v", fastPaths, want)
	}
}

// builtWithTag reports whether the running binary was built with tag.
func builtWithTag(t *testing.T, tag string) bool {
	t.Helper()
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information in the test binary")
	}
	for _, s := range info.Settings {
		if s.Key == "-tags" {
			return slices.Contains(strings.Split(s.Value, ","), tag)
		}
	}
	return false
}

// TestHTMLPassFollowsSwitch checks that the switch reaches one of its
// choices: htmlPass reports a plain paragraph final only with fastPaths.
func TestHTMLPassFollowsSwitch(t *testing.T) {
	out, final := htmlPass("<p>x</p>")
	if out != "<p>x</p>" || final != fastPaths {
		t.Fatalf("htmlPass = %q, final %v; want the paragraph, final %v", out, final, fastPaths)
	}
}
