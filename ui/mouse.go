package ui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// mouse: a click focuses the pane and selects the row under it (an item
// clicked opens in the reader); the wheel scrolls the pane under it.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if m.dialog != nil || msg.Y >= m.layout.height {
		return nil
	}
	p, ok := m.layout.paneAt(msg.X)
	if !ok {
		return nil
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		return m.wheel(p, m.keys.Up.Keys()[0])
	case tea.MouseButtonWheelDown:
		return m.wheel(p, m.keys.Down.Keys()[0])
	case tea.MouseButtonLeft:
		if msg.Action == tea.MouseActionPress {
			return m.click(p, msg.Y-1)
		}
	}
	return nil
}

func (m *Model) wheel(p pane, k string) tea.Cmd {
	km := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	var cmd tea.Cmd
	switch p {
	case paneTree:
		_, cmd = m.tree.Update(km)
	case paneItems:
		m.items.Update(km)
		cmd = m.items.fetchMore(m.be)
	case paneReader:
		m.reader.Update(km)
	}
	return cmd
}

func (m *Model) click(p pane, row int) tea.Cmd {
	focus := m.setFocus(p)
	if row < 0 {
		return focus
	}
	switch p {
	case paneTree:
		if i := m.tree.top + row; i < len(m.tree.nodes) {
			return tea.Batch(focus, m.tree.selectRow(i))
		}
	case paneItems:
		if i := m.items.top + row; i < len(m.items.rows) {
			m.items.cursor = i
			m.items.clamp()
			return tea.Batch(focus, m.openItem())
		}
	}
	return focus
}
