package ui

import (
	"errors"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// errNoEnclosure is e's and P's answer where there is no item with one.
var errNoEnclosure = errors.New("this item has no enclosure")

// feedTarget is what the feed keys act on besides the tree's selection:
// pressed on the tree (onTree), the selected feed or folder; pressed in
// the list or the reader, the selected feed, else the feed of the list's
// item (item, nil when the list has none).
type feedTarget struct {
	onTree bool
	item   *store.Item
}

// feedKeyMsg is a feed key (A w r d E M i O u) pressed in the list or
// the reader: the tree, which holds the feeds, acts on it.
type feedKeyMsg struct {
	key tea.KeyMsg
	// keys are the bindings of the pane it was pressed in.
	keys   KeyMap
	target feedTarget
}

// nodeSelectedMsg says the tree's selection moved to n; order is the
// order chosen for it when it is a list feed (O).
type nodeSelectedMsg struct {
	n     node
	order *store.ListOrder
}

// Init does nothing: the app loads the tree.
func (t *treePane) Init() tea.Cmd { return nil }

// Update takes the tree's keys (movement, the feed keys), a click, the
// counts, the engine's count changes, and the results of its commands.
func (t *treePane) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return t, t.key(msg)
	case feedKeyMsg:
		return t, t.feedKey(msg.key, msg.keys, msg.target)
	case tea.MouseMsg:
		return t, t.mouse(msg)
	case countsMsg:
		t.counts(msg)
	case engineBatchMsg:
		return t, t.applyCounts(msg.evs)
	case feedRowsMsg:
		t.setFeedRows(msg)
	case searchesMsg:
		t.setSearches(msg)
	case markedMsg:
		t.marked(msg)
	case healthMsg:
		t.showHealth(msg)
	case listInfoMsg:
		t.showListOrder(msg)
	case fullFeedMsg:
		return t, t.gotFullFeed(msg)
	case quietPollMsg:
		if t.hideRead {
			t.relayout()
		}
	case hideReadMsg:
		t.hideRead = msg.on
		t.setData(t.data.feeds, t.data.folders, t.data.flagged, t.data.searches)
		t.out.post(selectionLostMsg{t.selection()})
	}
	return t, nil
}

// key handles a key pressed on the tree: q quits, enter goes to the
// list, n/p go to the next feed with unread items, o and y act on the
// feed's web site and address; the feed keys act on the selection.
func (t *treePane) key(km tea.KeyMsg) tea.Cmd {
	k := t.keys
	switch {
	case key.Matches(km, k.Quit):
		return tea.Quit
	case key.Matches(km, k.Open):
		t.out.post(focusMsg{paneItems})
	case key.Matches(km, k.NextUnread):
		return t.nextUnreadFeed(1)
	case key.Matches(km, k.PrevUnread):
		return t.nextUnreadFeed(-1)
	case key.Matches(km, k.OpenLink):
		return t.openSite()
	case key.Matches(km, k.CopyLink):
		return t.copyAddress()
	case key.Matches(km, k.Enclosure, k.Play):
		t.out.say("", errNoEnclosure)
	case key.Matches(km, k.Fold):
		return t.toggleFold()
	default:
		if cmd, ok := t.feedKeyHandled(km, k, feedTarget{onTree: true}); ok {
			return cmd
		}
		return t.move(km)
	}
	return nil
}

// feedKey handles a feed key pressed where k are the bindings.
func (t *treePane) feedKey(km tea.KeyMsg, k KeyMap, tg feedTarget) tea.Cmd {
	cmd, _ := t.feedKeyHandled(km, k, tg)
	return cmd
}

func (t *treePane) feedKeyHandled(km tea.KeyMsg, k KeyMap, tg feedTarget) (tea.Cmd, bool) {
	for _, a := range []struct {
		b  key.Binding
		do func(feedTarget) tea.Cmd
	}{
		{k.MarkAllRead, t.markAllRead},
		{k.Undo, func(feedTarget) tea.Cmd { return t.undoMarkRead() }},
		{k.Watch, t.toggleWatch},
		{k.Refresh, t.refresh},
		{k.Unsubscribe, t.openUnsubscribe},
		{k.Edit, t.openEdit},
		{k.Move, t.openMove},
		{k.Health, t.openHealth},
		{k.ListOrder, t.openListOrder},
		{k.GoToFeed, t.openFinder},
	} {
		if key.Matches(km, a.b) {
			return a.do(tg), true
		}
	}
	return nil, false
}

