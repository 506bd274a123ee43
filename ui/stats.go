package ui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/store"
)

// statsScreen is `S`: requests, 304s, deltas and bytes per feed and in
// total, and 30 days of downloads as bar charts.
type statsScreen struct {
	keys          KeyMap
	styles        Styles
	top           int
	lines         func(width int) []string
	width, height int
	done          bool
}

// newStatsScreen shows what msg read.
func newStatsScreen(keys KeyMap, st Styles, msg statsMsg) *statsScreen {
	return &statsScreen{keys: keys, styles: st, lines: func(w int) []string { return statsLines(st, msg, w) }}
}

// Init does nothing.
func (s *statsScreen) Init() tea.Cmd { return nil }

// Done reports whether the screen closed.
func (s *statsScreen) Done() bool { return s.done }

// SetSize sets the screen's size.
func (s *statsScreen) SetSize(w, h int) { s.width, s.height = w, h }

// ShortHelp is the screen's keys.
func (s *statsScreen) ShortHelp() []key.Binding {
	return []key.Binding{s.keys.Down, s.keys.Up, s.keys.Back}
}

// FullHelp is the screen's keys, as ShortHelp.
func (s *statsScreen) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }

// Update scrolls or closes.
func (s *statsScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return s, nil
	}
	switch {
	case key.Matches(km, s.keys.Back, s.keys.Stats, s.keys.ForceQuit):
		s.done = true
	case key.Matches(km, s.keys.Down, s.keys.PageDown):
		s.top++
	case key.Matches(km, s.keys.Up, s.keys.PageUp):
		s.top = max(s.top-1, 0)
	}
	return s, nil
}

// View draws the visible lines and the keys.
func (s *statsScreen) View() string {
	st, width, height := s.styles, s.width, s.height
	lines := s.lines(max(width-2, 20))
	s.top = min(s.top, max(len(lines)-height+1, 0))
	lines = lines[s.top:]
	footer := st.Faint.Render(" " + firstKey(s.keys.Down) + "/" + firstKey(s.keys.Up) + " scroll · " + firstKey(s.keys.Back) + " closes")
	if len(lines) > height-1 {
		lines = lines[:height-1]
	}
	return strings.Join(lines, "\n") + strings.Repeat("\n", max(height-len(lines)-1, 0)) + "\n" + footer
}

// statsLines draws the statistics screen.
func statsLines(st Styles, msg statsMsg, width int) []string {
	scope := "all feeds"
	if msg.feed != nil {
		scope = oneLine(msg.feed.Title)
	}
	out := []string{st.DialogTitle.Render(" Statistics — " + scope), ""}
	out = append(out, chart(st, " Requests per day, last 30 days", msg.days, width, func(d store.DayStats) int64 { return int64(d.Requests) })...)
	out = append(out, "")
	out = append(out, chart(st, " Bytes received per day", msg.days, width, func(d store.DayStats) int64 { return d.BytesReceived })...)
	out = append(out, "")
	out = append(out, chart(st, " Bytes saved per day (304, delta, gzip)", msg.days, width, func(d store.DayStats) int64 { return d.BytesSaved })...)
	out = append(out, "", st.Label.Render(" "+ansi.Truncate(statsHeader(), width-1, "")))
	feeds := append([]store.Feed(nil), msg.feeds...)
	sort.SliceStable(feeds, func(i, j int) bool { return feeds[i].State.BytesReceived > feeds[j].State.BytesReceived })
	var total store.SyncState
	for _, f := range feeds {
		t := f.State
		total.Requests += t.Requests
		total.NotModified += t.NotModified
		total.DeltaResponses += t.DeltaResponses
		total.BytesReceived += t.BytesReceived
		total.BytesSaved += t.BytesSaved
	}
	out = append(out, st.Unread.Render(" "+ansi.Truncate(statsRow("Total", total), width-1, "")))
	for _, f := range feeds {
		out = append(out, " "+ansi.Truncate(statsRow(oneLine(f.Title), f.State), width-1, "…"))
	}
	return out
}

func statsHeader() string {
	return padRight("feed", 28) + fmt.Sprintf(" %9s %7s %7s %10s %10s %6s", "requests", "304s", "deltas", "received", "saved", "saved%")
}

func statsRow(name string, s store.SyncState) string {
	pct := "-"
	if all := s.BytesReceived + s.BytesSaved; all > 0 {
		pct = fmt.Sprintf("%d%%", s.BytesSaved*100/all)
	}
	// Padded by display width: a title with wide characters (CJK, emoji)
	// takes two cells for each, which %-28s would not count.
	return padRight(ansi.Truncate(name, 28, "…"), 28) + fmt.Sprintf(" %9d %7d %7d %10s %10s %6s",
		s.Requests, s.NotModified, s.DeltaResponses, humanBytes(s.BytesReceived), humanBytes(s.BytesSaved), pct)
}

// chart is a one-line-per-day-column bar chart of 4 rows high.
func chart(st Styles, title string, days []store.DayStats, width int, v func(store.DayStats) int64) []string {
	const rows = 4
	var peak, sum int64
	for _, d := range days {
		peak, sum = max(peak, v(d)), sum+v(d)
	}
	label := fmt.Sprintf("%s — total %s, peak %s", title, humanCount(sum, title), humanCount(peak, title))
	out := []string{st.Label.Render(ansi.Truncate(label, width, "…"))}
	blocks := []rune(" ▁▂▃▄▅▆▇█")
	for r := rows - 1; r >= 0; r-- {
		var b strings.Builder
		b.WriteString(" ")
		for _, d := range days {
			b.WriteRune(barCell(v(d), peak, r, rows, blocks))
			b.WriteRune(barCell(v(d), peak, r, rows, blocks))
		}
		out = append(out, st.Bar.Render(ansi.Truncate(b.String(), width, "")))
	}
	if len(days) > 0 {
		first, last := days[0].Day.Format("Jan 02"), days[len(days)-1].Day.Format("Jan 02")
		out = append(out, st.Faint.Render(" "+padRight(first, max(len(days)*2-len(last), 0))+last))
	}
	return out
}

// barCell is the block of row r (0 at the bottom) for value v.
func barCell(v, peak int64, r, rows int, blocks []rune) rune {
	if peak == 0 {
		if r == 0 {
			return '·'
		}
		return ' '
	}
	eighths := v * int64(rows*8) / peak
	cell := eighths - int64(r*8)
	switch {
	case cell >= 8:
		return blocks[8]
	case cell <= 0:
		if r == 0 {
			return '·'
		}
		return ' '
	}
	return blocks[cell]
}

func humanCount(n int64, title string) string {
	if strings.Contains(title, "Bytes") {
		return humanBytes(n)
	}
	return fmt.Sprint(n)
}

// humanBytes is a byte count in B, KiB, MiB or GiB: powers of 1024,
// labelled as such, as the engine's messages and the configuration's
// meanings label them.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
