package ui

import (
	"errors"
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// key handles a key: the dialog's if one is open, else a global action,
// else the focused pane's movement.
func (m *Model) key(km tea.KeyMsg) tea.Cmd {
	if km.Type == tea.KeyRunes && len(km.Runes) > 1 && !km.Paste && m.dialog == nil {
		return m.keys1by1(km.Runes)
	}
	m.jump = nil // any key ends an n/p still looking
	if m.dialog != nil {
		done, cmd := m.dialog.update(km)
		if done {
			m.dialog = nil
		}
		return cmd
	}
	if cmd, ok := m.action(km); ok {
		return cmd
	}
	return m.paneKey(km)
}

// keys1by1 handles runes the terminal delivered together (typed fast, or
// sent by tmux) as separate keys.
func (m *Model) keys1by1(runes []rune) tea.Cmd {
	var cmds []tea.Cmd
	for _, r := range runes {
		cmds = append(cmds, m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
	}
	return tea.Sequence(cmds...)
}

// paneKey routes movement to the focused pane.
func (m *Model) paneKey(km tea.KeyMsg) tea.Cmd {
	_, cmd := m.focused().Update(km)
	if m.focus == paneItems {
		return tea.Batch(cmd, m.items.fetchMore(m.be))
	}
	return cmd
}

// binding is one global key and what it does.
type binding struct {
	b  key.Binding
	do func() tea.Cmd
}

// actions maps the global bindings to their handlers.
func (m *Model) actions() []binding {
	k := m.keys
	return []binding{
		{k.ForceQuit, func() tea.Cmd { return tea.Quit }},
		{k.Help, m.openHelp},
		{k.NextPane, m.nextPane},
		{k.Open, m.open},
		{k.Back, m.back},
		{k.NextUnread, func() tea.Cmd { return m.nextUnread(1) }},
		{k.PrevUnread, func() tea.Cmd { return m.nextUnread(-1) }},
		{k.ToggleRead, m.toggleRead},
		{k.Flag, m.toggleFlag},
		{k.MarkAllRead, m.markAllRead},
		{k.Undo, m.undoMarkRead},
		{k.Watch, m.toggleWatch},
		{k.OpenLink, m.openLink},
		{k.CopyLink, m.copyLink},
		{k.Enclosure, m.downloadEnclosure},
		{k.Play, m.play},
		{k.Refresh, m.refresh},
		{k.RefreshAll, m.refreshAll},
		{k.Subscribe, m.openSubscribe},
		{k.Unsubscribe, m.openUnsubscribe},
		{k.Edit, m.openEdit},
		{k.Move, m.openMove},
		{k.Health, m.openHealth},
		{k.Dismiss, m.dismiss},
		{k.ListOrder, m.openListOrder},
		{k.Narrow, func() tea.Cmd { return m.widen(-1) }},
		{k.Widen, func() tea.Cmd { return m.widen(1) }},
		{k.Zoom, m.zoom},
		{k.Search, m.openSearch},
		{k.Stats, m.openStats},
		{k.Rules, m.openRules},
	}
}

// action runs the global action bound to km, if any.
func (m *Model) action(km tea.KeyMsg) (tea.Cmd, bool) {
	if m.focus == paneReader && isDigit(km) {
		return m.paneKey(km), true
	}
	if m.focus == paneTree && key.Matches(km, m.keys.Quit) {
		return tea.Quit, true
	}
	for _, a := range m.actions() {
		if key.Matches(km, a.b) {
			return a.do(), true
		}
	}
	return nil, false
}

func (m *Model) nextPane() tea.Cmd {
	next := (m.focus + 1) % 3
	if next == paneReader && m.reader.item == nil {
		next = paneTree
	}
	return m.setFocus(next)
}

// open: the tree's node opens its list, the list's item opens in the
// reader, the reader's typed link number opens the link.
func (m *Model) open() tea.Cmd {
	switch m.focus {
	case paneTree:
		return m.setFocus(paneItems)
	case paneItems:
		return m.openItem()
	}
	if m.reader.digits == "" {
		return nil
	}
	u, err := m.reader.takeLink()
	if err != nil {
		m.status.set("", err)
		return nil
	}
	return m.openURL(u)
}

// back: a link number being typed is cancelled; else reader → list →
// tree; q on the tree quits.
func (m *Model) back() tea.Cmd {
	switch {
	case m.focus == paneReader && m.reader.digits != "":
		m.reader.digits = ""
		return nil
	case m.focus == paneReader:
		return m.setFocus(paneItems)
	case m.focus == paneItems:
		return m.setFocus(paneTree)
	}
	return nil
}

// openItem shows the selected item in the reader and marks it read.
func (m *Model) openItem() tea.Cmd {
	it := m.items.item()
	if it == nil {
		return nil
	}
	var cmds []tea.Cmd
	if !it.Read {
		it.Read = true
		m.items.keep(it.ID)
		cmds = append(cmds, m.be.setRead([]int64{it.ID}, true))
	}
	cmds = append(cmds, m.setFocus(paneReader), m.reader.show(*it, m.tree.feedByID(it.FeedID), m.items.match))
	return tea.Batch(cmds...)
}

// currentItem is the item the item keys act on.
func (m *Model) currentItem() *store.Item {
	if m.focus == paneTree {
		return nil
	}
	return m.items.item()
}

func (m *Model) toggleRead() tea.Cmd {
	it := m.currentItem()
	if it == nil {
		return nil
	}
	it.Read = !it.Read
	if it.Read {
		m.items.keep(it.ID)
	}
	m.status.set(map[bool]string{true: "marked read", false: "marked unread"}[it.Read], nil)
	return m.be.setRead([]int64{it.ID}, it.Read)
}

func (m *Model) toggleFlag() tea.Cmd {
	it := m.currentItem()
	if it == nil {
		return nil
	}
	it.Flagged = !it.Flagged
	if m.reader.item != nil && m.reader.item.ID == it.ID {
		m.reader.item.Flagged = it.Flagged
		m.reader.refresh()
	}
	return m.be.setFlagged(it.ID, it.Flagged)
}

// selectedFeed is the feed the feed keys act on: the tree's feed, or the
// current item's feed.
func (m *Model) selectedFeed() *store.Feed {
	if n := m.tree.node(); m.focus == paneTree || n.kind == nodeFeed {
		return n.feed
	}
	if it := m.currentItem(); it != nil {
		return m.tree.feedByID(it.FeedID)
	}
	return nil
}

// selectedFolder is the tree's folder when the feed keys act on it.
func (m *Model) selectedFolder() (node, bool) {
	n := m.tree.node()
	return n, n.kind == nodeFolder && (m.focus == paneTree || m.currentItem() == nil)
}

// toggleWatch watches a feed, or every feed of a folder's subtree (all
// of them, unless all are watched already: then none).
func (m *Model) toggleWatch() tea.Cmd {
	var feeds []store.Feed
	label := ""
	if n, ok := m.selectedFolder(); ok {
		feeds, label = m.tree.feedsUnder(n), n.label+"/"
	} else if f := m.selectedFeed(); f != nil {
		feeds, label = []store.Feed{*f}, f.Title
	}
	if len(feeds) == 0 {
		return m.noFeed()
	}
	watch := false
	for _, f := range feeds {
		watch = watch || !f.Watch
	}
	var cmds []tea.Cmd
	for _, f := range feeds {
		if p := m.tree.feedByID(f.ID); p != nil {
			p.Watch = watch
		}
		cmds = append(cmds, m.be.updateSettings(f.ID, store.FeedSettings{Watch: &watch}, ""))
	}
	m.status.set(map[bool]string{true: "watching ", false: "not watching "}[watch]+oneLine(label), nil)
	return tea.Batch(cmds...)
}

func (m *Model) noFeed() tea.Cmd {
	m.status.set("", errors.New("select a feed first"))
	return nil
}

// link is the current item's link, or the reader's.
func (m *Model) link() string {
	if m.focus == paneReader && m.reader.item != nil {
		return m.reader.item.Link
	}
	if it := m.currentItem(); it != nil {
		return it.Link
	}
	return ""
}

// openLink opens the item's link; on the tree, a feed's web site.
func (m *Model) openLink() tea.Cmd {
	if m.focus == paneTree {
		n := m.tree.node()
		switch {
		case n.feed != nil && n.feed.SiteURL != "":
			return m.openURL(n.feed.SiteURL)
		case n.feed != nil:
			m.status.set("", errors.New("this feed names no web site"))
		default:
			m.status.set("", errors.New("o opens a feed's web site or an item's link: select one"))
		}
		return nil
	}
	if u := m.link(); u != "" {
		return m.openURL(u)
	}
	m.status.set("", errors.New("this item has no link"))
	return nil
}

func (m *Model) openURL(u string) tea.Cmd {
	open := m.opts.OpenURL
	return func() tea.Msg {
		if err := open(u); err != nil {
			return actionMsg{status: "open link", err: fmt.Errorf("open %s: %w", u, err)}
		}
		return actionMsg{status: "opened " + u}
	}
}

// copyLink copies the link and says where it went. What it copies is the
// link on one line without a control: pasted into a shell, an ESC[201~
// would end the bracketed paste and a line break would run the line.
func (m *Model) copyLink() tea.Cmd {
	u := m.link()
	if m.focus == paneTree {
		if f := m.tree.node().feed; f != nil {
			u = f.URL
		}
	}
	u = oneLine(u)
	if u == "" {
		m.status.set("", errors.New("this item has no link"))
		return nil
	}
	copyFn := m.opts.Copy
	return func() tea.Msg {
		where, err := copyFn(u)
		if err != nil {
			return actionMsg{status: "copy link", err: err}
		}
		return actionMsg{status: "copied to " + where + ": " + u}
	}
}

// refresh downloads the selected feed, or every feed of the selected
// folder; on All items, Unread and a saved search every feed (as R); on
// Flagged it says what to select.
func (m *Model) refresh() tea.Cmd {
	n := m.tree.node()
	if m.focus != paneTree && n.kind != nodeFolder {
		if f := m.selectedFeed(); f != nil {
			n = node{kind: nodeFeed, feedID: f.ID}
		}
	}
	switch n.kind {
	case nodeAll, nodeUnread, nodeSearch:
		return m.refreshAll()
	case nodeFlagged:
		m.status.set("", errors.New("r refreshes a feed or a folder (select one); R refreshes all"))
		return nil
	}
	feeds := m.tree.feedsUnder(n)
	if len(feeds) == 0 {
		return m.noFeed()
	}
	var ids []int64
	for _, f := range feeds {
		if !f.Remote() { // the account's sync brings those
			ids = append(ids, f.ID)
		}
	}
	m.status.startRefresh(ids)
	return m.be.sync(feeds)
}

func (m *Model) refreshAll() tea.Cmd {
	var ids []int64
	for _, f := range m.tree.feedsUnder(node{kind: nodeAll}) {
		if f.Sync != store.SyncManual && !f.Remote() {
			ids = append(ids, f.ID)
		}
	}
	m.status.startRefresh(ids)
	return m.be.syncAll()
}

// dismiss clears the errors on the status line (the health view keeps
// each feed's).
func (m *Model) dismiss() tea.Cmd {
	m.status.errors.clear()
	m.status.clearMessage()
	return nil
}

// widen moves the split between the list and the reader.
func (m *Model) widen(steps int) tea.Cmd {
	m.prefs.widen(steps)
	m.prefs.zoom = false
	m.status.set(fmt.Sprintf("item list at %d%% of the width it shares with the reader", m.prefs.share), nil)
	return m.relayout()
}

// zoom gives the reader the whole screen, or takes it back.
func (m *Model) zoom() tea.Cmd {
	if m.reader.item == nil {
		m.status.set("", errors.New("open an item first (enter), then z"))
		return nil
	}
	m.prefs.zoom = !m.prefs.zoom
	if m.prefs.zoom {
		return m.setFocus(paneReader)
	}
	return m.relayout()
}

func (m *Model) relayout() tea.Cmd {
	if !m.ready {
		return nil
	}
	return m.resize(m.width, m.height)
}
