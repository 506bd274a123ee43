package machine

import (
	"bufio"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/godbus/dbus/v5/prop"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// privateBus starts a dbus-daemon of the test's own and returns its
// address; the daemon ends with the test.
func privateBus(t *testing.T) string {
	t.Helper()
	testenv.RequireTool(t, "dbus-daemon", "dbus-daemon")
	sock := filepath.Join(t.TempDir(), "bus")
	cmd := exec.Command("dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address",
		"--address=unix:path="+sock)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case addr := <-line:
		if addr == "" {
			t.Fatal("dbus-daemon printed no address")
		}
		return addr
	case <-time.After(10 * time.Second):
		t.Fatal("dbus-daemon did not start")
	}
	return ""
}

// fakeNetworkManager owns NetworkManager's name on the bus at addr and
// answers its Metered property with value.
func fakeNetworkManager(t *testing.T, addr string, value uint32) {
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	reply, err := conn.RequestName("org.freedesktop.NetworkManager", dbus.NameFlagDoNotQueue)
	if err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own NetworkManager's name: %v (reply %v)", err, reply)
	}
	_, err = prop.Export(conn, "/org/freedesktop/NetworkManager", prop.Map{
		"org.freedesktop.NetworkManager": {"Metered": {Value: value}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestMeteredAsksNetworkManager(t *testing.T) {
	cases := []struct {
		name           string
		value          uint32
		metered, known bool
	}{
		{"yes", 1, true, true},
		{"no", 2, false, true},
		{"guessed yes", 3, true, true},
		{"guessed no", 4, false, true},
		{"unknown", 0, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			addr := privateBus(t)
			fakeNetworkManager(t, addr, tc.value)
			t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", addr)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			metered, known := networkManagerMetered(ctx)
			if metered != tc.metered || known != tc.known {
				t.Errorf("networkManagerMetered = %v, %v; want %v, %v", metered, known, tc.metered, tc.known)
			}
			if got := New(Options{}).Metered(ctx); got != tc.metered {
				t.Errorf("Metered() = %v, want %v", got, tc.metered)
			}
		})
	}
	t.Run("no NetworkManager on the bus", func(t *testing.T) {
		t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", privateBus(t))
		if metered, known := networkManagerMetered(context.Background()); metered || known {
			t.Errorf("= %v, %v; want unknown", metered, known)
		}
	})
	t.Run("no bus at all", func(t *testing.T) {
		t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path="+filepath.Join(t.TempDir(), "none"))
		if New(Options{}).Metered(context.Background()) {
			t.Error("Metered() = true without a bus, want false")
		}
	})
}
