package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// namedKeyTypes are Bubble Tea's key types by their names ("ctrl+n",
// "pgdown", " ").
var namedKeyTypes = func() map[string]tea.KeyType {
	m := map[string]tea.KeyType{}
	for t := tea.KeyType(-1000); t < 1000; t++ {
		if s := t.String(); s != "" && t != tea.KeyRunes {
			if _, dup := m[s]; !dup {
				m[s] = t
			}
		}
	}
	return m
}()

// keyMsgOf is the key message whose String is name, as the terminal
// would send it.
func keyMsgOf(name string) (tea.KeyMsg, bool) {
	rest, alt := strings.CutPrefix(name, "alt+")
	if !alt || rest == "" {
		rest, alt = name, false
	}
	if t, ok := namedKeyTypes[rest]; ok {
		return tea.KeyMsg{Type: t, Alt: alt}, true
	}
	if rest == "" {
		return tea.KeyMsg{}, false
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(rest), Alt: alt}, true
}
