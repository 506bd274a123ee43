package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// An idle reader gets no message (app.go's poll, heldframe.go), but a few
// things on screen change with the clock alone. Each gets one timer, set
// for the moment it changes and not before, through the waiter's tick
// (which the tests' harness holds):
//
//   - the saved searches with an age test: their counts are read again
//     when the first item crosses one of their age limits
//     (engine.NextAgeChange), and the list with them when it shows such a
//     search; no saved search with an age test, no timer;
//   - the list's rows styled by a highlight rule with an age test: drawn
//     again when the first listed row crosses one of its age limits;
//   - the list's date column (shortDate: a time today, a day this year):
//     drawn again at the next local midnight, once a day.
//
// Left as they are: the feed health and statistics screens are what was
// read when they opened, their "ago" with the rest (a clock that moved
// while the facts under it did not would mislead): opened again, they are
// read again. The reader's and the status line's dates are absolute.

// minClockWait is the shortest a clock timer waits: a moment already
// passed (the store's clock a little behind the reader's) is looked at
// again a second later, not at once and again.
const minClockWait = time.Second

// clockTimers are the timers of what the clock changes on screen: the
// saved searches' counts and the list's highlights.
type clockTimers struct{ searches, rows oneTimer }

// oneTimer is a timer armed for the first of the moments asked for.
type oneTimer struct {
	// due is when the armed timer fires; zero when none is armed.
	due time.Time
	// armed numbers the timers, so that one armed for later, superseded
	// by a sooner one, is let pass when it fires.
	armed int
}

// arm arms a timer for due, unless one is armed for due or sooner (after
// it fires, the moments to come are asked for again); msg makes its
// message of its number.
func (t *oneTimer) arm(w *waiter, now, due time.Time, msg func(armed int) tea.Msg) tea.Cmd {
	if due.IsZero() || (!t.due.IsZero() && !due.Before(t.due)) {
		return nil
	}
	t.due = due
	t.armed++
	armed := t.armed
	return w.tick(max(due.Sub(now), minClockWait), func(time.Time) tea.Msg { return msg(armed) })
}

// fired says whether the timer numbered armed is the one armed, and
// disarms it.
func (t *oneTimer) fired(armed int) bool {
	if armed != t.armed || t.due.IsZero() {
		return false
	}
	t.due = time.Time{}
	return true
}

// searchesAgedMsg says the items' ages may have moved a saved search's
// count: armed is the number of the timer that sent it.
type searchesAgedMsg struct{ armed int }

// rowsAgedMsg says a listed row's age crossed a limit of a highlight rule.
type rowsAgedMsg struct{ armed int }

// rowAgesMsg is the list asking for rowsAgedMsg at due.
type rowAgesMsg struct{ due time.Time }

// midnightMsg says a day began: the list's dates read differently.
type midnightMsg struct{}

// ageChanges memoises engine.NextAgeChange by age limit, for one read of
// the saved searches.
type ageChanges map[int]time.Time

// next is the earliest moment an item's age reaches one of limits.
func (a ageChanges) next(b backend, limits []int) (time.Time, error) {
	var next time.Time
	for _, d := range limits {
		at, ok := a[d]
		if !ok {
			var err error
			if at, err = b.engine.NextAgeChange(b.ctx, []int{d}); err != nil {
				return time.Time{}, err
			}
			a[d] = at
		}
		next = earliest(next, at)
	}
	return next, nil
}

// earliest is the sooner of two moments, zero standing for never.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}

// earliestChange is the first moment a count of entries may change with
// time alone; zero: never.
func earliestChange(entries []searchEntry) time.Time {
	var due time.Time
	for i := range entries {
		due = earliest(due, entries[i].changeAt)
	}
	return due
}

// watchSearchAges arms the timer for the first moment the saved searches'
// counts may change with time alone, unless one is armed for that moment
// or sooner (it reads them, and this is asked again after).
func (m *Model) watchSearchAges(entries []searchEntry) tea.Cmd {
	return m.clock.searches.arm(m.wait, m.opts.Now(), earliestChange(entries), func(n int) tea.Msg { return searchesAgedMsg{n} })
}

// searchesAged reads the counts again (the saved searches' with them,
// which arms the next timer), and the list when it shows what an age test
// selects: its rows are the search's as it is now.
func (m *Model) searchesAged(msg searchesAgedMsg) tea.Cmd {
	if !m.clock.searches.fired(msg.armed) {
		return nil // superseded by a sooner timer, which read them
	}
	return tea.Batch(m.loadCounts(), m.route(m.items, msg))
}

// aged reads the list again when what it lists depends on the items' ages
// (a saved search with an age test): the items' ages may have moved.
func (p *itemsPane) aged() tea.Cmd {
	if len(engine.AgeLimits(p.query.Filter)) == 0 {
		return nil
	}
	return p.reload()
}

// watchRowAges arms the timer the list asked for.
func (m *Model) watchRowAges(msg rowAgesMsg) tea.Cmd {
	return m.clock.rows.arm(m.wait, m.opts.Now(), msg.due, func(n int) tea.Msg { return rowsAgedMsg{n} })
}

// rowsAged hands the list its timer, unless a sooner one superseded it.
func (m *Model) rowsAged(msg rowsAgedMsg) tea.Cmd {
	if !m.clock.rows.fired(msg.armed) {
		return nil
	}
	return m.route(m.items, msg)
}

// watchRowAges asks for a timer at the first moment a listed row's age
// crosses a limit of a highlight rule; none when no rule has an age test.
func (p *itemsPane) watchRowAges() {
	var limits []int
	for _, r := range p.styles.Rows {
		limits = append(limits, engine.AgeLimits(r.rule.Expr)...)
	}
	if len(limits) == 0 {
		return
	}
	now, due := p.now(), time.Time{}
	for i := range p.rows {
		for _, d := range limits {
			if at := p.rows[i].Date.Add(time.Duration(d) * engine.AgeDay); at.After(now) {
				due = earliest(due, at)
			}
		}
	}
	if !due.IsZero() {
		p.out.post(rowAgesMsg{due})
	}
}

// rowsAged forgets the rows' highlights, which the list draws again, and
// asks for the next timer.
func (p *itemsPane) rowsAged() {
	p.marks.seen = nil
	p.watchRowAges()
}

// atMidnight sends midnightMsg at the next local midnight.
func (m *Model) atMidnight() tea.Cmd {
	now := m.opts.Now()
	wait := max(nextMidnight(now, m.opts.Location).Sub(now), minClockWait)
	return m.wait.tick(wait, func(time.Time) tea.Msg { return midnightMsg{} })
}

// midnight draws the list again, the only pane whose dates are relative
// to today, and waits for the next midnight.
func (m *Model) midnight() tea.Cmd {
	m.views.stale(paneItems)
	return m.atMidnight()
}

// nextMidnight is the start of the day after now's in loc (a day of 23
// or 25 hours across a change of daylight saving time).
func nextMidnight(now time.Time, loc *time.Location) time.Time {
	t := now.In(loc)
	return time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, loc)
}
