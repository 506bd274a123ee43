package cli

import (
	"runtime/debug"
	"testing"
)

// TestSetGCPercentIsSeventyUnlessGOGCIsSet checks the collector's target a
// command runs with: gcPercent by default, the user's GOGC when set.
func TestSetGCPercentIsSeventyUnlessGOGCIsSet(t *testing.T) {
	const before = 100
	tests := []struct {
		name string
		gogc string
		want int
	}{
		{name: "GOGC unset", gogc: "", want: gcPercent},
		{name: "GOGC set", gogc: "200", want: before},
		{name: "GOGC off", gogc: "off", want: before},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := debug.SetGCPercent(before)
			defer debug.SetGCPercent(orig)
			setGCPercent(func(key string) string {
				if key == "GOGC" {
					return tt.gogc
				}
				return ""
			})
			if got := debug.SetGCPercent(before); got != tt.want {
				t.Fatalf("GC percent %d, want %d", got, tt.want)
			}
		})
	}
}
