package ui

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// maxKept bounds how many items read in the Unread view stay listed.
const maxKept = 500

// itemsPane is the item list: pages of pageSize items read from SQL as the
// cursor nears the end, never the whole list.
type itemsPane struct {
	keys          KeyMap
	styles        Styles
	be            backend
	out           *outbox
	links         links
	player        *player
	send          sender
	title         string
	query         store.ItemQuery
	search        string         // non-empty: the rows are search results
	match         *regexp.Regexp // the search's words, highlighted
	river         bool           // show each item's feed name
	group         *document.ListGroup
	empty         string // what an empty list says
	gen           int
	rows          []store.Item
	more, loading bool
	cursor, top   int
	width, height int
	focused       bool
	now           func() time.Time
	loc           *time.Location
	// kept are items read while the Unread view is shown: they stay
	// listed (greyed) until another list is chosen, so a slip of N or n
	// can be undone where it happened.
	kept     []int64
	untitled map[int64]string
	// minutes caches the rows' reading times (engine.ReadingMinutes
	// counts words in HTML), forgotten when rows are read again.
	minutes map[int64]int
	// jump is an unread item being looked for across pages and feeds.
	jump *unreadJump
	// toEnd is G going on: the pages still to come are read and the
	// cursor follows to the last item.
	toEnd bool
	// marks are the highlight rules' verdicts on the rows.
	marks rowMarks
	// nextFeed is the tree's jumpFeed: n and p going on in another feed.
	nextFeed func(dir int) (tea.Cmd, bool)
	// toFeed is the tree's selectFeed, and pick picks a random number
	// below n: ctrl+k (random.go).
	toFeed func(id int64) (tea.Cmd, bool)
	pick   func(n int) int
	// hideRead is l: the lists of the tree's nodes leave out read items
	// (but Flagged).
	hideRead bool
	// sort is the order of the lists ([ui] sort, O cycles it); sorted says
	// the list shown is in it (a list feed and search results keep theirs).
	sort   store.SortOrder
	sorted bool
	// stale says the rows changed while a page was on its way: they are
	// read again when it is back.
	stale bool
}

// item returns the selected item, or nil.
func (p *itemsPane) item() *store.Item {
	if p.cursor < len(p.rows) {
		return &p.rows[p.cursor]
	}
	return nil
}

// Selected is a copy of the selected item, false when the list is empty.
func (p *itemsPane) Selected() (store.Item, bool) {
	if it := p.item(); it != nil {
		return *it, true
	}
	return store.Item{}, false
}

// show starts a new list for q; the first page is asked for by the Cmd.
func (p *itemsPane) show(title string, q store.ItemQuery, river bool) tea.Cmd {
	p.gen++
	p.title, p.query, p.river, p.search, p.match, p.kept = title, q, river, "", nil, nil
	p.group = nil
	if q.List != nil {
		p.group = q.List.Group
	}
	p.rows, p.cursor, p.top, p.more, p.loading, p.toEnd, p.stale = nil, 0, 0, false, true, false, false
	p.sorted = q.List == nil
	if p.sorted {
		p.query.Sort = p.sort
	}
	q = p.query
	q.Limit, q.Offset = pageSize, 0
	return p.be.loadItems(p.gen, q, false)
}

// showResults replaces the list by search results, words highlighted.
func (p *itemsPane) showResults(query, words string, items []store.Item) {
	p.gen++
	p.title, p.search, p.river, p.match, p.group = "Search: "+query, query, true, matcher(words), nil
	p.sorted = false
	p.rows, p.cursor, p.top, p.more, p.loading, p.toEnd = items, 0, 0, false, false, false
	p.forgetMinutes(items)
	p.empty = "nothing found"
	p.watchRowAges()
}

// keep keeps an item listed in the Unread view after it was read.
func (p *itemsPane) keep(id int64) {
	if p.query.Unread && len(p.kept) < maxKept {
		p.kept = append(p.kept, id)
	}
}

// reload re-reads every loaded row (counts changed), keeping the cursor on
// the same item.
func (p *itemsPane) reload() tea.Cmd {
	if p.search != "" {
		return nil
	}
	if p.loading { // what is on its way may have been read before the change
		p.stale = true
		return nil
	}
	q := p.query
	q.Limit = max((len(p.rows)+pageSize-1)/pageSize, 1) * pageSize
	q.AlsoIDs = p.kept
	p.loading = true
	return p.be.loadItems(p.gen, q, true)
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
	defer p.watchRowAges() // a highlight may change with the rows' ages (clock.go)
	p.forgetMinutes(m.items)
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
	p.clamp()
}

