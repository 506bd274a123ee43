package store

import (
	"context"
	"reflect"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// imported turns dated items into imported ones with the given states.
func imported(items []document.Item, read, flagged map[int]bool) []ImportedItem {
	out := make([]ImportedItem, len(items))
	for i, it := range items {
		out[i] = ImportedItem{Item: it, Read: read[i], Flagged: flagged[i]}
	}
	return out
}

// itemStates is what a feed holds: title, read and flagged of each item,
// newest first.
func itemStates(t *testing.T, s *Store, feedID int64) []Item {
	t.Helper()
	items, err := s.Items(context.Background(), ItemQuery{FeedID: feedID})
	if err != nil {
		t.Fatal(err)
	}
	for i := range items {
		items[i].Enclosures = nil
	}
	return items
}

func TestImportItemsStoresStatesAndTwiceChangesNothing(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	im := Import{Title: "A feed", SiteURL: "http://a.example/",
		Items: imported(datedItems(4, *now), map[int]bool{1: true, 2: true}, map[int]bool{2: true, 3: true})}
	res, err := s.ImportItems(ctx, id, im)
	if err != nil {
		t.Fatal(err)
	}
	if want := (ImportResult{New: 4}); !reflect.DeepEqual(res, want) {
		t.Errorf("first import = %+v, want %+v", res, want)
	}
	got := itemStates(t, s, id)
	type st struct {
		title         string
		read, flagged bool
	}
	var states []st
	for _, it := range got {
		states = append(states, st{it.Title, it.Read, it.Flagged})
	}
	want := []st{{"Item 0", false, false}, {"Item 1", true, false}, {"Item 2", true, true}, {"Item 3", false, true}}
	if !reflect.DeepEqual(states, want) {
		t.Errorf("items = %+v, want %+v", states, want)
	}
	f, _ := s.Feed(ctx, id)
	if f.Title != "A feed" || f.SiteURL != "http://a.example/" || f.ItemCount != 4 || f.UnreadCount != 2 {
		t.Errorf("feed = %q %q %d items %d unread", f.Title, f.SiteURL, f.ItemCount, f.UnreadCount)
	}

	res, err = s.ImportItems(ctx, id, im)
	if err != nil {
		t.Fatal(err)
	}
	if want := (ImportResult{Known: 4}); !reflect.DeepEqual(res, want) {
		t.Errorf("second import = %+v, want %+v", res, want)
	}
	if again := itemStates(t, s, id); !reflect.DeepEqual(again, got) {
		t.Errorf("the second import changed the items:\n%+v\nthen\n%+v", got, again)
	}
}

func TestImportItemsNeverUnreadsOrUnflags(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(datedItems(3, *now)...), 0)
	items := itemStates(t, s, id)
	if err := s.SetRead(ctx, []int64{items[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetFlagged(ctx, []int64{items[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	// The other reader has item 0 unread and unflagged, item 1 read, item 2 flagged.
	im := Import{Items: imported(datedItems(3, *now), map[int]bool{1: true}, map[int]bool{2: true})}
	res, err := s.ImportItems(ctx, id, im)
	if err != nil {
		t.Fatal(err)
	}
	if want := (ImportResult{Known: 3, Marked: 2}); !reflect.DeepEqual(res, want) {
		t.Errorf("import = %+v, want %+v", res, want)
	}
	got := itemStates(t, s, id)
	for i, want := range [][2]bool{{true, true}, {true, false}, {false, true}} {
		if got[i].Read != want[0] || got[i].Flagged != want[1] {
			t.Errorf("%s: read %v flagged %v, want %v %v", got[i].Title, got[i].Read, got[i].Flagged, want[0], want[1])
		}
	}
}

func TestImportItemsPurgesToTheLimitKeepingFlagged(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	im := Import{MaxItems: 3, Items: imported(datedItems(6, *now), nil, map[int]bool{5: true})}
	res, err := s.ImportItems(ctx, id, im)
	if err != nil {
		t.Fatal(err)
	}
	if want := (ImportResult{New: 4, Dropped: 2}); !reflect.DeepEqual(res, want) {
		t.Errorf("import = %+v, want %+v", res, want)
	}
	want := []string{"Item 0", "Item 1", "Item 2", "Item 5"}
	if got := titles(t, s, id); !reflect.DeepEqual(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	before := itemStates(t, s, id)
	if _, err := s.ImportItems(ctx, id, im); err != nil {
		t.Fatal(err)
	}
	if after := itemStates(t, s, id); !reflect.DeepEqual(after, before) {
		t.Errorf("importing again changed the kept items:\n%+v\nthen\n%+v", before, after)
	}
}

func TestImportItemsNamesOnlyAnUnnamedFeed(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	named, err := s.AddFeed(ctx, NewFeed{URL: weburl.MustParse("http://a.example/feed"), Title: "Mine", CustomTitle: true, SiteURL: "http://a.example/home"})
	if err != nil {
		t.Fatal(err)
	}
	unnamed := addFeed(t, s, "http://b.example/feed", "")
	for _, id := range []int64{named, unnamed} {
		if _, err := s.ImportItems(ctx, id, Import{Title: "Theirs", SiteURL: "http://x.example/",
			Items: imported(datedItems(1, *now), nil, nil)}); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		id          int64
		title, site string
	}{
		{named, "Mine", "http://a.example/home"},
		{unnamed, "Theirs", "http://x.example/"},
	}
	for _, tt := range tests {
		f, err := s.Feed(ctx, tt.id)
		if err != nil {
			t.Fatal(err)
		}
		if f.Title != tt.title || f.SiteURL != tt.site {
			t.Errorf("feed %d: %q %q, want %q %q", tt.id, f.Title, f.SiteURL, tt.title, tt.site)
		}
	}
}

// Rules apply to imported items as to downloaded ones: a hide rule keeps
// an item out of the counts, a delete rule keeps it out for good, and
// importing again adds neither back.
func TestImportItemsAppliesRules(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	addRule(t, s, `title = "Item 1"`, ActionHide, 0)
	addRule(t, s, `title = "Item 2"`, ActionDelete, 0)
	im := Import{Items: imported(datedItems(4, *now), nil, nil)}
	for i, want := range []ImportResult{{New: 2, Ruled: 2}, {Known: 3, Ruled: 1}} {
		res, err := s.ImportItems(ctx, id, im)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(res, want) {
			t.Errorf("import %d = %+v, want %+v", i+1, res, want)
		}
		if got := listedTitles(t, s, ItemQuery{FeedID: id}); !reflect.DeepEqual(got, []string{"Item 0", "Item 3"}) {
			t.Errorf("import %d: listed %v", i+1, got)
		}
		if got := listedTitles(t, s, ItemQuery{FeedID: id, IncludeHidden: true}); len(got) != 3 {
			t.Errorf("import %d: with hidden %v, want Item 1 kept hidden", i+1, got)
		}
		if f, _ := s.Feed(ctx, id); f.ItemCount != 2 || f.UnreadCount != 2 {
			t.Errorf("import %d: feed counts %d items %d unread, want 2 and 2", i+1, f.ItemCount, f.UnreadCount)
		}
	}
}
