package query

import (
	"reflect"
	"testing"
)

func TestHighlightWords(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`title ~ "go" and unread`, nil},
		{`text:"rust async"`, []string{"rust async"}},
		{`(text:go or text:"generics") and not text:"java"`, []string{"go", "generics"}},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			if got := HighlightWords(MustParse(tt.expr)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("HighlightWords(%s) = %q, want %q", tt.expr, got, tt.want)
			}
		})
	}
}
