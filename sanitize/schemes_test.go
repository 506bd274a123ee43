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
		"java\x00script :":                    true,
		"da\x7fTA :\tText/HtmL":               true,
		"data:text/htm":                       false,
		"script:":                             false,
		":javascript":                         false,
		"a:b:c:javascript:":                   true,
	}
	for in, want := range tests {
		t.Run(in, func(t *testing.T) {
			if got := holdsLiveScheme(in); got != want {
				t.Errorf("holdsLiveScheme(%q) = %v, want %v", in, got, want)
			}
			if oracle := containsLiveScheme(in); oracle != want {
				t.Errorf("containsLiveScheme(%q) = %v, want %v", in, oracle, want)
			}
		})
	}
}

// FuzzHoldsLiveScheme checks the colon-anchored matcher against the plain
// definition, containsLiveScheme.
func FuzzHoldsLiveScheme(f *testing.F) {
	for _, s := range []string{"javascript:", "JaVa\tScRiPt:", "da ta:\x7ftext/HTML", "vbscript :", ":javascript", "data:text/htm"} {
		f.Add(s)
	}
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := holdsLiveScheme(in), containsLiveScheme(in); got != want {
			t.Fatalf("holdsLiveScheme(%q) = %v, want %v", in, got, want)
		}
	})
}
