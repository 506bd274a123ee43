package sanitize

import (
	"net/url"
	"testing"
)

// TestLinkURLPattern checks the pattern that keeps data: URLs off links:
// it must match exactly the values without a scheme or with an allowed one.
func TestLinkURLPattern(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"https://example.com/", true},
		{"HTTP://example.com/", true},
		{"mailto:a@example.com", true},
		{"/path", true},
		{"./this:that", true},
		{"a/b:c", true},
		{"#fragment", true},
		{"?query", true},
		{"page.html", true},
		{"  https://example.com/", true},
		{"data:image/png;base64,iVBORw0KGgo=", false},
		{" data:image/png;base64,iVBORw0KGgo=", false},
		{"\u00a0\u2003data:image/png;base64,iVBORw0KGgo=", false},
		{"javascript:alert(1)", false},
		{"x-y.z+w:rest", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := linkURL.MatchString(tt.in); got != tt.want {
				t.Errorf("linkURL.MatchString(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestIsImageData checks which data: URLs img src may keep.
func TestIsImageData(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"data:image/png;base64,iVBORw0KGgo=", true},
		{"data:image/gif;base64,R0lGODlhAQABAAAAACw=", true},
		{"data:image/jpeg;base64,/9j/4AAQ", true},
		{"data:image/webp;base64,UklGRg==", true},
		{"data:image/svg+xml;base64,PHN2Zz4=", false},
		{"data:text/html;base64,PHNjcmlwdD4=", false},
		{"data:image/png,rawbytes", false},
		{"data:image/png;base64,not base64!", false},
		{"data:image/png;base64,iVBORw0KGgo=?x=1", false},
		{"data:image/png;base64,iVBORw0KGgo=#f", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := url.Parse(tt.in)
			if err != nil {
				if tt.want {
					t.Fatalf("url.Parse(%q): %v", tt.in, err)
				}
				return
			}
			if got := isImageData(u); got != tt.want {
				t.Errorf("isImageData(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}
