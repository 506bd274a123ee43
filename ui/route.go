package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// key routes a key: to the dialog if one is open, else to a macro
// (after the prefix), else to a global command, else to the pane that
// owns it (the focused one, but for the feed keys, which are the tree's,
// and the item keys in the reader, which are the list's). Keys that came
// together are routed one by one, a dialog's as a pane's.
func (m *Model) key(km tea.KeyMsg) tea.Cmd {
	if km.Type == tea.KeyRunes && len(km.Runes) > 1 && !km.Paste {
		return m.keys1by1(km)
	}
	m.items.stopJump() // any key ends an n/p still looking
	if d := m.dialog; d != nil {
		cmd := m.route(d, km)
		if d.Done() && m.dialog == d {
			m.dialog = nil
		}
		return cmd
	}
	if cmd, ok := m.macroKey(km); ok {
		return cmd
	}
	if cmd, ok := m.globalKey(km); ok {
		return cmd
	}
	return m.paneKey(km)
}

// keys1by1 handles runes the terminal delivered together (typed fast, a
// held key, or sent by tmux: Bubble Tea makes one message of them) as
// that many presses; alt applies to each.
func (m *Model) keys1by1(km tea.KeyMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, r := range km.Runes {
		cmds = append(cmds, m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: km.Alt}))
	}
	return tea.Sequence(cmds...)
}

// paneKey routes a key to the pane that owns it.
func (m *Model) paneKey(km tea.KeyMsg) tea.Cmd {
	k := m.keys.of(m.focus)
	feedKeys := []key.Binding{k.MarkAllRead, k.Undo, k.Watch, k.Refresh, k.Unsubscribe, k.Edit, k.Move, k.Health, k.ListOrder, k.GoToFeed}
	itemKeys := []key.Binding{k.NextUnread, k.PrevUnread, k.NextItem, k.PrevItem, k.ToggleRead, k.Flag, k.Enclosure, k.Play}
	if !m.reader.showing() {
		itemKeys = append(itemKeys, k.OpenLink, k.CopyLink)
	}
	switch {
	case m.focus != paneTree && key.Matches(km, feedKeys...):
		return m.route(m.tree, feedKeyMsg{key: km, keys: k, target: m.feedTarget()})
	case m.focus == paneReader && key.Matches(km, itemKeys...):
		return m.route(m.items, itemKeyMsg{key: km, keys: k})
	}
	return m.route(m.focused(), km)
}

// feedTarget is what the feed keys act on besides the tree's selection.
func (m *Model) feedTarget() feedTarget {
	if m.focus == paneTree {
		return feedTarget{onTree: true}
	}
	if it, ok := m.items.Selected(); ok {
		return feedTarget{item: &it}
	}
	return feedTarget{}
}

// mouse: a click focuses the pane under it, which selects the row there
// (an item clicked opens in the reader); the wheel scrolls the pane under
// it.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if m.dialog != nil || msg.Y >= m.layout.height {
		return nil
	}
	p, ok := m.layout.paneAt(msg.X)
	if !ok {
		return nil
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp, tea.MouseButtonWheelDown:
		return m.route(m.pane(p), msg)
	case tea.MouseButtonLeft:
		if msg.Action == tea.MouseActionPress {
			return tea.Batch(m.setFocus(p), m.route(m.pane(p), msg))
		}
	}
	return nil
}
