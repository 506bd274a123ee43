package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// insertPath is one way items enter the store: it stores items in a feed
// made for it, keeping the newest max (0: all).
type insertPath struct {
	name    string
	newFeed func(t *testing.T, s *Store) int64
	put     func(t *testing.T, s *Store, feedID int64, items []document.Item, max int, at time.Time)
	// keepsKnown: put never rewrites a known item (an import); a download
	// changes its text instead.
	keepsKnown bool
}

func insertPaths() []insertPath {
	local := func(t *testing.T, s *Store) int64 { return addFeed(t, s, "http://a.example/feed", "") }
	return []insertPath{
		{"download", local, func(t *testing.T, s *Store, feedID int64, items []document.Item, max int, at time.Time) {
			record(t, s, feedID, at, docOf(items...), max)
		}, false},
		{"remote", func(t *testing.T, s *Store) int64 {
			id, err := s.UpsertRemoteFeed(context.Background(), RemoteFeed{RemoteID: "f1", URL: weburl.MustParse("http://127.0.0.1/f1"), Title: "F1"}, NewFeed{})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}, func(t *testing.T, s *Store, feedID int64, items []document.Item, max int, at time.Time) {
			page := make([]RemoteItem, len(items))
			for i, it := range items {
				it.Key = document.RemoteKey(it.GUID)
				page[i] = RemoteItem{FeedID: feedID, Item: it}
			}
			if _, err := s.RecordRemoteItems(context.Background(), page, map[int64]int{feedID: max}, at); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"import", local, func(t *testing.T, s *Store, feedID int64, items []document.Item, max int, at time.Time) {
			if _, err := s.ImportItems(context.Background(), feedID, Import{Items: imported(items, nil, nil), MaxItems: max}); err != nil {
				t.Fatal(err)
			}
		}, true},
	}
}

// wantHits checks the number of items a search for each word finds.
func wantHits(t *testing.T, s *Store, step string, hits map[string]int) {
	t.Helper()
	for word, want := range hits {
		if n := searchHits(t, s, word); n != want {
			t.Errorf("%s: search %q found %d, want %d", step, word, n, want)
		}
	}
}

// Every path that inserts items puts them in the full-text index itself
// (no trigger does): the index must hold exactly what the view
// items_fts_text gives, through inserts, changes of text, purges, items a
// rule deletes in the same transaction, and the removal of the feed.
func TestFullTextIndexInStepWithEveryInsertPath(t *testing.T) {
	for _, p := range insertPaths() {
		t.Run(p.name, func(t *testing.T) {
			s, now := newTestStore(t)
			feedID := p.newFeed(t, s)
			at := *now
			item := func(guid, title, content string, age time.Duration) document.Item {
				return document.Item{GUID: guid, Title: title, Content: content, Published: tp(at.Add(-age))}
			}
			first := item("a", "Quokka &amp; <i>raw</i>", `<div class="sidebar"><p>Tom &amp; Jerry, un<b>believ</b>able</p><script>var hidden;</script></div>`, 2*time.Hour)
			second := item("b", "Plain", "no markup at all: aardvark", 3*time.Hour)

			p.put(t, s, feedID, []document.Item{first, second}, 0, at)
			ftsIntact(t, s.writer)
			wantHits(t, s, "insert", map[string]int{"Quokka": 1, "raw": 1, "Jerry": 1, "unbelievable": 1, "aardvark": 1,
				"sidebar": 0, "hidden": 0, "amp": 1}) // the title's "&amp;" is text, not a reference

			// A change of text.
			first.Content = `<p>now about a <a href="http://z.example/">yak</a></p>`
			at = at.Add(time.Hour)
			if p.keepsKnown {
				record(t, s, feedID, at, docOf(first, second), 0)
			} else {
				p.put(t, s, feedID, []document.Item{first, second}, 0, at)
			}
			ftsIntact(t, s.writer)
			wantHits(t, s, "update", map[string]int{"Jerry": 0, "yak": 1, "Quokka": 1, "aardvark": 1})

			// A newer item beyond a limit of 2 purges the oldest.
			p.put(t, s, feedID, []document.Item{item("c", "Newest", "<p>walrus</p>", 0), first, second}, 2, at)
			ftsIntact(t, s.writer)
			wantHits(t, s, "purge", map[string]int{"walrus": 1, "yak": 1, "aardvark": 0})

			// An item a rule deletes leaves the index in the transaction that added it.
			addRule(t, s, `title = "Doomed"`, ActionDelete, 0)
			p.put(t, s, feedID, []document.Item{item("d", "Doomed", "<p>narwhal</p>", 0)}, 0, at)
			ftsIntact(t, s.writer)
			wantHits(t, s, "rule delete", map[string]int{"narwhal": 0, "walrus": 1})

			if _, err := s.RemoveFeed(context.Background(), feedID); err != nil {
				t.Fatal(err)
			}
			ftsIntact(t, s.writer)
			wantHits(t, s, "feed removed", map[string]int{"walrus": 0, "yak": 0, "Quokka": 0})
		})
	}
}

// The text insertItem indexes is the view's, item for item, for many
// items written in one transaction.
func TestFullTextIndexHoldsTheViewsTextForManyItems(t *testing.T) {
	s, now := newTestStore(t)
	feedID := addFeed(t, s, "http://a.example/feed", "")
	var items []document.Item
	for i := range 200 {
		items = append(items, document.Item{GUID: fmt.Sprint(i), Title: fmt.Sprintf("Item %d &lt;%d&gt;", i, i),
			Content: fmt.Sprintf(`<p>word%d <a href="http://x.example/%d">link%d</a> caf&eacute; &#%d;</p><style>p{}</style>`, i, i, i, 0x41+i%26)})
	}
	record(t, s, feedID, *now, docOf(items...), 0)
	ftsIntact(t, s.writer)
	wantHits(t, s, "many", map[string]int{"word123": 1, "link199": 1, "cafe": 10, "href": 0})
}
