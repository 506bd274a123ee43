package store

import (
	"context"
	"slices"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

// countWrites makes the writer's connection count the rows that updates
// of items and enclosures touch, and returns how to read the count.
func countWrites(t *testing.T, s *Store) func() int {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		`CREATE TEMP TABLE writes (what TEXT)`,
		`CREATE TEMP TRIGGER item_writes AFTER UPDATE ON main.items BEGIN INSERT INTO writes VALUES ('item'); END`,
		`CREATE TEMP TRIGGER enclosure_writes AFTER UPDATE ON main.enclosures BEGIN INSERT INTO writes VALUES ('enclosure'); END`,
	} {
		if _, err := s.writer.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	return func() int {
		var n int
		if err := s.writer.QueryRowContext(ctx, `SELECT count(*) FROM writes`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
}

func TestMergeUnchangedItemsAreNotRewritten(t *testing.T) {
	tests := []struct {
		name   string
		isList bool
	}{
		{"feed", false},
		{"list feed", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, now := newTestStore(t)
			id := addFeed(t, s, "http://a.example/feed", "")
			doc := docOf(
				document.Item{GUID: "a", Title: "A", Content: "<p>a</p>", Published: tp(*now),
					Enclosures: []document.Enclosure{{URL: "http://a.example/a.mp3", Type: "audio/mpeg", Length: 10}}},
				document.Item{GUID: "b", Title: "B", Content: "<p>b</p>", Published: tp(*now)},
			)
			doc.IsList = tt.isList
			record(t, s, id, *now, doc, 200)
			writes := countWrites(t, s)

			res := record(t, s, id, now.Add(1), doc, 200)
			if res.New+res.Updated+res.Removed != 0 || writes() != 0 {
				t.Errorf("same document again: %d new, %d updated, %d removed, %d rows rewritten; want none",
					res.New, res.Updated, res.Removed, writes())
			}
			doc.Items[0], doc.Items[1] = doc.Items[1], doc.Items[0] // a new order: positions only
			record(t, s, id, now.Add(2), doc, 200)
			if got := writes(); got != 2 {
				t.Errorf("reordered document rewrote %d rows, want the 2 positions", got)
			}
		})
	}
}

func TestMergeDocumentHoldingAnItemTwice(t *testing.T) {
	s, now := newTestStore(t)
	id := addFeed(t, s, "http://a.example/feed", "")
	doc := docOf(
		document.Item{GUID: "same", Title: "First in the document", Content: "new"},
		document.Item{GUID: "other", Title: "Other"},
		document.Item{GUID: "same", Title: "Last in the document", Content: "old"},
	)
	record(t, s, id, *now, doc, 0)
	got := titles(t, s, id)
	if len(got) != 2 || !slices.Contains(got, "First in the document") {
		t.Fatalf("items %q, want the item once, as the document's first copy says", got)
	}
	record(t, s, id, now.Add(1), doc, 0) // and again, known this time
	if got := titles(t, s, id); len(got) != 2 {
		t.Fatalf("items %q after the same document again, want 2", got)
	}
}
