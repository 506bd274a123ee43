package fetch

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// CheckURL is the door's check of an address it is asked to fetch: an
// absolute http or https URL with a host, as weburl.Parse accepts it.
// Another scheme is refused with an error wrapping ErrScheme; an address
// holding controls, spaces or too many bytes with one wrapping
// weburl.ErrBadURL.
func CheckURL(raw string) (weburl.URL, error) {
	if u, err := url.Parse(strings.TrimSpace(raw)); err == nil {
		switch s := strings.ToLower(u.Scheme); {
		case s == "":
			return weburl.URL{}, fmt.Errorf("%w; this is not a URL", ErrScheme)
		case s != "http" && s != "https":
			return weburl.URL{}, fmt.Errorf("%w, not %s", ErrScheme, s)
		}
	}
	return weburl.Parse(raw)
}

// HostKey names the server a URL is on for the per-host limit:
// "example.com" and "example.com:443" over https are one server, two ports
// of one address are two.
func HostKey(u weburl.URL) string {
	return u.Hostname() + ":" + u.Port()
}
