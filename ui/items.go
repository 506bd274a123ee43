package ui

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// itemsPane is the item list: pages of pageSize items read from SQL as the
// cursor nears the end, never the whole list.
type itemsPane struct {
	keys          KeyMap
	styles        Styles
	title         string
	query         store.ItemQuery
	search        string // non-empty: the rows are search results
	river         bool   // show each item's feed name
	gen           int
	rows          []store.Item
	more, loading bool
	cursor, top   int
	width, height int
	focused       bool
	now           func() time.Time
}

// item returns the selected item, or nil.
func (p *itemsPane) item() *store.Item {
	if p.cursor < len(p.rows) {
		return &p.rows[p.cursor]
	}
	return nil
}

// show starts a new list for q; the first page is asked for by the Cmd.
func (p *itemsPane) show(b backend, title string, q store.ItemQuery, river bool) tea.Cmd {
	p.gen++
	p.title, p.query, p.river, p.search = title, q, river, ""
	p.rows, p.cursor, p.top, p.more, p.loading = nil, 0, 0, false, true
	q.Limit, q.Offset = pageSize, 0
	return b.loadItems(p.gen, q, false)
}

// showResults replaces the list by search results.
func (p *itemsPane) showResults(query string, items []store.Item) {
	p.gen++
	p.title, p.search, p.river = "Search: "+query, query, true
	p.rows, p.cursor, p.top, p.more, p.loading = items, 0, 0, false, false
}

// reload re-reads every loaded row (counts changed), keeping the cursor on
// the same item.
func (p *itemsPane) reload(b backend) tea.Cmd {
	if p.search != "" || p.loading {
		return nil
	}
	q := p.query
	q.Limit = max((len(p.rows)+pageSize-1)/pageSize, 1) * pageSize
	p.loading = true
	return b.loadItems(p.gen, q, true)
}

// loaded takes a page. A reload keeps the selected item when it is still
// listed, its position otherwise.
func (p *itemsPane) loaded(m itemsMsg) {
	if m.gen != p.gen {
		return
	}
	p.loading = false
	if m.err != nil {
		return
	}
	p.more = len(m.items) == m.limit
	if !m.reload {
		p.rows = append(p.rows[:min(m.offset, len(p.rows))], m.items...)
		return
	}
	var sel int64
	if it := p.item(); it != nil {
		sel = it.ID
	}
	p.rows = m.items
	for i, it := range p.rows {
		if it.ID == sel {
			p.cursor = i
		}
	}
	p.cursor = max(min(p.cursor, len(p.rows)-1), 0)
	p.scroll()
}

// fetchMore asks for the next page when the cursor is near the end.
func (p *itemsPane) fetchMore(b backend) tea.Cmd {
	if !p.more || p.loading || p.cursor < len(p.rows)-pageSize/4 {
		return nil
	}
	p.loading = true
	q := p.query
	q.Limit, q.Offset = pageSize, len(p.rows)
	return b.loadItems(p.gen, q, false)
}

// Init does nothing: the app asks for the pages.
func (p *itemsPane) Init() tea.Cmd { return nil }

// Update moves the cursor.
func (p *itemsPane) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	page := max(p.height-2, 1)
	switch {
	case key.Matches(km, p.keys.Up):
		p.cursor--
	case key.Matches(km, p.keys.Down):
		p.cursor++
	case key.Matches(km, p.keys.Top):
		p.cursor = 0
	case key.Matches(km, p.keys.Bottom):
		p.cursor = len(p.rows) - 1
	case key.Matches(km, p.keys.PageUp):
		p.cursor -= page
	case key.Matches(km, p.keys.PageDown):
		p.cursor += page
	}
	p.clamp()
	return p, nil
}

func (p *itemsPane) clamp() {
	p.cursor = max(min(p.cursor, len(p.rows)-1), 0)
	p.scroll()
}

// findUnread returns the index of the next (dir 1) or previous (dir -1)
// unread row from the cursor, or -1.
func (p *itemsPane) findUnread(dir int) int {
	for i := p.cursor + dir; i >= 0 && i < len(p.rows); i += dir {
		if !p.rows[i].Read {
			return i
		}
	}
	return -1
}

func (p *itemsPane) scroll() { p.top = scrollTop(p.cursor, p.top, p.height-1, len(p.rows)) }

// SetSize sets the pane's size, title line included.
func (p *itemsPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.scroll()
}

// ShortHelp is the list's part of the help line.
func (p *itemsPane) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Open, p.keys.Back, p.keys.NextUnread, p.keys.ToggleRead, p.keys.Flag}
}

// FullHelp is the list's part of the full help.
func (p *itemsPane) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// View draws the visible rows.
func (p *itemsPane) View() string {
	var b strings.Builder
	b.WriteString(paneTitle(p.styles, sanitize.Terminal(p.title), p.width, p.focused))
	rows := max(p.height-1, 0)
	for i := p.top; i < p.top+rows; i++ {
		b.WriteByte('\n')
		switch {
		case i < len(p.rows):
			b.WriteString(p.row(i))
		case i == 0 && p.loading:
			b.WriteString(p.styles.Faint.Render(" loading…"))
		case i == 0:
			b.WriteString(p.styles.Faint.Render(" no items"))
		}
	}
	return b.String()
}

func (p *itemsPane) row(i int) string {
	it := p.rows[i]
	st := p.styles.Read
	mark := " "
	if !it.Read {
		st, mark = p.styles.Unread, "•"
	}
	if it.Flagged {
		mark = "*"
	}
	date := shortDate(itemTime(it), p.now())
	left := mark + " " + date + " "
	if p.river && p.width >= 50 {
		left += padRight(ansi.Truncate(sanitize.Terminal(it.FeedTitle), 14, "…"), 14) + " "
	}
	w := max(p.width-ansi.StringWidth(left), 1)
	title := sanitize.Terminal(strings.Join(strings.Fields(it.Title), " "))
	if title == "" {
		title = "(untitled)"
	}
	text := left + padRight(ansi.Truncate(title, w, "…"), w)
	return rowStyle(p.styles, st, i == p.cursor, p.focused).Render(text)
}

// itemTime is the date shown for an item.
func itemTime(it store.Item) time.Time {
	if it.PublishedAt != nil {
		return *it.PublishedAt
	}
	if it.UpdatedAt != nil {
		return *it.UpdatedAt
	}
	return it.FirstSeenAt
}

// shortDate is a 6-column date: "15:04" today, "Jan 02" this year, else
// "2006".
func shortDate(t, now time.Time) string {
	t = t.In(now.Location())
	switch {
	case t.Year() == now.Year() && t.YearDay() == now.YearDay():
		return padRight(t.Format("15:04"), 6)
	case t.Year() == now.Year():
		return t.Format("Jan 02")
	}
	return padRight(t.Format("2006"), 6)
}
