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

// actions maps the global bindings to their handlers.
func (m *Model) actions() []struct {
	b  key.Binding
	do func() tea.Cmd
} {
	k := m.keys
	return []struct {
		b  key.Binding
		do func() tea.Cmd
	}{
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
		{k.Watch, m.toggleWatch},
		{k.OpenLink, m.openLink},
		{k.CopyLink, m.copyLink},
		{k.Enclosure, m.downloadEnclosure},
		{k.Refresh, m.refresh},
		{k.RefreshAll, m.refreshAll},
		{k.Subscribe, m.openSubscribe},
		{k.Unsubscribe, m.openUnsubscribe},
		{k.Edit, m.openEdit},
		{k.Search, m.openSearch},
		{k.Stats, m.openStats},
		{k.Rules, m.openRules},
	}
}

// action runs the global action bound to km, if any.
func (m *Model) action(km tea.KeyMsg) (tea.Cmd, bool) {
	if m.focus == paneReader && km.Type == tea.KeyRunes && len(km.Runes) == 1 && km.Runes[0] >= '0' && km.Runes[0] <= '9' {
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
	if u, ok := m.reader.takeLink(); ok {
		return m.openURL(u)
	}
	return nil
}

// back: reader → list → tree; q on the tree quits.
func (m *Model) back() tea.Cmd {
	switch m.focus {
	case paneReader:
		return m.setFocus(paneItems)
	case paneItems:
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
		cmds = append(cmds, m.be.setRead([]int64{it.ID}, true))
	}
	cmds = append(cmds, m.setFocus(paneReader), m.reader.show(*it, m.tree.feedByID(it.FeedID)))
	return tea.Batch(cmds...)
}

// nextUnread moves to the next (dir 1) or previous (-1) unread item; in
// the reader it opens it, on the tree it selects the next feed with unread
// items.
func (m *Model) nextUnread(dir int) tea.Cmd {
	if m.focus == paneTree {
		return m.nextUnreadFeed(dir)
	}
	i := m.items.findUnread(dir)
	if i < 0 {
		m.status.set("no more unread items here", nil)
		return m.items.fetchMore(m.be)
	}
	m.items.cursor = i
	m.items.clamp()
	cmd := m.items.fetchMore(m.be)
	if m.focus == paneReader {
		return tea.Batch(cmd, m.openItem())
	}
	return cmd
}

func (m *Model) nextUnreadFeed(dir int) tea.Cmd {
	for i := m.tree.cursor + dir; i >= 0 && i < len(m.tree.nodes); i += dir {
		if n := m.tree.nodes[i]; n.kind == nodeFeed && n.unread > 0 {
			return m.tree.selectRow(i)
		}
	}
	m.status.set("no more feeds with unread items", nil)
	return nil
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

func (m *Model) markAllRead() tea.Cmd {
	n := m.tree.node()
	for i := range m.items.rows {
		m.items.rows[i].Read = true
	}
	return m.be.markRead(n)
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

func (m *Model) toggleWatch() tea.Cmd {
	f := m.selectedFeed()
	if f == nil {
		return m.noFeed()
	}
	w := !f.Watch
	f.Watch = w
	status := map[bool]string{true: "watching ", false: "not watching "}[w] + f.Title
	return m.be.updateSettings(f.ID, store.FeedSettings{Watch: &w}, status)
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

func (m *Model) openLink() tea.Cmd {
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

func (m *Model) copyLink() tea.Cmd {
	u := m.link()
	if u == "" {
		m.status.set("", errors.New("this item has no link"))
		return nil
	}
	copyFn := m.opts.Copy
	return func() tea.Msg {
		if err := copyFn(u); err != nil {
			return actionMsg{err: fmt.Errorf("copy link: %w", err)}
		}
		return actionMsg{status: "copied " + u}
	}
}

// downloadEnclosure is the `e` key: the item's enclosures join the
// engine's download queue; progress shows in the status line.
func (m *Model) downloadEnclosure() tea.Cmd {
	it := m.currentItem()
	if it == nil || len(it.Enclosures) == 0 {
		m.status.set("", errors.New("this item has no enclosure"))
		return nil
	}
	return m.be.queueEnclosures(it.ID)
}

func (m *Model) refresh() tea.Cmd {
	n := m.tree.node()
	if m.focus != paneTree {
		if f := m.selectedFeed(); f != nil && n.kind != nodeFolder {
			n = node{kind: nodeFeed, feedID: f.ID}
		}
	}
	feeds := m.tree.feedsUnder(n)
	if len(feeds) == 0 {
		return m.noFeed()
	}
	ids := make([]int64, len(feeds))
	for i, f := range feeds {
		ids[i] = f.ID
	}
	m.status.queue(ids)
	m.status.set(fmt.Sprintf("refreshing %d feed(s)", len(feeds)), nil)
	return m.be.sync(feeds)
}

func (m *Model) refreshAll() tea.Cmd {
	var ids []int64
	for _, f := range m.tree.feedsUnder(node{kind: nodeAll}) {
		if f.Sync != store.SyncManual {
			ids = append(ids, f.ID)
		}
	}
	m.status.queue(ids)
	m.status.set("refreshing all feeds", nil)
	return m.be.syncAll()
}
