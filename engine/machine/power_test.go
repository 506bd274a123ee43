package machine

import (
	"path/filepath"
	"testing"
)

// supply is one entry of a fake power_supply directory.
type supply struct {
	name  string
	attrs map[string]string
}

// powerDir writes a fake /sys/class/power_supply.
func powerDir(t *testing.T, supplies ...supply) string {
	t.Helper()
	dir := t.TempDir()
	for _, s := range supplies {
		for k, v := range s.attrs {
			writeFile(t, filepath.Join(dir, s.name, k), v+"\n")
		}
	}
	return dir
}

func battery(status string) supply {
	return supply{"BAT0", map[string]string{"type": "Battery", "status": status, "capacity": "80"}}
}

func mains(online string) supply {
	return supply{"AC", map[string]string{"type": "Mains", "online": online}}
}

func TestOnBattery(t *testing.T) {
	mouse := supply{"hidpp_battery_0", map[string]string{"type": "Battery", "scope": "Device", "status": "Discharging"}}
	usbC := supply{"ucsi-source-psy-USBC000:001", map[string]string{"type": "USB", "online": "1"}}
	cases := []struct {
		name     string
		supplies []supply
		want     bool
	}{
		{"laptop unplugged", []supply{mains("0"), battery("Discharging")}, true},
		{"laptop plugged in, charging", []supply{mains("1"), battery("Charging")}, false},
		{"laptop plugged in, full", []supply{mains("1"), battery("Full")}, false},
		{"plugged in though the battery says discharging", []supply{mains("1"), battery("Discharging")}, false},
		{"charging over USB-C", []supply{mains("0"), usbC, battery("Discharging")}, false},
		{"battery without a mains entry", []supply{battery("Discharging")}, true},
		{"desktop with a wireless mouse", []supply{mouse}, false},
		{"no supplies at all", nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := New(Options{PowerSupply: powerDir(t, tc.supplies...)})
			if got := m.OnBattery(); got != tc.want {
				t.Errorf("OnBattery() = %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("no power_supply directory", func(t *testing.T) {
		m := New(Options{PowerSupply: filepath.Join(t.TempDir(), "absent")})
		if m.OnBattery() {
			t.Error("OnBattery() = true without a power supply directory, want mains")
		}
	})
}
