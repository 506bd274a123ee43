package engine

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// accountItems adds a feed of the account under folder Label with n
// unread items "it-1"… and a local feed with one item; it returns the
// account feed's id and its items' ids.
func accountItems(t *testing.T, h *harness, n int) (int64, []int64) {
	t.Helper()
	ctx := context.Background()
	id, err := h.store.UpsertRemoteFeed(ctx, store.RemoteFeed{RemoteID: "feed/1", URL: weburl.MustParse("http://127.0.0.1/r1"),
		Title: "Remote", FolderPath: "Label"}, store.NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	var page []store.RemoteItem
	for i := range n {
		pub := t0.Add(-time.Duration(i) * time.Hour)
		page = append(page, store.RemoteItem{FeedID: id, Item: document.Item{
			Key: document.RemoteKey(fmt.Sprint("it-", i+1)), Title: fmt.Sprint("Story ", i+1), Published: &pub}})
	}
	if _, err := h.store.RecordRemoteItems(ctx, page, map[int64]int{id: 100}, t0); err != nil {
		t.Fatal(err)
	}
	h.srv.serveDoc("/local.xml", rssDoc("", "Story 1"), "Content-Type", "application/rss+xml")
	local := h.add("/local.xml")
	if r := h.eng.SyncFeeds(ctx, []store.Feed{local}, true, nil)[0]; r.Err != nil {
		t.Fatal(r.Err)
	}
	items, err := h.store.Items(ctx, store.ItemQuery{FeedID: id})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return id, ids
}

// Every way the front ends mark items journals the account's items, in
// the mark's own transaction, and only theirs.
func TestEveryMarkPathJournalsTheAccountsItems(t *testing.T) {
	tests := []struct {
		name string
		// mark acts and returns the journal entries it should leave:
		// field and value per item id.
		mark func(t *testing.T, h *harness, feed int64, ids []int64) map[string]store.JournalEntry
	}{
		{"MarkItems read", func(t *testing.T, h *harness, _ int64, ids []int64) map[string]store.JournalEntry {
			must(t, h.eng.MarkItems(context.Background(), MarkRead, ids[:1]))
			return map[string]store.JournalEntry{"it-1": {Field: store.JournalRead, Value: true}}
		}},
		{"MarkItems flag", func(t *testing.T, h *harness, _ int64, ids []int64) map[string]store.JournalEntry {
			must(t, h.eng.MarkItems(context.Background(), MarkFlag, ids[1:2]))
			return map[string]store.JournalEntry{"it-2": {Field: store.JournalStarred, Value: true}}
		}},
		{"MarkFeedRead", func(t *testing.T, h *harness, feed int64, _ []int64) map[string]store.JournalEntry {
			_, err := h.eng.MarkFeedRead(context.Background(), feed)
			must(t, err)
			return allRead()
		}},
		{"MarkFolderRead", func(t *testing.T, h *harness, _ int64, _ []int64) map[string]store.JournalEntry {
			_, err := h.eng.MarkFolderRead(context.Background(), "Label")
			must(t, err)
			return allRead()
		}},
		{"MarkQueryRead of everything", func(t *testing.T, h *harness, _ int64, _ []int64) map[string]store.JournalEntry {
			_, err := h.eng.MarkQueryRead(context.Background(), store.ItemQuery{})
			must(t, err)
			return allRead()
		}},
		{"MarkQueryRead of an expression", func(t *testing.T, h *harness, _ int64, _ []int64) map[string]store.JournalEntry {
			expr, err := ParseExpression(`title ~ "Story 3"`)
			must(t, err)
			_, err = h.eng.MarkQueryRead(context.Background(), store.ItemQuery{Filter: expr})
			must(t, err)
			return map[string]store.JournalEntry{"it-3": {Field: store.JournalRead, Value: true}}
		}},
		{"UndoMarkRead", func(t *testing.T, h *harness, _ int64, _ []int64) map[string]store.JournalEntry {
			marked, err := h.eng.MarkQueryRead(context.Background(), store.ItemQuery{})
			must(t, err)
			_, err = h.eng.UndoMarkRead(context.Background(), marked)
			must(t, err)
			want := allRead()
			for k := range want {
				want[k] = store.JournalEntry{Field: store.JournalRead, Value: false}
			}
			return want
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			feed, ids := accountItems(t, h, 3)
			want := tt.mark(t, h, feed, ids)
			j, err := h.store.Journal(context.Background())
			must(t, err)
			got := map[string]store.JournalEntry{}
			for _, e := range j {
				got[e.ItemID] = store.JournalEntry{Field: e.Field, Value: e.Value}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("journal = %v, want %v", got, want)
			}
		})
	}
}

func allRead() map[string]store.JournalEntry {
	return map[string]store.JournalEntry{
		"it-1": {Field: store.JournalRead, Value: true},
		"it-2": {Field: store.JournalRead, Value: true},
		"it-3": {Field: store.JournalRead, Value: true},
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
