package engine

import (
	"slices"
	"testing"
)

// AgeLimits names the ages at which each age test flips, wherever it sits
// in the expression, once each; an expression without one has none.
func TestAgeLimits(t *testing.T) {
	tests := []struct {
		expr string
		want []int
	}{
		{`title ~ "go" and unread`, nil},
		{`age < 2`, []int{2}},
		{`age >= 2`, []int{2}},
		{`age <= 2`, []int{3}},
		{`age > 2`, []int{3}},
		{`age = 2`, []int{2, 3}},
		{`age != 2`, []int{2, 3}},
		{`unread and (age < 7 or not age > 30)`, []int{7, 31}},
		{`age < 3 or age <= 2`, []int{3}},
		{`age > 1000000 or age < 1`, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			x, err := ParseExpression(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if got := AgeLimits(x); !slices.Equal(got, tt.want) {
				t.Errorf("AgeLimits(%s) = %v, want %v", tt.expr, got, tt.want)
			}
		})
	}
}
