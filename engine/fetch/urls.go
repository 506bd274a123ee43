package fetch

import (
	"fmt"
	"net/url"
	"strings"
)

// CheckURL accepts absolute http and https URLs with a host; anything else
// is refused with an error wrapping ErrScheme.
func CheckURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("bad URL: %w", err)
	}
	switch s := strings.ToLower(u.Scheme); {
	case s == "":
		return nil, fmt.Errorf("%w; this is not a URL", ErrScheme)
	case s != "http" && s != "https":
		return nil, fmt.Errorf("%w, not %s", ErrScheme, s)
	case u.Host == "":
		return nil, fmt.Errorf("%w; this URL has no host", ErrScheme)
	}
	return u, nil
}

// HostKey names the server a URL is on for the per-host limit:
// "example.com" and "example.com:443" over https are one server, two ports
// of one address are two.
func HostKey(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Hostname()) + ":" + port
}