// move moves the selection; a changed selection sends nodeSelectedMsg.
func (t *treePane) move(km tea.KeyMsg) tea.Cmd {
	before := t.cursor
	page := max(t.height-2, 1)
	switch {
	case key.Matches(km, t.keys.Up):
		t.cursor--
	case key.Matches(km, t.keys.Down):
		t.cursor++
	case key.Matches(km, t.keys.Top):
		t.cursor = 0
	case key.Matches(km, t.keys.Bottom):
		t.cursor = len(t.shown) - 1
	case key.Matches(km, t.keys.PageUp):
		t.cursor -= page
	case key.Matches(km, t.keys.PageDown):
		t.cursor += page
	}
	return t.moved(before)
}

// mouse: the wheel moves the selection, a click selects the row under it
// (the root has focused the tree).
func (t *treePane) mouse(msg tea.MouseMsg) tea.Cmd {
	switch msg.Button {
	case tea.MouseButtonWheelUp, tea.MouseButtonWheelDown:
		before := t.cursor
		t.cursor += wheelStep(msg)
		return t.moved(before)
	}
	if i := t.top + msg.Y - 1; msg.Y >= 1 && i < len(t.shown) {
		return t.selectRow(i)
	}
	return nil
}

// wheelStep is a wheel's move: a row up or down, whatever keys move.
func wheelStep(msg tea.MouseMsg) int {
	if msg.Button == tea.MouseButtonWheelUp {
		return -1
	}
	return 1
}

// selectRow moves the cursor to row i.
func (t *treePane) selectRow(i int) tea.Cmd {
	before := t.cursor
	t.cursor = i
	return t.moved(before)
}

func (t *treePane) moved(before int) tea.Cmd {
	t.cursor = max(min(t.cursor, len(t.shown)-1), 0)
	t.skipHeading(before)
	t.scroll()
	if t.cursor == before {
		return nil
	}
	sel := t.selection()
	return func() tea.Msg { return sel }
}

// selection is the selected node with its list order.
func (t *treePane) selection() nodeSelectedMsg {
	n := t.node()
	msg := nodeSelectedMsg{n: n}
	if o, ok := t.listOrders[n.feedID]; ok && n.kind == nodeFeed && n.feed != nil {
		msg.order = &o
	}
	return msg
}

// counts takes fresh counts: the list shows another node when the
// selected one is gone, and is re-read when a count moved.
func (t *treePane) counts(msg countsMsg) {
	changed, lost := t.setData(msg.feeds, msg.folders, msg.flagged, msg.searches)
	switch {
	case lost:
		t.out.post(selectionLostMsg{t.selection()})
	case changed:
		t.out.post(reloadMsg{list: true})
	}
}

func (t *treePane) scroll() { t.top = scrollTop(t.cursor, t.top, t.height-1, len(t.shown)) }

// SetSize sets the pane's size, title line included.
func (t *treePane) SetSize(w, h int) {
	t.width, t.height = w, h
	t.scroll()
}

// setFocused draws the pane focused or not.
func (t *treePane) setFocused(f bool) { t.focused = f }

// ShortHelp is the tree's part of the help line.
func (t *treePane) ShortHelp() []key.Binding {
	return []key.Binding{t.keys.Open, t.keys.Quit, t.keys.MarkAllRead, t.keys.Refresh, t.keys.Edit}
}

// FullHelp is the tree's part of the full help.
func (t *treePane) FullHelp() [][]key.Binding { return [][]key.Binding{t.ShortHelp()} }

// selectedFeed is the feed the feed keys act on: the tree's feed, or the
// feed of the list's item.
func (t *treePane) selectedFeed(tg feedTarget) *store.FeedRow {
	if n := t.node(); tg.onTree || n.kind == nodeFeed {
		return n.feed
	}
	if tg.item != nil {
		return t.feedByID(tg.item.FeedID)
	}
	return nil
}

// selectedFolder is the tree's folder when the feed keys act on it.
func (t *treePane) selectedFolder(tg feedTarget) (node, bool) {
	n := t.node()
	return n, n.kind == nodeFolder && (tg.onTree || tg.item == nil)
}

// feed is a copy of the selected feed's row, nil when a feed is not
// selected.
func (t *treePane) feed() *store.FeedRow {
	if n := t.node(); n.kind == nodeFeed {
		c := *n.feed
		return &c
	}
	return nil
}

func (t *treePane) noFeed() tea.Cmd {
	t.out.say("", errors.New("select a feed first"))
	return nil
}
