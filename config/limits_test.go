package config

import (
	"math"
	"testing"
)

func TestByteLimitIsTheDeclaredLengthWithASmallSlack(t *testing.T) {
	c := Default().Enclosures
	for _, tc := range []struct {
		length, want int64
	}{
		{0, 4 << 30},                     // undeclared: the cap
		{-5, 4 << 30},                    // nonsense is undeclared
		{1000, 1000 + 100 + 2<<20},       // the reviewed attack's 1,000 bytes
		{100 << 20, 110<<20 + 2<<20},     // 10% + 2 MiB
		{5 << 30, 4 << 30},               // never above max_bytes
		{math.MaxInt64, 4 << 30},         // no overflow
		{math.MaxInt64 - 1<<20, 4 << 30}, // nor with the slack
		{99, 99 + 9 + 2<<20},             // the percent of small lengths rounds down
	} {
		if got := c.ByteLimit(tc.length); got != tc.want {
			t.Errorf("ByteLimit(%d) = %d, want %d", tc.length, got, tc.want)
		}
	}
	c.MaxBytes = math.MaxInt64
	if got := c.ByteLimit(math.MaxInt64 - 10); got != math.MaxInt64 {
		t.Errorf("ByteLimit near the top = %d, want it saturated", got)
	}
	c.LengthSlackPercent, c.LengthSlackBytes = 0, 0
	if got := c.ByteLimit(1000); got != 1000 {
		t.Errorf("ByteLimit without slack = %d, want the declared length", got)
	}
}
