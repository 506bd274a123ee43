package weburl

import (
	"errors"
	"strings"
	"testing"
)

func TestParseAccepts(t *testing.T) {
	cases := []struct{ in, want string }{
		{"http://example.com/feed.xml", "http://example.com/feed.xml"},
		{"  HTTPS://Example.COM/Feed?x=1  \n", "https://example.com/Feed?x=1"},
		{"http://example.com:8080/a", "http://example.com:8080/a"},
		{"http://127.0.0.1:1/", "http://127.0.0.1:1/"},
		{"http://[::1]:8080/x", "http://[::1]:8080/x"},
		{"http://bücher.example/ö?q=ü#ä", "http://xn--bcher-kva.example/%C3%B6?q=%C3%BC#%C3%A4"},
		{"http://example.com/a%20b", "http://example.com/a%20b"},
		{"http://user:pw@example.com/", "http://user:pw@example.com/"},
		{"http://example.com/?q=a|b", "http://example.com/?q=a%7Cb"},
		{"http://my_blog.example.com/", "http://my_blog.example.com/"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			u, err := Parse(c.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.in, err)
			}
			if u.String() != c.want {
				t.Fatalf("Parse(%q) = %q, want %q", c.in, u, c.want)
			}
			again, err := Parse(u.String())
			if err != nil || again != u {
				t.Fatalf("Parse(%q) again = %q, %v; not idempotent", u, again, err)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	cases := map[string]string{
		"empty":             "   ",
		"relative":          "/feed.xml",
		"no scheme":         "example.com/feed",
		"file":              "file:///etc/passwd",
		"javascript":        "javascript:alert(1)",
		"data":              "data:text/html,hi",
		"opaque":            "http:example.com",
		"no host":           "http:///path",
		"newline inside":    "http://example.com/a\nb",
		"CR inside":         "http://example.com/a\rtidings: forged",
		"ESC":               "http://example.com/\x1b]0;pwned\x07",
		"C1 CSI raw byte":   "http://example.com/\x9b2J",
		"C1 CSI rune":       "http://example.com/\u009b2J",
		"NEL":               "http://example.com/\u0085",
		"RLO":               "http://example.com/\u202egnp.exe",
		"LRI":               "http://exa\u2066mple.com/",
		"zero width":        "http://exa\u200bmple.com/",
		"BOM":               "\ufeffhttp://example.com/",
		"space inside":      "http://example.com/a b",
		"nbsp inside":       "http://example.com/a\u00a0b",
		"line separator":    "http://example.com/\u2028",
		"invalid utf8":      "http://example.com/\xff",
		"bad port":          "http://example.com:99999/",
		"zero port":         "http://example.com:0/",
		"too long":          "http://example.com/" + strings.Repeat("a", MaxLen),
		"too long escaped":  "http://example.com/" + strings.Repeat("é", MaxLen/3),
		"zone in host":      "http://[fe80::1%25en0]/",
		"control in user":   "http://a%1bb@example.com/",
		"bad idn":           "http://xn--a.\u00e9\u0301\u0301.example/",
		"DEL":               "http://example.com/\x7f",
		"tab inside":        "http://example.com/\tx",
		"ideographic space": "http://example.com/\u3000",
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			u, err := Parse(in)
			if err == nil {
				t.Fatalf("Parse(%q) = %q, want an error", in, u)
			}
			if !errors.Is(err, ErrBadURL) {
				t.Fatalf("error %v does not wrap ErrBadURL", err)
			}
			if !printableASCII(strings.ReplaceAll(err.Error(), " ", "_")) && strings.ContainsFunc(err.Error(), forbidden) {
				t.Fatalf("error %q carries a control", err)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	base, err := Parse("https://example.com/blog/post.html")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ ref, want string }{
		{"/feed.xml", "https://example.com/feed.xml"},
		{"feed.xml", "https://example.com/blog/feed.xml"},
		{"//other.example/rss", "https://other.example/rss"},
		{"http://Other.example/x", "http://other.example/x"},
		{"?page=2", "https://example.com/blog/post.html?page=2"},
	}
	for _, c := range cases {
		u, err := Resolve(base, c.ref)
		if err != nil || u.String() != c.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", c.ref, u, err, c.want)
		}
	}
	for _, ref := range []string{"javascript:x", "file:///etc/passwd", "/a\nb", "ftp://example.com/"} {
		if u, err := Resolve(base, ref); err == nil {
			t.Errorf("Resolve(%q) = %q, want an error", ref, u)
		}
	}
	if u, err := Resolve(URL{}, "http://example.com/"); err != nil || u.String() != "http://example.com/" {
		t.Errorf("Resolve on the zero base = %q, %v", u, err)
	}
}

func TestSameOrigin(t *testing.T) {
	must := func(s string) URL {
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	a := must("https://example.com/api")
	cases := []struct {
		b    string
		same bool
	}{
		{"https://EXAMPLE.com:443/other", true},
		{"http://example.com/api", false},
		{"https://example.com:8443/api", false},
		{"https://evil.example/api", false},
		{"https://example.com.evil.example/api", false},
	}
	for _, c := range cases {
		if got := a.SameOrigin(must(c.b)); got != c.same {
			t.Errorf("SameOrigin(%q) = %v, want %v", c.b, got, c.same)
		}
	}
	if (URL{}).SameOrigin(URL{}) {
		t.Error("two zero URLs share an origin")
	}
}

func TestZeroURL(t *testing.T) {
	var u URL
	if !u.IsZero() || u.String() != "" || u.Std() != nil || u.Hostname() != "" || u.Port() != "" || u.Scheme() != "" {
		t.Fatalf("zero URL not empty: %#v", u)
	}
}
