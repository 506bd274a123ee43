package newsboat

import (
	"io"
	"strings"
	"testing"
)

// endlessReader reads line forever.
type endlessReader struct {
	line string
	off  int
}

func (e *endlessReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.line[e.off:])
		n += c
		e.off = (e.off + c) % len(e.line)
	}
	return n, nil
}

// TestNewsboatFilesAreBounded checks that a urls or config file too large,
// with a line too long or with a NUL byte, is refused in one line naming
// what is wrong, an endless one included.
func TestNewsboatFilesAreBounded(t *testing.T) {
	tests := []struct {
		name string
		in   func() io.Reader
		want string
	}{
		{"a line too long", func() io.Reader {
			return strings.NewReader("https://a.example/f\nhttps://b.example/" + strings.Repeat("x", MaxLineBytes) + "\n")
		}, "line 2: longer than 64 KB"},
		{"a NUL byte", func() io.Reader { return strings.NewReader("https://a.example/f\nhttps://b.example/\x00 tag\n") },
			"line 2: a NUL byte: not a text file"},
		{"a file too large", func() io.Reader {
			return strings.NewReader(strings.Repeat("https://a.example/feed tag \"~A title\"\n", MaxFileBytes/38+1))
		}, "larger than 16 MB"},
		{"an endless file", func() io.Reader { return &endlessReader{line: "https://a.example/feed tag\n"} }, "larger than 16 MB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseURLs(tt.in())
			if err == nil || !strings.HasPrefix(err.Error(), "urls: ") || !strings.Contains(err.Error(), tt.want) ||
				strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseURLs: %v, want one line with %q", err, tt.want)
			}
			_, err = ParseConfig(tt.in())
			if err == nil || !strings.HasPrefix(err.Error(), "config: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseConfig: %v, want %q", err, tt.want)
			}
		})
	}
}
