package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// confirm asks a yes/no question; yes runs in Update when answered.
type confirm struct {
	styles        Styles
	question      string
	yes           func() tea.Cmd
	width, height int
	done          bool
}

// Init does nothing.
func (c *confirm) Init() tea.Cmd { return nil }

// Done reports whether the question was answered.
func (c *confirm) Done() bool { return c.done }

// SetSize sets the screen the question is centred on.
func (c *confirm) SetSize(w, h int) { c.width, c.height = w, h }

// ShortHelp is empty: y and n are drawn in the box.
func (c *confirm) ShortHelp() []key.Binding { return nil }

// FullHelp is empty, as ShortHelp.
func (c *confirm) FullHelp() [][]key.Binding { return nil }

// Update takes the answer.
func (c *confirm) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return c, nil
	}
	switch km.String() {
	case "y", "Y", "enter":
		c.done = true
		return c, c.yes()
	case "n", "N", "esc", "q", "ctrl+c":
		c.done = true
	}
	return c, nil
}

// View draws the question in a box.
func (c *confirm) View() string {
	st := c.styles
	w := min(max(c.width-8, 30), 60)
	body := st.DialogTitle.Render(oneLine(c.question)) + "\n\n" + st.Faint.Render("y yes · n no")
	return box(st, body, w, c.width, c.height)
}

// box draws body in a bordered box of width w, centred on the screen.
func box(st Styles, body string, w, width, height int) string {
	b := st.Dialog.Width(w).Render(lipgloss.NewStyle().Width(w - 2).Render(body))
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, b)
}
