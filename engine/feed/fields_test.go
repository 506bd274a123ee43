package feed

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestDistinct(t *testing.T) {
	many := make([]string, 0, 3*smallSet)
	want := make([]string, 0, 2*smallSet)
	for i := range 2 * smallSet {
		v := fmt.Sprintf("tag%d", i)
		many = append(many, " "+v+" ")
		want = append(want, v)
	}
	many = append(many, "tag0", "", "  ", fmt.Sprintf("tag%d", smallSet-1), "tag"+fmt.Sprint(2*smallSet-1))
	tests := []struct {
		name     string
		in, want []string
	}{
		{"none", nil, nil},
		{"blank only", []string{"", " \t"}, nil},
		{"few, trimmed, first kept", []string{" b", "a", "b ", "a"}, []string{"b", "a"}},
		{"past the small set", many, want},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := distinct(tt.in); !slices.Equal(got, tt.want) {
				t.Fatalf("distinct = %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkParseManyCategories parses an RSS item with 20,000 distinct
// categories: linear in their number since distinct keeps a set.
func BenchmarkParseManyCategories(b *testing.B) {
	var cats strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&cats, "<category>c%d</category>", i)
	}
	body := []byte(item(cats.String()))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		doc, err := parseBody(body, Options{})
		if err != nil || len(doc.Items[0].Categories) != 20000 {
			b.Fatalf("parse: %v", err)
		}
	}
}
