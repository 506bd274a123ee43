package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// A page of the river in every sort order walks an index, so the first
// page reads a page of rows, not every item; a feed's page sorts that
// feed's items only.
func TestSortOrdersKeepTheirPlans(t *testing.T) {
	s, _ := newTestStore(t)
	want := map[SortOrder][2]string{
		SortDate:    {"SCAN i USING INDEX items_sort", "SEARCH i USING INDEX items_feed_sort (feed_id=?)"},
		SortDateAsc: {"SCAN i USING INDEX items_sort", "SEARCH i USING INDEX items_feed_sort (feed_id=?)"},
		SortTitle: {"SCAN i USING INDEX items_title_sort",
			"SEARCH i USING INDEX items_feed_sort (feed_id=?); USE TEMP B-TREE FOR ORDER BY"},
		SortFeed: {"SCAN fd USING COVERING INDEX feeds_title_sort; SEARCH i USING INDEX items_feed_sort (feed_id=?)",
			"SEARCH fd USING INTEGER PRIMARY KEY (rowid=?); SEARCH i USING INDEX items_feed_sort (feed_id=?)"},
		SortUnread: {"SCAN i USING INDEX items_read_sort",
			"SEARCH i USING INDEX items_feed_sort (feed_id=?); USE TEMP B-TREE FOR ORDER BY"},
	}
	for _, o := range SortOrders() {
		for k, feed := range []int64{0, 1} {
			query, args := itemsSQL(context.Background(), s, ItemQuery{Sort: o, FeedID: feed, Limit: 50})
			page := query[strings.Index(query, "(SELECT")+1 : strings.LastIndex(query, ") ORDER BY ")]
			if got := queryPlan(t, s, page, args...); got != want[o][k] {
				t.Errorf("%s, feed %d: plan %q, want %q", o, feed, got, want[o][k])
			}
		}
	}
}

// Every sort order lists the items as sorting them in Go would.
func TestSortOrdersOrderTheItems(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	titles := []string{"banana", "Apple", "cherry", "apple pie", "Éclair", "date"}
	for k, name := range []string{"Zeta", "alpha", "Mid"} {
		f := addFeed(t, s, fmt.Sprintf("http://%d.test/", k), "")
		doc := &document.Document{Title: name}
		for i, title := range titles {
			at := now.Add(-time.Duration(i*5+k) * time.Hour)
			doc.Items = append(doc.Items, document.Item{GUID: title, Title: title, Published: &at})
		}
		record(t, s, f, *now, doc, 200)
	}
	all, err := s.Items(ctx, ItemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	var read []int64
	for i, it := range all {
		if i%2 == 0 {
			read = append(read, it.ID)
		}
	}
	if err := s.SetRead(ctx, read, true); err != nil {
		t.Fatal(err)
	}
	all, _ = s.Items(ctx, ItemQuery{})
	newest := func(a, b Item) int { return cmp.Or(b.Date.Compare(a.Date), cmp.Compare(b.ID, a.ID)) }
	oracle := map[SortOrder]func(a, b Item) int{
		SortDate:    newest,
		SortDateAsc: func(a, b Item) int { return newest(b, a) },
		SortTitle: func(a, b Item) int {
			return cmp.Or(cmp.Compare(asciiLower(a.Title), asciiLower(b.Title)), newest(a, b))
		},
		SortFeed: func(a, b Item) int {
			return cmp.Or(cmp.Compare(asciiLower(a.FeedTitle), asciiLower(b.FeedTitle)), cmp.Compare(a.FeedID, b.FeedID), newest(a, b))
		},
		SortUnread: func(a, b Item) int {
			return cmp.Or(cmp.Compare(btoi(a.Read), btoi(b.Read)), newest(a, b))
		},
	}
	for _, o := range SortOrders() {
		want := slices.Clone(all)
		slices.SortFunc(want, oracle[o])
		var got []Item
		for off := 0; ; off += 5 { // page by page, as the reader reads
			page, err := s.Items(ctx, ItemQuery{Sort: o, Limit: 5, Offset: off})
			if err != nil {
				t.Fatal(err)
			}
			if got = append(got, page...); len(page) < 5 {
				break
			}
		}
		if g, w := itemTitles(got), itemTitles(want); !slices.Equal(g, w) {
			t.Errorf("%s:\n got %v\nwant %v", o, g, w)
		}
	}
}

func itemTitles(items []Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, fmt.Sprintf("%s/%s/%v", it.FeedTitle, it.Title, it.Read))
	}
	return out
}

func TestParseSortOrder(t *testing.T) {
	for _, o := range SortOrders() {
		if got, err := ParseSortOrder(string(o)); err != nil || got != o {
			t.Errorf("ParseSortOrder(%q) = %q, %v", o, got, err)
		}
	}
	if o, err := ParseSortOrder(""); o != SortDate || err != nil {
		t.Errorf(`ParseSortOrder("") = %q, %v`, o, err)
	}
	if _, err := ParseSortOrder("newest"); err == nil {
		t.Error(`ParseSortOrder("newest") = nil error`)
	}
	if got := SortUnread.Next(); got != SortDate {
		t.Errorf("after unread comes %q, want date", got)
	}
}
