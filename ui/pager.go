package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// pager is a screen of text over the panes (help, a feed's health): the
// movement keys scroll it, esc (or its own key) closes it.
type pager struct {
	keys   KeyMap
	styles Styles
	title  string
	// lines lays the text out for a width.
	lines func(width int) []string
	// close are further keys that close it (the key that opened it).
	close []key.Binding
	// maxWidth bounds the box's width (default 110).
	maxWidth      int
	top           int
	width, height int
	done          bool
}

// Init does nothing.
func (p *pager) Init() tea.Cmd { return nil }

// Done reports whether the pager closed.
func (p *pager) Done() bool { return p.done }

// SetSize sets the screen the pager is centred on.
func (p *pager) SetSize(w, h int) { p.width, p.height = w, h }

// ShortHelp is the pager's keys.
func (p *pager) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Down, p.keys.Up, p.keys.PageDown, p.keys.PageUp, p.keys.Back}
}

// FullHelp is the pager's keys, as ShortHelp.
func (p *pager) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Update scrolls or closes.
func (p *pager) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	k := p.keys
	switch {
	case key.Matches(km, append([]key.Binding{k.Back, k.ForceQuit}, p.close...)...):
		p.done = true
		return p, nil
	case key.Matches(km, k.Down):
		p.top++
	case key.Matches(km, k.Up):
		p.top--
	case key.Matches(km, k.PageDown):
		p.top += 10
	case key.Matches(km, k.PageUp):
		p.top -= 10
	case key.Matches(km, k.Top):
		p.top = 0
	case key.Matches(km, k.Bottom):
		p.top = 1 << 30
	}
	p.top = max(p.top, 0)
	return p, nil
}

// View draws the visible lines in a box.
func (p *pager) View() string {
	st, width, height := p.styles, p.width, p.height
	w := min(width-4, 110)
	if p.maxWidth > 0 {
		w = min(width-4, p.maxWidth)
	}
	lines := p.lines(max(w-4, 20))
	rows := max(height-6, 1)
	p.top = min(p.top, max(len(lines)-rows, 0))
	shown := lines[p.top:min(p.top+rows, len(lines))]
	footer := firstKey(p.keys.Back) + " closes"
	if len(lines) > rows {
		k := p.keys
		footer = fmt.Sprintf("lines %d–%d of %d · %s/%s, %s/%s scroll · %s closes", p.top+1, p.top+len(shown), len(lines),
			firstKey(k.Down), firstKey(k.Up), firstKey(k.PageUp), firstKey(k.PageDown), firstKey(k.Back))
	}
	body := st.DialogTitle.Render(oneLine(p.title)) + "\n\n" + strings.Join(shown, "\n") + "\n\n" + st.Faint.Render(footer)
	return box(st, body, w, width, height)
}

// firstKey names a binding's first key as the screens write it ("pgdn",
// "space"); "-" when it has none.
func firstKey(b key.Binding) string {
	if len(b.Keys()) == 0 {
		return "-"
	}
	switch k := b.Keys()[0]; k {
	case "pgdown":
		return "pgdn"
	case " ":
		return "space"
	default:
		return k
	}
}
