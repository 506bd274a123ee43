package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// fillPlanStore writes n items over 4 feeds whose words come in every
// frequency: "every" in all items, "half" in one in 2, "tenth" in one in
// 10, "rare" in one in 97, "w0".."w6" in one in 7 each, and 天気 inside a
// Japanese run in one in 3. Dates repeat (one in 40 distinct), so the
// order leans on the id; one item in 13 is hidden, one in 3 read, one in
// 5 flagged.
func fillPlanStore(t *testing.T, s *Store, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	var feeds []int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		for f := range 4 {
			id, err := s.insertFeed(ctx, tx, NewFeed{URL: weburl.MustParse(fmt.Sprintf("http://plan.example/%d.xml", f))})
			if err != nil {
				return err
			}
			feeds = append(feeds, id)
		}
		var fts ftsBatch
		for i := range n {
			words := []string{"every", fmt.Sprintf("w%d", i%7)}
			for _, w := range []struct {
				word  string
				every int
			}{{"half", 2}, {"tenth", 10}, {"rare", 97}, {"東京の天気は晴れ", 3}} {
				if i%w.every == 0 {
					words = append(words, w.word)
				}
			}
			at := base + int64(i*7919%40)*3600
			it := document.Item{Title: fmt.Sprintf("Item %d", i), Content: "<p>" + strings.Join(words, " ") + "</p>"}
			r, err := tx.ExecContext(ctx, `INSERT INTO items (feed_id, item_key, guid, title, link, content,
				first_seen_at, sort_at, published_at, read, flagged, hidden) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				feeds[i%4], fmt.Sprintf("g:%d", i), fmt.Sprint(i), it.Title, "http://plan.example/i", it.Content,
				at, at, at, i%3 == 0, i%5 == 0, i%13 == 0)
			if err != nil {
				return err
			}
			id, _ := r.LastInsertId()
			fts.add(id, it)
		}
		return fts.flush(ctx, tx)
	})
	if err != nil {
		t.Fatal(err)
	}
	return feeds
}

// pageIDs is the ids of the page of q found by plan.
func pageIDs(t *testing.T, s *Store, q ItemQuery, plan textPlan) []int64 {
	t.Helper()
	ctx := context.Background()
	sql, args := plannedItemsSQL(ctx, s, q, plan)
	items, err := s.queryItems(ctx, sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

// Both plans of a page with a full-text test give the same items in the
// same order, page after page, for words of every frequency, alone and
// with the other filters of a list.
func TestTextPlansGiveTheSamePages(t *testing.T) {
	s, _ := newTestStore(t)
	feeds := fillPlanStore(t, s, 1200)
	exprs := []string{`text:"every"`, `text:"half"`, `text:"tenth"`, `text:"rare"`, `text:"w3"`, `text:"天気"`,
		`text:"half tenth"`, `text:"every" and text:"w5"`, `text:"tenth" and unread`, `text:"half" and not flagged`,
		`text:"nowhere"`, `text:"ev"`, `text:"half" or text:"rare"`, `text:"every" and age > 20`}
	for _, expr := range exprs {
		for _, base := range []ItemQuery{{}, {Unread: true}, {Flagged: true}, {FeedID: feeds[2]}, {IncludeHidden: true}} {
			q := base
			q.Filter = query.MustParse(expr)
			all := pageIDs(t, s, q, matchesFirst)
			var paged []int64
			for q.Limit, q.Offset = 37, 0; q.Offset <= len(all); q.Offset += q.Limit {
				want := pageIDs(t, s, q, matchesFirst)
				got := pageIDs(t, s, q, dateFirst)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %+v: dateFirst page %v, matchesFirst %v", expr, base, got, want)
				}
				paged = append(paged, got...)
			}
			if !slices.Equal(paged, all) {
				t.Errorf("%s %+v: the pages make %d items, the whole list %d", expr, base, len(paged), len(all))
			}
		}
	}
	if n := len(pageIDs(t, s, ItemQuery{Filter: query.MustParse(`text:"rare"`)}, dateFirst)); n != 12 {
		t.Errorf("text:rare lists %d items, want 12 (13 less one hidden)", n)
	}
}

// Search gives what it gave before it was planned: every match sorted by
// date, newest first, the first limit of them.
func TestSearchListsWhatItListedBefore(t *testing.T) {
	s, _ := newTestStore(t)
	fillPlanStore(t, s, 1200)
	ctx := context.Background()
	for _, w := range []string{"every", "half", "tenth", "rare", "天気", "晴れ", "half w2", "Item", "nowhere"} {
		for _, limit := range []int{1, 50, 500, 2000} {
			want, err := beforeSearch(ctx, s, w, limit)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Search(ctx, w, limit)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, want, func(a, b Item) bool { return a.ID == b.ID && a.Title == b.Title }) {
				t.Errorf("Search(%q, %d): %d items, before %d, or in another order", w, limit, len(got), len(want))
			}
		}
	}
}

// The plan follows the number of matches: a frequent word walks the
// items by date, a rare one sorts its matches; a page further down needs
// more matches to be walked to; a list in document order is never walked
// by date. Under "or", the number of candidates decides.
func TestTextPlanFollowsTheMatchCount(t *testing.T) {
	s, _ := newTestStore(t)
	feeds := fillPlanStore(t, s, 1200)
	ctx := context.Background()
	cases := []struct {
		expr   string
		q      ItemQuery
		want   textPlan
		reason string
	}{
		{`text:"every"`, ItemQuery{Limit: 50}, dateFirst, "in every item"},
		{`text:"half"`, ItemQuery{Limit: 50}, dateFirst, "in half the items"},
		{`text:"rare"`, ItemQuery{Limit: 50}, matchesFirst, "in 13 items"},
		{`text:"ev"`, ItemQuery{Limit: 50}, dateFirst, "a prefix of a word in every item"},
		{`text:"every half"`, ItemQuery{Limit: 50}, dateFirst, "two frequent words, together in 600 items"},
		{`text:"every rare"`, ItemQuery{Limit: 50}, matchesFirst, "a frequent word and a rare one"},
		{`text:"half w1"`, ItemQuery{Limit: 50, Offset: 900}, matchesFirst, "w1 in 172 items, bound 338"},
		{`text:"tenth"`, ItemQuery{Limit: 50}, dateFirst, "120 matches, bound 78"},
		{`text:"tenth"`, ItemQuery{Limit: 50, Offset: 450}, matchesFirst, "120 matches, bound 245"},
		{`text:"every" and text:"rare"`, ItemQuery{Limit: 50}, matchesFirst, "one rare word"},
		{`text:"every" or flagged`, ItemQuery{Limit: 50}, dateFirst, "candidates: every item"},
		{`text:"rare" or text:"every rare"`, ItemQuery{Limit: 50}, setFirst, "candidates: 13 + 13 items"},
		{`text:"rare" or flagged`, ItemQuery{Limit: 50}, dateFirst, "candidates: 13 + 240 items"},
		{`text:"rare" or (unread and text:"w1")`, ItemQuery{Limit: 50}, dateFirst, "candidates: 13 + 172 items"},
		{`text:"rare" or (unread and text:"rare")`, ItemQuery{Limit: 50}, setFirst, "candidates: 13 + 13 items"},
		{`text:"rare" or title = "x"`, ItemQuery{Limit: 50}, matchesFirst, "no candidates for a title"},
		{`not text:"rare"`, ItemQuery{Limit: 50}, dateFirst, "candidates: all items but 13"},
		{`not text:"every"`, ItemQuery{Limit: 50}, setFirst, "candidates: no item"},
		{`not (text:"every" and title = "x")`, ItemQuery{Limit: 50}, matchesFirst, "no exact candidates under not"},
		{`text:"every"`, ItemQuery{}, matchesFirst, "not a page"},
		{`text:"every"`, ItemQuery{Limit: 50, FeedID: feeds[1], List: &ListOrder{}}, matchesFirst, "a list order"},
	}
	for _, c := range cases {
		c.q.Filter = query.MustParse(c.expr)
		if got := s.textPlan(ctx, c.q); got != c.want {
			t.Errorf("%s %+v (%s): plan %d, want %d", c.expr, c.q, c.reason, got, c.want)
		}
	}
}
