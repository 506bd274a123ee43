package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// A page (Limit, Offset) of any query is exactly that slice of the whole
// list, in the same order: the page's ids are picked from an index first,
// and must be the same items the full query would give there.
func TestItemPagesAreSlicesOfTheWholeList(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feeds := []int64{addFeed(t, s, "http://a.test/", "News/World"), addFeed(t, s, "http://b.test/", "News"),
		addFeed(t, s, "http://c.test/", "Other")}
	for k, f := range feeds {
		doc := &document.Document{Title: fmt.Sprint("feed ", k)}
		for i := range 12 {
			at := now.Add(-time.Duration(i*3+k) * time.Hour)
			if i%4 == 0 {
				at = now.Add(-time.Hour) // ties on sort_at: id breaks them
			}
			doc.Items = append(doc.Items, document.Item{GUID: fmt.Sprint(i), Title: fmt.Sprintf("%d-%d", k, i), Published: &at})
		}
		record(t, s, f, *now, doc, 200)
	}
	list := addFeed(t, s, "http://list.test/", "")
	var listItems []document.Item
	for i := range 9 {
		listItems = append(listItems, document.Item{GUID: fmt.Sprint("l", i), Title: fmt.Sprint("list ", i)})
	}
	record(t, s, list, *now, &document.Document{Title: "Top", IsList: true, Items: listItems}, 200)
	all, err := s.Items(ctx, ItemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	var read []int64
	for i, it := range all {
		if i%3 == 0 {
			read = append(read, it.ID)
		}
	}
	if err := s.SetRead(ctx, read, true); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		q    ItemQuery
	}{
		{"all items", ItemQuery{}},
		{"a folder and its subtree", ItemQuery{FolderPath: "News"}},
		{"unread", ItemQuery{Unread: true}},
		{"one feed", ItemQuery{FeedID: feeds[1]}},
		{"a list feed in document order", ItemQuery{FeedID: list}},
	}
	for _, o := range SortOrders()[1:] {
		tests = append(tests, struct {
			name string
			q    ItemQuery
		}{"all items by " + string(o), ItemQuery{Sort: o}}, struct {
			name string
			q    ItemQuery
		}{"a folder by " + string(o), ItemQuery{FolderPath: "News", Sort: o}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			whole := itemIDs(t, s, tt.q)
			if len(whole) < 9 {
				t.Fatalf("only %d items to page through", len(whole))
			}
			for _, page := range [][2]int{{5, 0}, {5, 3}, {4, 7}, {50, 2}, {0, 4}, {3, 1000}} {
				q := tt.q
				q.Limit, q.Offset = page[0], page[1]
				from, to := min(page[1], len(whole)), len(whole)
				if page[0] > 0 {
					to = min(from+page[0], len(whole))
				}
				if got, want := itemIDs(t, s, q), whole[from:to]; !slices.Equal(got, want) {
					t.Errorf("limit %d offset %d: %v, want %v", page[0], page[1], got, want)
				}
			}
		})
	}
}

func itemIDs(t *testing.T, s *Store, q ItemQuery) []int64 {
	t.Helper()
	items, err := s.Items(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	ids := []int64{}
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	return ids
}
