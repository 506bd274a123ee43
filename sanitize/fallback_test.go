package sanitize

import "testing"

// TestUnwrapFallback checks which tags the scan removes.
func TestUnwrapFallback(t *testing.T) {
	tests := []struct{ in, want string }{
		{`a<iframe src="x">fall <b>back</b></iframe>b`, `afall <b>back</b>b`},
		{`<IFRAME title='a>b'>x</IFrame >`, `x`},
		{`<noscript><p>js</p></noscript><noembed>e</noembed><noframes>f</noframes>`, `<p>js</p>ef`},
		{`<iframes>not one</iframes><nos>x</nos>`, `<iframes>not one</iframes><nos>x</nos>`},
		{`no tags at all`, `no tags at all`},
		{`<iframe src="x"`, ``},
	}
	for _, tt := range tests {
		if got := unwrapFallback(tt.in); got != tt.want {
			t.Errorf("unwrapFallback(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
