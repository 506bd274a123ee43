package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// twentyItems is a download's worth of new items, words in title and
// content, the first dated at.
func twentyItems(at time.Time, prefix string) []document.Item {
	items := make([]document.Item, 20)
	for i := range items {
		items[i] = document.Item{GUID: fmt.Sprintf("%s%d", prefix, i), Title: fmt.Sprintf("Title %s%d", prefix, i),
			Content:   fmt.Sprintf("<p>body%s%d with <b>words</b></p>", prefix, i),
			Published: tp(at.Add(-time.Duration(i) * time.Minute))}
	}
	return items
}

// The new items of one transaction enter the full-text index as one
// segment: FTS4 flushes its pending terms once, not once per item (each
// flush writes a segment, and every 16 segments cost a merge).
func TestFullTextIndexFlushesOncePerTransaction(t *testing.T) {
	for _, p := range insertPaths() {
		t.Run(p.name, func(t *testing.T) {
			s, now := newTestStore(t)
			feedID := p.newFeed(t, s)
			before := ftsSegments(t, s)
			p.put(t, s, feedID, twentyItems(*now, "a"), 0, *now)
			if got := ftsSegments(t, s) - before; got != 1 {
				t.Errorf("20 new items in one transaction wrote %d segments, want 1", got)
			}
			ftsIntact(t, s.writer)
			wantHits(t, s, "after", map[string]int{"bodya0": 1, "bodya19": 1, "words": 10})
		})
	}
}

// An item met twice in one transaction, its text changed the second time,
// is rewritten while its first entry still waits to be indexed: the entry
// reaches the index before the rewrite forgets it through the view.
func TestFullTextIndexInStepWhenAnItemChangesInTheTransactionThatAddsIt(t *testing.T) {
	for _, p := range insertPaths() {
		if p.keepsKnown {
			continue // an import never rewrites a known item
		}
		t.Run(p.name, func(t *testing.T) {
			s, now := newTestStore(t)
			feedID := p.newFeed(t, s)
			items := twentyItems(*now, "a")
			again := items[5]
			again.Content = "<p>rewritten okapi</p>"
			// A download merges last to first, a page of remote items in
			// order: either copy may be the one kept, but only one.
			p.put(t, s, feedID, append([]document.Item{again}, items...), 0, *now)
			ftsIntact(t, s.writer)
			if n := searchHits(t, s, "bodya5") + searchHits(t, s, "okapi"); n != 1 {
				t.Errorf("the item twice in one transaction is found by %d of its two texts, want 1", n)
			}
			wantHits(t, s, "after", map[string]int{"bodya4": 1, "bodya19": 1})
		})
	}
}
