package ui

import (
	"testing"

	"github.com/tidings-rss/tidings/store"
)

// TestTreeFindsFeedsByID finds every feed's row by id though the tree
// orders feeds by folder and title, not id; a feed it does not have is
// nil. Its counts move All items and Unread, once, whether the feed is
// shown or folded away.
func TestTreeFindsFeedsByID(t *testing.T) {
	feeds := []store.FeedRow{
		{ID: 9, Title: "Alpha", FolderPath: "A", ItemCount: 3, UnreadCount: 1},
		{ID: 2, Title: "Beta", FolderPath: "A", ItemCount: 2, UnreadCount: 2},
		{ID: 5, Title: "Gamma", ItemCount: 1},
	}
	folders := []store.FolderCount{{Folder: store.Folder{ID: 1, Name: "A", Path: "A"}, Items: 5, Unread: 3, Collapsed: true}}
	tr := &treePane{}
	tr.setData(feeds, folders, 0, nil)
	for _, f := range feeds {
		if got := tr.feedByID(f.ID); got == nil || got.Title != f.Title {
			t.Errorf("feedByID(%d) = %+v, want %s", f.ID, got, f.Title)
		}
	}
	if got := tr.feedByID(4); got != nil {
		t.Errorf("feedByID(4) = %+v, want nil", got)
	}
	if len(tr.shown) != 5 { // the views, A (folded), Gamma
		t.Errorf("%d rows shown, want 5: %+v", len(tr.shown), shownNodes(tr))
	}
	if changed, known, _ := tr.setFeedCounts(2, 4, 3); !changed || !known {
		t.Fatalf("setFeedCounts(2): changed %v, known %v", changed, known)
	}
	if all, unread := tr.at(0), tr.at(1); all.count != 8 || all.unread != 4 || unread.unread != 4 {
		t.Errorf("All items %d/%d, Unread %d after a folded feed's counts moved, want 8/4, 4", all.count, all.unread, unread.unread)
	}
	if f := tr.feedByID(2); f.ItemCount != 4 || f.UnreadCount != 3 {
		t.Errorf("feed 2's row counts %d/%d, want 4/3", f.ItemCount, f.UnreadCount)
	}
}
