package cli

import "testing"

// TestErrorLinesCarryNoControl: what the command line prints of an error
// (which may quote a server or a document) is one line that cannot drive
// the terminal.
func TestErrorLinesCarryNoControl(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fetch http://x/: 503 Service Unavailable", "fetch http://x/: 503 Service Unavailable"},
		{"parse: unexpected <\x1b]52;c;ZXZpbA==\x07> in\nline 3", "parse: unexpected <]52;c;ZXZpbA==> in line 3"},
		{"title \u202eevil\u2066 \x9b31m", "title evil 31m"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := oneLine(tt.in); got != tt.want {
				t.Fatalf("oneLine(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
