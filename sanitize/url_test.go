package sanitize

import "testing"

// TestLink checks that only absolute http and https URLs survive.
func TestLink(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"https", "https://example.com/a?b=c#d", "https://example.com/a?b=c#d"},
		{"http with port", "http://example.com:8080/", "http://example.com:8080/"},
		{"surrounding space", "  http://example.com/ \n", "http://example.com/"},
		{"upper-case scheme", "HTTP://Example.com/", "http://Example.com/"},
		{"space in path escaped", "http://example.com/a b", "http://example.com/a%20b"},
		{"newline inside removed", "http://exa\nmple.com/", "http://example.com/"},
		{"bidi override removed", "https://exa\u202emple.com/", "https://example.com/"},
		{"ESC removed", "http://example.com/\x1b", "http://example.com/"},
		{"javascript", "javascript:alert(1)", ""},
		{"mixed-case javascript", "JaVaScRiPt:alert(1)", ""},
		{"javascript split by newline", "java\nscript:alert(1)", ""},
		{"javascript behind space and control", " \x01javascript:alert(1)", ""},
		{"vbscript", "vbscript:msgbox(1)", ""},
		{"data", "data:text/html;base64,PHNjcmlwdD4=", ""},
		{"file", "file:///etc/passwd", ""},
		{"mailto", "mailto:a@example.com", ""},
		{"ftp", "ftp://example.com/", ""},
		{"relative path", "/relative/path", ""},
		{"scheme-relative", "//example.com/x", ""},
		{"no host", "http:///path", ""},
		{"opaque", "http:example.com", ""},
		{"port only", "http://:80/", ""},
		{"bad host", "http://exa mple.com/", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Link(tt.in)
			if got != tt.want {
				t.Errorf("Link(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Link(got); again != got {
				t.Errorf("Link not idempotent: Link(%q) = %q", got, again)
			}
		})
	}
}
