package store

import (
	"context"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// Saved searches over the 500,000-item benchmark database: opening one is
// reading its first page (50 items) and its unread count (the tree's).
// The clock stands at the newest item, so age counts as on the day the
// items arrived.
func BenchmarkSavedSearch(b *testing.B) {
	s := benchStore(b)
	end := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(300 * 24 * time.Hour)
	s.SetClock(func() time.Time { return end })
	ctx := context.Background()
	for _, tt := range []struct{ name, expr string }{
		{"fulltext", `text:"topic4242"`},
		{"fulltext_unread", `text:"topic4242" and unread`},
		{"feed", `feed = "Feed 1234"`},
		{"folder_unread", `folder = "Folder 07" and unread`},
		{"unread_week", `unread and age < 7`},
		{"flagged_or_recent_fulltext", `flagged or (age <= 30 and text:"topic4242")`},
		{"fulltext_common_word", `text:"words"`}, // in every item: FTS returns all 500,000
		{"regexp_title_scan", `title ~ "topic424[0-9]$"`},
	} {
		e := query.MustParse(tt.expr)
		b.Run(tt.name+"/open", func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Items(ctx, ItemQuery{Filter: e, Limit: 50}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tt.name+"/unread_count", func(b *testing.B) {
			for b.Loop() {
				if _, err := s.CountItems(ctx, ItemQuery{Filter: e, Unread: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
