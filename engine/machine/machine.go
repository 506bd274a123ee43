package machine

import "context"

// Options name the sources; zero values take the system's.
type Options struct {
	// ProcNet is the directory holding route and ipv6_route; default
	// /proc/net.
	ProcNet string
	// PowerSupply is the power supply class directory; default
	// /sys/class/power_supply.
	PowerSupply string
	// Metered reports whether the network connection is metered and
	// whether the system said so at all; default NetworkManager's.
	Metered func(context.Context) (metered, known bool)
}

// Machine answers questions about the machine; safe for concurrent use.
type Machine struct {
	procNet     string
	powerSupply string
	metered     func(context.Context) (bool, bool)
}

// New returns a Machine reading the sources o names.
func New(o Options) *Machine {
	if o.ProcNet == "" {
		o.ProcNet = "/proc/net"
	}
	if o.PowerSupply == "" {
		o.PowerSupply = "/sys/class/power_supply"
	}
	if o.Metered == nil {
		o.Metered = networkManagerMetered
	}
	return &Machine{procNet: o.ProcNet, powerSupply: o.PowerSupply, metered: o.Metered}
}

// Metered reports whether the network connection is metered; false when
// the system does not say.
func (m *Machine) Metered(ctx context.Context) bool {
	metered, known := m.metered(ctx)
	return known && metered
}
