package ui

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// The tree's commands on feeds: n/p between feeds, o and y on a feed's
// site and address, w, r and d (E and M in tree_dialogs.go).

// nextUnreadFeed selects the next (dir 1) or previous feed with unread
// items on the tree, wrapping around.
func (t *treePane) nextUnreadFeed(dir int) tea.Cmd {
	var self int64
	if n := t.node(); n.kind == nodeFeed {
		self = n.feedID
	}
	if i := t.nextFeedWithUnread(t.cursor, dir, self); i >= 0 {
		t.out.post(clearStatusMsg{})
		return t.selectRow(i)
	}
	t.out.say("no feed has unread items", nil)
	return nil
}

// jumpFeed is n or p of the list going on in another feed: the next feed
// with unread items after the selected feed is selected (its list's pages
// continue the jump). It reports false when a feed is not selected or no
// other feed has unread items.
func (t *treePane) jumpFeed(dir int) (tea.Cmd, bool) {
	n := t.node()
	if n.kind != nodeFeed {
		return nil, false
	}
	i := t.nextFeedWithUnread(t.cursor, dir, n.feedID)
	if i < 0 {
		return nil, false
	}
	return t.selectRow(i), true
}

// nextFeedWithUnread is the row of the first feed with unread items after
// (dir 1) or before row from, in tree order and wrapping around, other
// than feed self; -1 when there is none.
func (t *treePane) nextFeedWithUnread(from, dir int, self int64) int {
	n := len(t.shown)
	for step := 1; step <= n; step++ {
		i := ((from+dir*step)%n + n) % n
		if nd := t.at(i); nd.kind == nodeFeed && nd.unread > 0 && nd.feedID != self {
			return i
		}
	}
	return -1
}

// openSite is o on the tree: the feed's web site, read with the feed
// (openSiteOf opens it).
func (t *treePane) openSite() tea.Cmd {
	if n := t.node(); n.feed != nil {
		return routeTo(t, t.be.fullFeed(n.feed.ID, fullFeedSite))
	}
	t.out.say("", errors.New("o opens a feed's web site or an item's link: select one"))
	return nil
}

// openSiteOf opens the web site of a feed read for o.
func (t *treePane) openSiteOf(f store.Feed) tea.Cmd {
	if f.SiteURL == "" {
		t.out.say("", errors.New("this feed names no web site"))
		return nil
	}
	return t.links.open(f.SiteURL)
}

// copyAddress is y on the tree: the feed's address.
func (t *treePane) copyAddress() tea.Cmd {
	u := ""
	if f := t.node().feed; f != nil {
		u = f.URL
	}
	return t.links.copyOrSay(u, t.out)
}

// toggleWatch watches a feed, or every feed of a folder's subtree (all
// of them, unless all are watched already: then none).
func (t *treePane) toggleWatch(tg feedTarget) tea.Cmd {
	var feeds []store.FeedRow
	label := ""
	if n, ok := t.selectedFolder(tg); ok {
		feeds, label = t.feedsUnder(n), n.label+"/"
	} else if f := t.selectedFeed(tg); f != nil {
		feeds, label = []store.FeedRow{*f}, f.Title
	}
	if len(feeds) == 0 {
		return t.noFeed()
	}
	watch := false
	for _, f := range feeds {
		watch = watch || !f.Watch
	}
	var cmds []tea.Cmd
	for _, f := range feeds {
		if p := t.feedByID(f.ID); p != nil {
			p.Watch = watch
		}
		cmds = append(cmds, t.be.updateSettings(f.ID, store.FeedSettings{Watch: &watch}, ""))
	}
	t.out.say(map[bool]string{true: "watching ", false: "not watching "}[watch]+oneLine(label), nil)
	return tea.Batch(cmds...)
}

// refresh downloads the selected feed, or every feed of the selected
// folder; on All items, Unread and a saved search every feed (as R); on
// Flagged it says what to select.
func (t *treePane) refresh(tg feedTarget) tea.Cmd {
	n := t.node()
	if !tg.onTree && n.kind != nodeFolder {
		if f := t.selectedFeed(tg); f != nil {
			n = node{kind: nodeFeed, feedID: f.ID}
		}
	}
	switch n.kind {
	case nodeAll, nodeUnread, nodeSearch:
		t.out.post(refreshMsg{all: true})
		return nil
	case nodeFlagged:
		t.out.say("", errors.New("r refreshes a feed or a folder (select one); R refreshes all"))
		return nil
	}
	feeds := t.feedsUnder(n)
	if len(feeds) == 0 {
		return t.noFeed()
	}
	var ids []int64
	for _, f := range feeds {
		if !f.Remote { // the account's sync brings those
			ids = append(ids, f.ID)
		}
	}
	t.out.post(refreshMsg{ids: ids})
	return t.be.sync(feeds)
}

// openUnsubscribe asks before removing the selected feed; on a folder it
// asks before removing the folder (its feeds move up, none is lost), on
// a saved search before removing the search.
func (t *treePane) openUnsubscribe(tg feedTarget) tea.Cmd {
	if n, ok := t.selectedFolder(tg); ok {
		return t.openRemoveFolder(n)
	}
	if n, ok := t.selectedSearch(tg); ok {
		return t.openRemoveSearch(n)
	}
	f := t.selectedFeed(tg)
	if f == nil {
		return t.noFeed()
	}
	id, title, be := f.ID, f.Title, t.be
	t.out.post(openDialogMsg{&confirm{styles: t.styles,
		question: fmt.Sprintf("Unsubscribe from %s? Its items and enclosure files go.", oneLine(title)),
		yes:      func() tea.Cmd { return be.removeFeed(id, title) }}})
	return nil
}

// feedFacts is what highlight rules see of a feed: its title, address
// and folder; false when the tree does not know the feed (yet).
func (t *treePane) feedFacts(id int64) (store.FeedFacts, bool) {
	f := t.feedByID(id)
	if f == nil {
		return store.FeedFacts{}, false
	}
	return store.FeedFacts{Title: f.Title, URL: f.URL, Folder: f.FolderPath}, true
}
