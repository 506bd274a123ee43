package enclosure

import (
	"fmt"
	"testing"
)

func TestExtensionsAndDispositionNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://a.example/x/ep.MP3", ".mp3"},
		{"http://a.example/x/ep.exe?download=1", ".exe"},
		{"http://a.example/x/ep.exe%20%20.", ".exe"},
		{"http://a.example/evil.sh/", ".sh"},
		{"http://a.example/a%2Fb.sh", ".sh"},
		{"http://a.example/", ""},
		{"http://a.example", ""},
	} {
		if got := urlExtension(c.in); got != c.want {
			t.Errorf("urlExtension(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`attachment; filename="a.mp3"`, "[a.mp3]"},
		{`attachment; filename*=UTF-8''%C3%A9t%C3%A9.exe`, "[été.exe]"},
		{`attachment; filename=a.exe; filename=b`, "[a.exe b]"},
		{`attachment; filename="x.mp3"; filename*=bad''%zz.sh; filename=y`, "[x.mp3 %zz.sh y]"},
		{`inline`, "[]"},
		{``, "[]"},
	} {
		if got := fmt.Sprint(dispositionNames(c.in)); got != c.want {
			t.Errorf("dispositionNames(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