// fetchMore asks for the next page when the cursor is near the end.
func (p *itemsPane) fetchMore() tea.Cmd {
	if p.cursor < len(p.rows)-pageSize/4 {
		return nil
	}
	return p.fetchNext()
}

// fetchNext asks for the next page, if there is one and none is on its way.
func (p *itemsPane) fetchNext() tea.Cmd {
	if !p.more || p.loading {
		return nil
	}
	p.loading = true
	q := p.query
	q.Limit, q.Offset = pageSize, len(p.rows)
	return p.be.loadItems(p.gen, q, false)
}

func (p *itemsPane) clamp() {
	p.cursor = max(min(p.cursor, len(p.rows)-1), 0)
	p.scroll()
}

// find returns the index of the first unread row (anyRow: the first row)
// after (dir 1) or before (dir -1) row from, or -1.
func (p *itemsPane) find(from, dir int, anyRow bool) int {
	for i := from + dir; i >= 0 && i < len(p.rows); i += dir {
		if anyRow || !p.rows[i].Read {
			return i
		}
	}
	return -1
}

func (p *itemsPane) scroll() { p.top = scrollTop(p.cursor, p.top, p.height-1, len(p.rows)) }

// View draws the visible rows.
func (p *itemsPane) View() string {
	var b strings.Builder
	b.WriteString(paneTitle(p.styles, p.title+p.sortLabel(), p.width, p.focused))
	rows := max(p.height-1, 0)
	dateW := p.dateWidth(rows)
	for i := p.top; i < p.top+rows; i++ {
		b.WriteByte('\n')
		switch {
		case i < len(p.rows):
			b.WriteString(p.row(i, dateW))
		case i == 0 && p.loading:
			b.WriteString(p.styles.Faint.Render(" loading…"))
		case i == 0:
			b.WriteString(p.styles.Faint.Render(" " + ansi.Truncate(p.emptyText(), max(p.width-1, 1), "…")))
		}
	}
	return b.String()
}

func (p *itemsPane) emptyText() string {
	if p.empty != "" {
		return p.empty
	}
	return "no items"
}

// dateWidth is the width of the date column: wider when a visible item is
// from another year.
func (p *itemsPane) dateWidth(rows int) int {
	now := p.now().In(p.loc)
	for i := p.top; i < min(p.top+rows, len(p.rows)); i++ {
		if p.rows[i].Date.In(p.loc).Year() != now.Year() {
			return 10
		}
	}
	return 6
}

// row draws one item: its marks (• unread, * flagged, ♪ enclosure), date,
// feed or group, title (the first words of its text when untitled), with
// the search's words highlighted, and reading time.
func (p *itemsPane) row(i, dateW int) string {
	it := p.rows[i]
	st := p.styles.ListRead
	mark := " "
	if !it.Read {
		st, mark = p.styles.ListUnread, glyphUnread
	}
	if it.Flagged {
		mark = glyphFlagged
		if p.styles.HasListFlagged {
			st = p.styles.ListFlagged
		}
	}
	if r := p.marks.rule(p.styles.Rows, &p.rows[i], p.now()); r >= 0 {
		st = p.styles.Rows[r].style.Inherit(st)
	}
	if len(it.Enclosures) > 0 {
		mark += glyphEnclosure
	} else {
		mark += " "
	}
	left := mark + " " + padRight(shortDate(it.Date, p.now(), p.loc), dateW) + " "
	if label, ok := p.column(it); ok {
		if cw := columnWidth(p.width, ansi.StringWidth(left)); cw > 0 {
			left += padRight(ansi.Truncate(oneLine(label), cw, "…"), cw) + " "
		}
	}
	w, right := max(p.width-ansi.StringWidth(left), 1), ""
	if w-minutesWidth-2 >= minutesMinTitle {
		w -= minutesWidth + 2
		right = " " + padLeft(minutesLabel(p.readingMinutes(it)), minutesWidth) + " "
	}
	title := ansi.Truncate(p.titleOf(it), w, "…")
	style := rowStyle(p.styles.ListSelected, p.styles.ListCursor, st, i == p.cursor, p.focused)
	if p.match == nil { // one Render per row: the list is drawn on every key
		return style.Render(left + padRight(title, w) + right)
	}
	return style.Render(left) + highlight(padRight(title, w), p.match, style, p.styles.Match) + style.Render(right)
}

