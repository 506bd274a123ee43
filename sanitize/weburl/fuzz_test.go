package weburl

import (
	"testing"
)

// FuzzParse checks the constructor's promises for any input: what it
// accepts is printable ASCII within MaxLen, http or https with a host, and
// parsing it again gives the same URL; resolving any reference against it
// keeps the same promises.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"http://example.com/feed.xml", "HTTPS://Example.COM:443/a?b=c#d", "http://bücher.example/ö",
		"http://[::1]:8080/", "http://example.com/\x1b[2J", "http://example.com/\u202e", "file:///etc/passwd",
		"//example.com/x", "../x", "http://user:pw@h/", "http://h/?q=\"<>", "http://h/%zz",
	} {
		f.Add(s, "../feed?x=1")
	}
	f.Fuzz(func(t *testing.T, raw, ref string) {
		u, err := Parse(raw)
		if err != nil {
			if !u.IsZero() {
				t.Fatalf("Parse(%q) failed but returned %q", raw, u)
			}
			return
		}
		checkPromises(t, u)
		r, err := Resolve(u, ref)
		if err == nil {
			checkPromises(t, r)
		}
	})
}

// checkPromises fails t unless u keeps every promise of the package.
func checkPromises(t *testing.T, u URL) {
	t.Helper()
	s := u.String()
	if s == "" || len(s) > MaxLen || !printableASCII(s) {
		t.Fatalf("accepted URL %q is empty, too long or not printable ASCII", s)
	}
	if sc := u.Scheme(); sc != "http" && sc != "https" {
		t.Fatalf("accepted URL %q has scheme %q", s, sc)
	}
	if u.Hostname() == "" {
		t.Fatalf("accepted URL %q has no host", s)
	}
	again, err := Parse(s)
	if err != nil || again != u {
		t.Fatalf("Parse(%q) = %q, %v; not idempotent", s, again, err)
	}
}
