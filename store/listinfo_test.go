package store

import (
	"context"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

func listDoc() *document.Document {
	price := document.ListSort{Label: "Price", NS: "urn:shop", Element: "price", DataType: document.ListNumber}
	when := document.ListSort{Label: "Listed", NS: "urn:shop", Element: "listed", DataType: document.ListDate}
	name := document.ListSort{Label: "Name", Element: "title"}
	genre := document.ListGroup{Label: "Genre", NS: "urn:shop", Element: "genre"}
	item := func(guid, p, listed, title, g string) document.Item {
		return document.Item{GUID: guid, Title: title, ListValues: map[string]string{
			price.Key(): p, when.Key(): listed, name.Key(): title, genre.Key(): g}}
	}
	return &document.Document{Title: "Shop", IsList: true,
		ListInfo: &document.ListInfo{Sorts: []document.ListSort{{Label: "Relevance", Default: true}, price, when, name}, Groups: []document.ListGroup{genre}},
		Items: []document.Item{
			item("a", "9.5", "2026-01-03T00:00:00Z", "banana", "Fruit"),
			item("b", "10", "2026-01-01T00:00:00Z", "Apple", "Fruit"),
			item("c", "2", "2026-01-02T00:00:00Z", "carrot", "Vegetable"),
			{GUID: "d", Title: "Durian"}, // no values: last in every order
		}}
}

func TestListOrdersFollowTheFeedsListInfo(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/list", "")
	doc := listDoc()
	record(t, s, id, *now, doc, 0)
	info, err := s.FeedListInfo(ctx, id)
	if err != nil || info == nil || len(info.Sorts) != 4 || len(info.Groups) != 1 {
		t.Fatalf("list info %+v, %v", info, err)
	}
	sorts, genre := info.Sorts, info.Groups[0]
	for _, tc := range []struct {
		name  string
		order ListOrder
		want  string
	}{
		{"document order", ListOrder{Sort: sorts[0]}, "abcd"},
		{"document order reversed", ListOrder{Sort: sorts[0], Desc: true}, "dcba"},
		{"number", ListOrder{Sort: sorts[1]}, "cabd"},
		{"number descending", ListOrder{Sort: sorts[1], Desc: true}, "bacd"},
		{"date", ListOrder{Sort: sorts[2]}, "bcad"},
		{"text ignores case", ListOrder{Sort: sorts[3]}, "bacd"},
		{"grouped then sorted", ListOrder{Sort: sorts[1], Desc: true, Group: &genre}, "bacd"},
		{"grouped in document order", ListOrder{Sort: sorts[0], Group: &genre}, "abcd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items, err := s.Items(ctx, ItemQuery{FeedID: id, List: &tc.order})
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, it := range items {
				got += it.GUID
			}
			if got != tc.want {
				t.Errorf("order %q, want %q", got, tc.want)
			}
		})
	}
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	if items[0].ListValues[genre.Key()] != "Fruit" {
		t.Errorf("values not read back: %+v", items[0].ListValues)
	}
}

func TestDurationIsStoredAndAFeedWithoutListInfoHasNone(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/podcast", "")
	record(t, s, id, *now, docOf(document.Item{GUID: "e1", Title: "Episode", DurationSeconds: 3723}), 0)
	items, _ := s.Items(ctx, ItemQuery{FeedID: id})
	if len(items) != 1 || items[0].DurationSeconds != 3723 {
		t.Fatalf("items %+v", items)
	}
	if info, err := s.FeedListInfo(ctx, id); info != nil || err != nil {
		t.Errorf("list info %+v, %v", info, err)
	}
}
