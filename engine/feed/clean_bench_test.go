package feed

import (
	"slices"
	"strings"
	"testing"
)

// BenchmarkClean sanitizes the 20 items of benchmarkFeed as a sync does
// after parsing: title, link, author, categories, description and ~2 KB
// of content each. Every round cleans a fresh copy of the parsed values.
func BenchmarkClean(b *testing.B) {
	benchmarkClean(b, false)
}

// BenchmarkCleanSummaryIsContent is BenchmarkClean with each item's
// summary a copy of its content, as feeds that repeat one in the other
// give.
func BenchmarkCleanSummaryIsContent(b *testing.B) {
	benchmarkClean(b, true)
}

// benchmarkClean cleans the parsed benchmarkFeed, its summaries replaced
// by the contents when repeat is set.
func benchmarkClean(b *testing.B, repeat bool) {
	parsed, err := parseBody(benchmarkFeed(20), Options{URL: "https://bench.example.com/feed"})
	if err != nil {
		b.Fatal(err)
	}
	for i := range parsed.Items {
		if it := &parsed.Items[i]; repeat {
			it.Summary = strings.Clone(it.Content)
		}
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
