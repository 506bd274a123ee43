package machine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Route flags of the kernel's tables.
const (
	rtfUp     = 0x0001
	rtfReject = 0x0200
)

// NoDefaultRoute reports whether the route tables are readable and hold no
// default route, IPv4 or IPv6: then only hosts on the machine's own
// networks can be reached (see Local). Unreadable tables (another system,
// a sandbox) say nothing, and the answer is false.
func (m *Machine) NoDefaultRoute() bool {
	v4, ok4 := scanRoutes(filepath.Join(m.procNet, "route"), isDefaultV4)
	v6, ok6 := scanRoutes(filepath.Join(m.procNet, "ipv6_route"), isDefaultV6)
	return (ok4 || ok6) && !v4 && !v6
}

// scanRoutes reports whether a line of the table at path is a default
// route by isDefault, and whether the table could be read.
func scanRoutes(path string, isDefault func([]string) bool) (found, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return false, false
	}
	for line := range strings.Lines(string(b)) {
		if isDefault(strings.Fields(line)) {
			return true, true
		}
	}
	return false, true
}

// isDefaultV4 reads a line of /proc/net/route: Iface Destination Gateway
// Flags RefCnt Use Metric Mask …, in hex; the header line never matches.
func isDefaultV4(f []string) bool {
	if len(f) < 8 || f[1] != "00000000" || f[7] != "00000000" {
		return false
	}
	flags, err := strconv.ParseUint(f[3], 16, 32)
	return err == nil && flags&rtfUp != 0 && flags&rtfReject == 0
}

// isDefaultV6 reads a line of /proc/net/ipv6_route: destination, prefix
// length, source, source prefix length, next hop, metric, refcount, use,
// flags, device. The kernel lists a rejecting ::/0 on lo when there is no
// route; that one is not a default route.
func isDefaultV6(f []string) bool {
	if len(f) < 10 || f[0] != strings.Repeat("0", 32) || f[1] != "00" || f[9] == "lo" {
		return false
	}
	flags, err := strconv.ParseUint(f[8], 16, 32)
	return err == nil && flags&rtfUp != 0 && flags&rtfReject == 0
}
