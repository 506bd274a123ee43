package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/query"
)

// filterFixture stores three feeds in folders with items that tell every
// field and operator apart, and returns the ids of the items by guid.
func filterFixture(t *testing.T) (*Store, map[string]int64) {
	t.Helper()
	s, now := newTestStore(t)
	ctx := context.Background()
	goFeed := addFeed(t, s, "https://go.example/feed", "Tech/Go")
	news := addFeed(t, s, "https://news.example/rss", "News")
	loose := addFeed(t, s, "https://loose.example/atom", "")
	day := 24 * time.Hour
	record(t, s, goFeed, *now, &document.Document{Title: "Go Blog", Items: []document.Item{
		{GUID: "generics", Title: "Generics in Go", Author: "Ann", Link: "https://go.example/generics",
			Content: "<p>Type parameters arrive</p>", Categories: []string{"Language", "Release"}, Published: tp(now.Add(-2 * time.Hour))},
		{GUID: "sponsor", Title: "SPONSORED: buy a gopher", Author: "Ads", Link: "https://go.example/ad",
			Content: "<p>plush</p>", Summary: "<p>limited offer</p>", Published: tp(now.Add(-3*day - time.Hour)),
			Enclosures: []document.Enclosure{{URL: "https://go.example/ad.mp3", Type: "audio/mpeg"}}},
	}}, 200)
	record(t, s, news, *now, &document.Document{Title: "World News", Items: []document.Item{
		{GUID: "storm", Title: "Storm warning", Author: "Bob", Link: "https://news.example/storm",
			Content: "<p>Wind and rain</p>", Categories: []string{"weather"}, Published: tp(now.Add(-10 * day))},
	}}, 200)
	record(t, s, loose, *now, &document.Document{Title: "Loose", Items: []document.Item{
		{GUID: "old", Title: "An old note", Content: "<p>golang tips</p>", Published: tp(now.Add(-400 * day))},
	}}, 200)
	items, err := s.Items(ctx, ItemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, it := range items {
		ids[it.GUID] = it.ID
	}
	if err := s.SetRead(ctx, []int64{ids["storm"], ids["old"]}, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetFlagged(ctx, []int64{ids["storm"]}, true); err != nil {
		t.Fatal(err)
	}
	return s, ids
}

// filterCase is an expression and the fixture items (by guid) it selects.
type filterCase struct {
	expr string
	want []string
}

// filterCases covers every field and operator over filterFixture.
func filterCases() []filterCase {
	return []filterCase{
		{`title ~ "sponsored"`, []string{"sponsor"}},
		{`title ~ "^generics"`, []string{"generics"}},
		{`title !~ "a"`, []string{"generics"}},
		{`title = "storm WARNING"`, []string{"storm"}},
		{`title != "Storm warning"`, []string{"generics", "sponsor", "old"}},
		{`author = ann`, []string{"generics"}},
		{`author != ann`, []string{"sponsor", "storm", "old"}},
		{`author ~ "^b"`, []string{"storm"}},
		{`content ~ "limited offer"`, []string{"sponsor"}}, // the summary counts as content
		{`content ~ "type param"`, []string{"generics"}},
		{`content = "<p>plush</p>"`, []string{"sponsor"}},
		{`content !~ "<p>"`, nil},
		{`feed = "go blog"`, []string{"generics", "sponsor"}},
		{`feed = "https://news.example/rss"`, []string{"storm"}},
		{`feed ~ "loose\.example"`, []string{"old"}},
		{`feed != "Go Blog"`, []string{"storm", "old"}},
		{`folder = Tech`, []string{"generics", "sponsor"}},
		{`folder = tech/go`, []string{"generics", "sponsor"}},
		{`folder = "News"`, []string{"storm"}},
		{`folder = ""`, []string{"old"}},
		{`folder != Tech`, []string{"storm", "old"}},
		{`folder ~ "/go$"`, []string{"generics", "sponsor"}},
		{`folder = Te`, nil},
		{`category = language`, []string{"generics"}},
		{`category = Weather`, []string{"storm"}},
		{`category ~ "^rel"`, []string{"generics"}},
		{`category != release`, []string{"sponsor", "storm", "old"}},
		{`category !~ "."`, []string{"sponsor", "old"}},
		{`link = "https://go.example/ad"`, []string{"sponsor"}},
		{`link ~ "news\.example"`, []string{"storm"}},
		{`link != "https://go.example/ad"`, []string{"generics", "storm", "old"}},
		{`unread`, []string{"generics", "sponsor"}},
		{`not unread`, []string{"storm", "old"}},
		{`unread = false`, []string{"storm", "old"}},
		{`flagged`, []string{"storm"}},
		{`flagged = false`, []string{"generics", "sponsor", "old"}},
		{`enclosure`, []string{"sponsor"}},
		{`not enclosure`, []string{"generics", "storm", "old"}},
		{`age < 1`, []string{"generics"}},
		{`age = 0`, []string{"generics"}},
		{`age = 3`, []string{"sponsor"}},
		{`age != 3`, []string{"generics", "storm", "old"}},
		{`age <= 3`, []string{"generics", "sponsor"}},
		{`age > 3`, []string{"storm", "old"}},
		{`age >= 10`, []string{"storm", "old"}},
		{`age > 10`, []string{"old"}},
		{`age > 365`, []string{"old"}},
		{`text:"golang"`, []string{"old"}},
		{`text:"type param"`, []string{"generics"}},
		{`text:gen`, []string{"generics"}},
		{`text:"wind" and unread`, nil},
		{`unread and (feed = "World News" or enclosure)`, []string{"sponsor"}},
		{`unread or flagged and enclosure`, []string{"generics", "sponsor"}},
		{`(unread or flagged) and not enclosure`, []string{"generics", "storm"}},
		{`title ~ "'; DROP TABLE items; --"`, nil},
		{`category = "language" or feed ~ "^https://news"`, []string{"generics", "storm"}},
		{`folder != "" and not folder ~ "go"`, []string{"storm"}},
	}
}

// Every field and operator compiles to SQL that selects what the language
// says, through the real store.
func TestFilterFieldsAndOperators(t *testing.T) {
	s, ids := filterFixture(t)
	for _, tt := range filterCases() {
		t.Run(tt.expr, func(t *testing.T) {
			items, err := s.Items(context.Background(), ItemQuery{Filter: query.MustParse(tt.expr)})
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, it := range items {
				got = append(got, it.ID)
			}
			var want []int64
			for _, g := range tt.want {
				want = append(want, ids[g])
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s selected %v, want %v (%v)", tt.expr, got, want, tt.want)
			}
		})
	}
}

// The filter joins the other conditions of a query, and CountItems counts
// what Items lists.
func TestFilterWithQueryAndCount(t *testing.T) {
	s, ids := filterFixture(t)
	ctx := context.Background()
	q := ItemQuery{FolderPath: "Tech", Unread: true, Filter: query.MustParse(`not enclosure`)}
	items, err := s.Items(ctx, q)
	if err != nil || len(items) != 1 || items[0].ID != ids["generics"] {
		t.Fatalf("items = %v, %v", items, err)
	}
	c, err := s.CountItems(ctx, ItemQuery{Filter: query.MustParse(`age < 30`)})
	if err != nil || c.Items != 3 || c.Unread != 2 {
		t.Fatalf("count = %+v, %v; want 3 items, 2 unread", c, err)
	}
	unread, err := s.UnreadIDs(ctx, ItemQuery{Filter: query.MustParse(`folder = Tech`)})
	if err != nil || len(unread) != 2 {
		t.Fatalf("unread ids %v, %v; want 2", unread, err)
	}
	if n, err := s.SetReadExisting(ctx, unread, true); err != nil || n != 2 {
		t.Fatalf("marked %d, %v; want 2", n, err)
	}
	if c, _ := s.CountItems(ctx, ItemQuery{}); c.Unread != 0 {
		t.Fatalf("unread after marking = %d", c.Unread)
	}
}
