package machine

import (
	"net/netip"
	"strings"
)

// Local reports whether host (a name or an address, without port) can be
// reached without a default route: the loopback, link-local and private
// addresses, "localhost", and names of the local network (".local", ".lan",
// ".home.arpa", ".internal", or a single label such as "nas").
func Local(host string) bool {
	host = strings.TrimSuffix(strings.Trim(strings.ToLower(host), "[]"), ".")
	if addr, err := netip.ParseAddr(host); err == nil {
		addr = addr.Unmap()
		return addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() || addr.IsUnspecified()
	}
	if !strings.Contains(host, ".") {
		return true
	}
	for _, suffix := range []string{".localhost", ".local", ".lan", ".home.arpa", ".internal"} {
		if strings.HasSuffix(host, suffix) {
			return true
		}
	}
	return false
}
