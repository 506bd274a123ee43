package config

import "fmt"

// Bound is the inclusive range of a whole-number setting. Each bound is
// declared once, here: the config file is checked against it (a value out
// of range is an error naming the key and line), and the engine's one
// settings function brings a per-feed value within it (raising or clamping
// it, with a one-line notice).
type Bound struct {
	// Name is the setting as a person reads it ("interval").
	Name string
	// Min and Max are the smallest and largest values allowed.
	Min, Max int
	// Unit follows a number in messages ("minutes"); may be empty.
	Unit string
}

// The bounds of the settings a feed may have of its own, and of the
// thread counts.
var (
	// IntervalBound: no interval below 15 minutes (the platform's minimum).
	IntervalBound = Bound{Name: "interval", Min: MinIntervalMinutes, Max: int(maxIntervalMinutes), Unit: "minutes"}
	// MaxItemsBound: at most 2,500 items per feed (ItemCountLimit).
	MaxItemsBound = Bound{Name: "max items", Min: 1, Max: MaxItemsLimit, Unit: "items"}
	// ThreadsBound: downloads in flight, per host, and enclosure transfers.
	ThreadsBound = Bound{Name: "threads", Min: 1, Max: maxWorkers}
	// SlackPercentBound: an enclosure may exceed its declared length by
	// 0 to 100 percent (enclosures.length_slack_percent).
	SlackPercentBound = Bound{Name: "length slack", Min: 0, Max: maxSlackPercent, Unit: "percent"}
)

// Clamp brings n within the bound. When it had to, notice says so in one
// line ("interval 5 raised to the minimum, 15 minutes"); else it is "".
func (b Bound) Clamp(n int) (v int, notice string) {
	switch {
	case n < b.Min:
		return b.Min, fmt.Sprintf("%s %d raised to the minimum, %s", b.Name, n, b.with(b.Min))
	case n > b.Max:
		return b.Max, fmt.Sprintf("%s %d lowered to the maximum, %s", b.Name, n, b.with(b.Max))
	}
	return n, ""
}

// with writes n with the bound's unit.
func (b Bound) with(n int) string {
	if b.Unit == "" {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%d %s", n, b.Unit)
}
