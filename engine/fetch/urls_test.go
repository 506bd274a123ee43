package fetch

import (
	"testing"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

func TestHostKeyMergesDefaultPorts(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"https://Example.com/feed", "https://example.com:443/other"},
		{"http://example.com/", "http://example.com:80/x"},
	} {
		ua := weburl.MustParse(tc.a)
		ub := weburl.MustParse(tc.b)
		if HostKey(ua) != HostKey(ub) {
			t.Errorf("%s and %s are different hosts: %q vs %q", tc.a, tc.b, HostKey(ua), HostKey(ub))
		}
	}
	ua := weburl.MustParse("http://127.0.0.2:8080/")
	ub := weburl.MustParse("http://127.0.0.2:9090/")
	if HostKey(ua) == HostKey(ub) {
		t.Error("two ports of one address are one server")
	}
}
