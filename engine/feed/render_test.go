package feed

import (
	"net/url"
	"testing"
)

// TestAbsolutize checks which URL attributes are resolved, and that
// content with absolute URLs only is returned as it is.
func TestAbsolutize(t *testing.T) {
	base, _ := url.Parse("https://a.example/blog/post.html")
	tests := []struct{ in, want string }{
		{`<a href="https://b.example/x">x</a>`, `<a href="https://b.example/x">x</a>`},
		{`<a href="/x">x</a>`, `<a href="https://a.example/x">x</a>`},
		{`<A HREF='y.html'>y</A>`, `<a href="https://a.example/blog/y.html">y</A>`}, // only the tag changes
		{`<img src = "i.png" alt="a=b">`, `<img src="https://a.example/blog/i.png" alt="a=b">`},
		{`<a href="#top">t</a>`, `<a href="https://a.example/blog/post.html#top">t</a>`},
		{`<a href="mailto:me@a.example">m</a> 1+1=2`, `<a href="mailto:me@a.example">m</a> 1+1=2`},
		{`<p title="/not/a/url">p</p>`, `<p title="/not/a/url">p</p>`},
		{`text with href=/x in it`, `text with href=/x in it`},
	}
	for _, tt := range tests {
		if got := absolutize(tt.in, base); got != tt.want {
			t.Errorf("absolutize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
