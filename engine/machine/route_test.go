package machine

import (
	"os"
	"path/filepath"
	"testing"
)

const v4Header = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"

// Lines of the kernel's tables, as the kernel writes them.
const (
	v4Default   = "wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"
	v4LAN       = "wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0\n"
	v4DefaultDn = "wlan0\t00000000\t0101A8C0\t0002\t0\t0\t600\t00000000\t0\t0\t0\n"
	v6Default   = "00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 00000400 00000001 00000000 00000003 wlan0\n"
	v6LoReject  = "00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200 lo\n"
	v6Link      = "fe800000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000001 00000000 00000001 wlan0\n"
)

// procNet writes a fake /proc/net with the given tables ("" leaves a
// table out).
func procNet(t *testing.T, route, ipv6 string) string {
	t.Helper()
	dir := t.TempDir()
	if route != "" {
		writeFile(t, filepath.Join(dir, "route"), route)
	}
	if ipv6 != "" {
		writeFile(t, filepath.Join(dir, "ipv6_route"), ipv6)
	}
	return dir
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestNoDefaultRoute(t *testing.T) {
	cases := []struct {
		name        string
		route, ipv6 string
		want        bool
	}{
		{"IPv4 default route", v4Header + v4LAN + v4Default, v6Link, false},
		{"only the local network", v4Header + v4LAN, v6Link + v6LoReject, true},
		{"a default route that is down", v4Header + v4DefaultDn, "", true},
		{"only an IPv6 default route", v4Header + v4LAN, v6Link + v6Default, false},
		{"the header alone: no route at all", v4Header, "", true},
		{"no tables (not Linux): assume a route", "", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := New(Options{ProcNet: procNet(t, tc.route, tc.ipv6)})
			if got := m.NoDefaultRoute(); got != tc.want {
				t.Errorf("NoDefaultRoute() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestLocal(t *testing.T) {
	cases := []struct {
		host string
		want bool
	}{
		{"127.0.0.1", true},
		{"127.0.0.2", true},
		{"[::1]", true},
		{"localhost", true},
		{"app.localhost", true},
		{"192.168.1.20", true},
		{"10.0.0.5", true},
		{"fe80::1", true},
		{"fd00::2", true},
		{"nas", true},
		{"printer.local", true},
		{"93.184.215.14", false},
		{"2606:4700::1", false},
		{"go.dev", false},
		{"feeds.example.com", false},
	}
	for _, tc := range cases {
		t.Run(tc.host, func(t *testing.T) {
			if got := Local(tc.host); got != tc.want {
				t.Errorf("Local(%q) = %v, want %v", tc.host, got, tc.want)
			}
		})
	}
}
