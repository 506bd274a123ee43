package feed

import (
	"slices"
	"testing"
)

// BenchmarkClean sanitizes the 20 items of benchmarkFeed as a sync does
// after parsing: title, link, author, categories, description and ~2 KB
// of content each. Every round cleans a fresh copy of the parsed values.
func BenchmarkClean(b *testing.B) {
	parsed, err := parseBody(benchmarkFeed(20), Options{URL: "https://bench.example.com/feed"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		doc := *parsed
		doc.Items = slices.Clone(parsed.Items)
		for i := range doc.Items {
			it := &doc.Items[i]
			it.Categories = slices.Clone(it.Categories)
			it.Enclosures = slices.Clone(it.Enclosures)
		}
		Clean(&doc, "https://bench.example.com/feed")
		if len(doc.Items) != 20 || doc.Items[0].Content == "" {
			b.Fatalf("clean: %d items", len(doc.Items))
		}
	}
}
