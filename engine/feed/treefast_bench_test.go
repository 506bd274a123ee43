package feed

import "testing"

// BenchmarkParseTree measures building the element tree of the benchmark's
// 20-item feed alone, by the fast path and by encoding/xml.
func BenchmarkParseTree(b *testing.B) {
	body := benchmarkFeed(20)
	for _, bc := range []struct {
		name  string
		parse func() bool
	}{
		{"fast", func() bool { _, ok := parseTreeFast(body, nil); return ok }},
		{"decoder", func() bool { _, err := parseTreeDecoder(body, nil); return err == nil }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if !bc.parse() {
					b.Fatal("parse failed")
				}
			}
		})
	}
}
