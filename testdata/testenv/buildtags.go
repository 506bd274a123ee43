package testenv

import (
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// BuiltWithTag reports whether the running test binary was built with
// the build tag tag (go test -tags), as its build information says.
func BuiltWithTag(tb testing.TB, tag string) bool {
	tb.Helper()
	info, ok := debug.ReadBuildInfo()
	if !ok {
		tb.Fatal("no build information in the test binary")
	}
	for _, s := range info.Settings {
		if s.Key == "-tags" {
			return slices.Contains(strings.Split(s.Value, ","), tag)
		}
	}
	return false
}