// The reading-time column: minutesWidth cells at the row's end, a space
// either side, shown when the title keeps at least minutesMinTitle cells
// (a narrow list, a narrow river above all, keeps them for the title).
const (
	minutesWidth    = 3
	minutesMinTitle = 20
)

// readingMinutes is an item's reading time, cached.
func (p *itemsPane) readingMinutes(it store.Item) int {
	if m, ok := p.minutes[it.ID]; ok {
		return m
	}
	if p.minutes == nil {
		p.minutes = map[int64]int{}
	}
	m := engine.ReadingMinutes(it)
	p.minutes[it.ID] = m
	return m
}

// forgetMinutes drops the cached reading times of items read again.
func (p *itemsPane) forgetMinutes(items []store.Item) {
	for _, it := range items {
		delete(p.minutes, it.ID)
	}
}

// minutesLabel is a reading time in the list's column: "4m", "1h" from
// 100 minutes on (hours rounded up, at most 99), "" for no text.
func minutesLabel(m int) string {
	switch {
	case m <= 0:
		return ""
	case m < 100:
		return strconv.Itoa(m) + "m"
	}
	return strconv.Itoa(min((m+59)/60, 99)) + "h"
}

// columnWidth is the width of the feed or group column in a list pane w
// cells wide whose marks and date take left: 14 cells from 50 on, else a
// third of what is left, and none when that is under 6 cells. A river
// in a narrow pane still tells items of the same title apart.
func columnWidth(w, left int) int {
	if w >= 50 {
		return 14
	}
	if cw := min((w-left)/3, 14); cw >= 6 {
		return cw
	}
	return 0
}

// column is the label before the title: the item's group in a grouped
// list feed, its feed in a river.
func (p *itemsPane) column(it store.Item) (string, bool) {
	switch {
	case p.group != nil:
		v := it.ListValues[p.group.Key()]
		if v == "" {
			v = "—"
		}
		return v, true
	case p.river:
		return it.FeedTitle, true
	}
	return "", false
}

// titleOf is an item's title on one line, or the first words of its text.
func (p *itemsPane) titleOf(it store.Item) string {
	if t := oneLine(it.Title); t != "" {
		return t
	}
	if t, ok := p.untitled[it.ID]; ok {
		return t
	}
	if p.untitled == nil {
		p.untitled = map[int64]string{}
	}
	t := firstWords(it)
	p.untitled[it.ID] = t
	return t
}

// firstWords stands in for a missing title: the start of the item's text.
func firstWords(it store.Item) string {
	src := it.Content
	if strings.TrimSpace(src) == "" {
		src = it.Summary
	}
	text := strings.Join(strings.Fields(sanitize.TextFromHTML(src)), " ")
	if text == "" {
		return "(no title, no text)"
	}
	if r := []rune(text); len(r) > 80 {
		text = string(r[:80]) + "…"
	}
	return text
}

// shortDate is an item's date in loc: "15:04" today, "Jan 02" this year,
// else "2006-01-02".
func shortDate(t, now time.Time, loc *time.Location) string {
	t, now = t.In(loc), now.In(loc)
	switch {
	case t.Year() == now.Year() && t.YearDay() == now.YearDay():
		return t.Format("15:04")
	case t.Year() == now.Year():
		return t.Format("Jan 02")
	}
	return t.Format("2006-01-02")
}

// padLeft pads an ASCII s with spaces on the left to w cells.
func padLeft(s string, w int) string {
	if len(s) < w {
		return strings.Repeat(" ", w-len(s)) + s
	}
	return s
}

// lists says whether the list may hold items of the feeds (each with its
// folder): a feed's list, one of their folders' (or a folder above), or
// any other view. Search results are not read again.
func (p *itemsPane) lists(feeds map[int64]string) bool {
	q := p.query
	switch {
	case p.search != "":
		return false
	case q.FeedID != 0:
		_, ok := feeds[q.FeedID]
		return ok
	case q.FolderPath != "":
		for _, path := range feeds {
			if path == q.FolderPath || strings.HasPrefix(path, q.FolderPath+"/") {
				return true
			}
		}
		return false
	}
	return true
}
