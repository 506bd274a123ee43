package sanitize

import (
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// TestFastPathSwitch checks that fastPaths follows the build: off exactly
// when the build has the tag tidings_nofast.
func TestFastPathSwitch(t *testing.T) {
	if want := !testenv.BuiltWithTag(t, "tidings_nofast"); fastPaths != want {
		t.Fatalf("fastPaths = %v in a build whose -tags say %v", fastPaths, want)
	}
}

// TestHTMLPassFollowsSwitch checks that the switch reaches one of its
// choices: htmlPass reports a plain paragraph final only with fastPaths.
func TestHTMLPassFollowsSwitch(t *testing.T) {
	out, final := htmlPass("<p>x</p>")
	if out != "<p>x</p>" || final != fastPaths {
		t.Fatalf("htmlPass = %q, final %v; want the paragraph, final %v", out, final, fastPaths)
	}
}
