// Package machine reads what the operating system says about the machine
// the engine runs on: whether it has a default route (Linux's
// /proc/net/route and /proc/net/ipv6_route), whether it runs on battery
// (/sys/class/power_supply) and whether its network connection is metered
// (NetworkManager's Metered property over D-Bus). Every source can be
// replaced for tests. Where a source is missing or unreadable the answer is
// the harmless one: a route is assumed, mains power, an unmetered network.
package machine
