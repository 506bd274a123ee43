package ui

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// Component is the contract of every pane (after soft-serve's): a
// tea.Model that knows its help and takes its size from the layout.
type Component interface {
	tea.Model
	help.KeyMap
	SetSize(w, h int)
}

var (
	_ Component = (*treePane)(nil)
	_ Component = (*itemsPane)(nil)
	_ Component = (*readerPane)(nil)
)
