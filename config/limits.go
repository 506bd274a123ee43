package config

import "math"

// StallMinBytes is the progress a transfer must make in each
// enclosures.stall_timeout: a server that sends less (a byte every few
// seconds) is stalled, not slow. 16 KiB a minute is far below any real
// connection.
const StallMinBytes = 16 << 10

// ByteLimit is the most an enclosure that declared length bytes may
// download: MaxBytes when length is not positive (undeclared), else
// length plus LengthSlackPercent of it plus LengthSlackBytes, at most
// MaxBytes. Feeds' length attributes are often a little off (ID3 tags and
// cover art rewritten after publishing, ads inserted per request, a
// re-encode), rarely by more than a tenth and a few MiB.
func (c EnclosureConfig) ByteLimit(length int64) int64 {
	ceiling := c.MaxBytes
	if ceiling <= 0 {
		ceiling = defaultMaxBytes
	}
	if length <= 0 {
		return ceiling
	}
	pct := int64(min(max(c.LengthSlackPercent, 0), maxSlackPercent))
	slack := satAdd(length/100*pct+length%100*pct/100, max(c.LengthSlackBytes, 0))
	return min(satAdd(length, slack), ceiling)
}

// satAdd adds two non-negative numbers, stopping at math.MaxInt64.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
