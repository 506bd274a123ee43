package sanitize

import (
	"strings"
	"testing"
)

// TestHTMLDropsLiveSchemesAnywhereInAValue checks that an attribute whose
// value holds a live scheme past its start goes, as the corpus' verdict
// tool would count it live, and that other attributes and text stay.
func TestHTMLDropsLiveSchemesAnywhereInAValue(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`<img srC=#jAvAsCript:>`, ``}, // an img without src goes
		{`<img src="x.png#java script:" alt="a">`, `<img alt="a">`},
		{`<a href="https://e.org/?next=vbscript:x">t</a>`, `t`},
		{`<a href="/a?u=DATA:text/html,x" title="javascript: a talk">t</a>`, `t`},
		{`<p>javascript: is text here</p>`, `<p>javascript: is text here</p>`},
		{`<a href="https://e.org/java/script">t</a>`, `<a href="https://e.org/java/script" rel="nofollow">t</a>`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := HTML(tt.in)
			if got != tt.want {
				t.Errorf("HTML(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if live := liveTokens(got); len(live) > 0 {
				t.Errorf("HTML(%q) = %q keeps %v live", tt.in, got, live)
			}
		})
	}
}

// TestHoldsLiveScheme checks the matcher on split, cased and overlapping
// spellings.
func TestHoldsLiveScheme(t *testing.T) {
	tests := map[string]bool{
		"javascript:":                         true,
		"JaVa\tScRiPt:":                       true,
		"jjavascript:":                        true,
		"javajavascript:":                     true,
		"vbvbscript:":                         true,
		"data:data:text/html":                 true,
		"https://e.org/":                      false,
		"javascript":                          false,
		"data:image/png;base64":               false,
		strings.Repeat("javascrip", 3) + "t;": false,
	}
	for in, want := range tests {
		if got := holdsLiveScheme(in); got != want {
			t.Errorf("holdsLiveScheme(%q) = %v, want %v", in, got, want)
		}
	}
}
