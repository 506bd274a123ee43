package machine

import (
	"context"

	"github.com/godbus/dbus/v5"
)

// NetworkManager's NMMetered values that mean metered.
const (
	nmMeteredYes      = 1
	nmMeteredGuessYes = 3
)

// networkManagerMetered asks NetworkManager, over the system bus, whether
// the primary connection is metered (NM_METERED_YES or GUESS_YES). No bus,
// no NetworkManager or any failure: unknown.
func networkManagerMetered(ctx context.Context) (metered, known bool) {
	conn, err := dbus.ConnectSystemBus(dbus.WithContext(ctx))
	if err != nil {
		return false, false
	}
	defer conn.Close()
	var v dbus.Variant
	err = conn.Object("org.freedesktop.NetworkManager", "/org/freedesktop/NetworkManager").
		CallWithContext(ctx, "org.freedesktop.DBus.Properties.Get", 0,
			"org.freedesktop.NetworkManager", "Metered").Store(&v)
	if err != nil {
		return false, false
	}
	n, ok := v.Value().(uint32)
	if !ok || n == 0 {
		return false, false
	}
	return n == nmMeteredYes || n == nmMeteredGuessYes, true
}
