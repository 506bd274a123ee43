package sanitize

import (
	"net/url"
	"strings"
)

// Link returns s as an absolute http or https URL, or "" when it is not one.
// Controls and surrounding space are removed first; the result is the URL as
// parsed and re-serialised by net/url. Relative URLs, URLs without a host and
// every other scheme (javascript:, vbscript:, data:, file:, …) give "".
func Link(s string) string {
	s = strings.TrimSpace(stripControls(s, 0))
	u, err := url.Parse(s)
	if err != nil || !isWebScheme(u.Scheme) || u.Hostname() == "" {
		return ""
	}
	return u.String()
}

// isWebScheme reports whether scheme, already lower-cased by net/url, is
// http or https.
func isWebScheme(scheme string) bool {
	return scheme == "http" || scheme == "https"
}
