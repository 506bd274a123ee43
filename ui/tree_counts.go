package ui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// The tree's counts by delta: the engine's events carry a feed's counts
// and its folders' after each download, and the tree applies them to the
// rows they name, All items and Unread moving by the feed's difference,
// instead of reading every feed's counts again. What it cannot apply (a
// feed or folder it does not have: another process added it) asks for one
// read of the counts.

// countsMovedMsg says the engine moved feeds' counts; feeds maps each to
// its folder. The list reads itself again when it lists one of them.
type countsMovedMsg struct{ feeds map[int64]string }

// countsStaleMsg asks for the counts to be read again: all of them, or
// only the saved searches' (searches), which no event carries.
type countsStaleMsg struct{ searches bool }

// feedRowsMsg carries feeds' rows read again after a download failed or
// recovered (their marks, the failures the reader names).
type feedRowsMsg struct {
	feeds []store.FeedRow
	err   error
}

// applyCounts applies the count events among evs to the rows, and posts
// what follows: countsMovedMsg when a count moved, countsStaleMsg when an
// event could not be applied or the saved searches' counts are stale. The
// rows of feeds whose download failed or recovered are read again: its
// Cmd.
func (t *treePane) applyCounts(evs []engine.Event) tea.Cmd {
	moved := map[int64]string{}
	stale, shown := false, false
	var failed []int64
	for _, ev := range evs {
		switch ev := ev.(type) {
		case engine.FeedDownloadCompleted:
			if t.failedOrRecovered(ev) {
				failed = append(failed, ev.FeedID)
			}
		case engine.FeedItemCountChanged:
			changed, known, crossed := t.setFeedCounts(ev.FeedID, ev.Count, ev.Unread)
			stale = stale || !known
			shown = shown || crossed
			if changed {
				i, _ := t.feedRow(ev.FeedID)
				moved[ev.FeedID] = t.all[i].path
			}
		case engine.FolderItemCountChanged:
			known, crossed := t.setFolderCounts(ev.Path, ev.Count, ev.Unread)
			stale = stale || !known
			shown = shown || crossed
		}
	}
	if shown && t.hideRead { // a feed or folder comes into l's view, or leaves it
		t.relayout()
	}
	switch {
	case stale:
		t.out.post(countsStaleMsg{})
	case len(moved) > 0 && len(t.data.searches) > 0:
		t.out.post(countsStaleMsg{searches: true})
	}
	if len(moved) > 0 {
		t.out.post(countsMovedMsg{moved})
	}
	if len(failed) == 0 {
		return nil
	}
	return routeTo(t, t.be.feedRows(failed))
}

// failedOrRecovered says whether a download changed what the tree knows of
// its feed's failures: it failed (but for being offline, which is not
// recorded), or it succeeded after a failure.
func (t *treePane) failedOrRecovered(ev engine.FeedDownloadCompleted) bool {
	i, ok := t.feedRow(ev.FeedID)
	switch {
	case !ok || errors.Is(ev.Err, engine.ErrOffline):
		return false
	case ev.Err != nil:
		return true
	}
	return t.all[i].feed.LastError != ""
}

// setFeedRows takes feeds' rows read again: their state, and their counts
// as setFeedCounts applies them.
func (t *treePane) setFeedRows(msg feedRowsMsg) {
	if msg.err != nil {
		return // the poll reads them again
	}
	for _, f := range msg.feeds {
		i, ok := t.feedRow(f.ID)
		if !ok {
			continue
		}
		count, unread := t.all[i].count, t.all[i].unread
		*t.all[i].feed = f
		t.all[i].feed.ItemCount, t.all[i].feed.UnreadCount = count, unread
		if _, _, crossed := t.setFeedCounts(f.ID, f.ItemCount, f.UnreadCount); crossed && t.hideRead {
			t.relayout()
		}
	}
}

// setFeedCounts sets one feed's counts, and moves All items' and Unread's
// by the difference. It reports whether they changed, whether the tree has
// the feed, and whether its unread count went to or from zero.
func (t *treePane) setFeedCounts(id int64, count, unread int) (changed, known, crossed bool) {
	i, ok := t.feedRow(id)
	if !ok {
		return false, false, false
	}
	n := &t.all[i]
	dc, du := count-n.count, unread-n.unread
	if dc == 0 && du == 0 {
		return false, true, false
	}
	crossed = (n.unread == 0) != (unread == 0)
	n.count, n.unread = count, unread
	n.feed.ItemCount, n.feed.UnreadCount = count, unread
	all, unreadView := &t.all[0], &t.all[1]
	all.count, all.unread = all.count+dc, all.unread+du
	unreadView.count, unreadView.unread = unreadView.count+du, unreadView.unread+du
	return true, true, crossed
}

// setFolderCounts sets one folder's subtree totals, in the rows and in
// the data l rebuilds them from. It reports whether the tree has the
// folder, and whether its unread count went to or from zero.
func (t *treePane) setFolderCounts(path string, count, unread int) (known, crossed bool) {
	for i := range t.data.folders {
		if f := &t.data.folders[i]; f.Path == path {
			known, crossed = true, (f.Unread == 0) != (unread == 0)
			f.Items, f.Unread = count, unread
		}
	}
	for i := range t.all {
		if n := &t.all[i]; n.kind == nodeFolder && n.path == path {
			n.count, n.unread = count, unread
		}
	}
	return known, crossed
}

// setSearches takes the saved searches' counts read again: in place, but
// for a search added or removed meanwhile (the rows are built again).
func (t *treePane) setSearches(msg searchesMsg) {
	if msg.err != nil {
		t.out.say("", msg.err)
		return
	}
	same := len(msg.searches) == len(t.data.searches)
	for i := 0; same && i < len(msg.searches); i++ {
		same = msg.searches[i].Name == t.data.searches[i].Name && msg.searches[i].Expr == t.data.searches[i].Expr
	}
	t.data.searches = msg.searches
	if !same {
		t.setData(t.data.feeds, t.data.folders, t.data.flagged, t.data.searches)
		return
	}
	j := 0 // the same searches in the same order: the rows take the new entries
	for i := range t.all {
		if n := &t.all[i]; n.kind == nodeSearch {
			n.search = &t.data.searches[j]
			n.unread = n.search.Unread
			j++
		}
	}
}
