package machine

import (
	"os"
	"path/filepath"
	"strings"
)

// OnBattery reports whether the machine runs on its battery: a system
// battery is discharging and no mains (or USB) supply is online. Without a
// power supply directory (a desktop, a server, a container) it is mains.
// Batteries of devices (a mouse, a phone: scope "Device") are not the
// machine's.
func (m *Machine) OnBattery() bool {
	entries, err := os.ReadDir(m.powerSupply)
	if err != nil {
		return false
	}
	discharging := false
	for _, e := range entries {
		dir := filepath.Join(m.powerSupply, e.Name())
		if attr(dir, "scope") == "device" {
			continue
		}
		switch attr(dir, "type") {
		case "battery":
			discharging = discharging || attr(dir, "status") == "discharging"
		case "mains", "usb", "usb_c", "usb_pd", "usb_dcp", "usb_cdp", "usb_aca", "wireless":
			if attr(dir, "online") == "1" {
				return false
			}
		}
	}
	return discharging
}

// attr reads one attribute of a power supply, trimmed and lower-cased;
// empty when absent.
func attr(dir, name string) string {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(string(b)))
}
