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
//   - the list's date column (shortDate: a time today, a day this year):
//     drawn again at the next local midnight, once a day.
//
// Left as they are: the feed health and statistics screens are what was
// read when they opened (their "ago" with the rest), which i or S reads
// again; the reader's and the status line's dates are absolute.

// minClockWait is the shortest a clock timer waits: a moment already
// passed (the store's clock a little behind the reader's) is looked at
// again a second later, not at once and again.
const minClockWait = time.Second

// clockTimers are the timers of what the clock changes on screen.
type clockTimers struct {
	// searchesDue is when the armed timer reads the saved searches again;
	// zero when none is armed. searchesArmed numbers the timers, so that
	// one armed for later, superseded by a sooner one, is let pass.
	searchesDue   time.Time
	searchesArmed int
}

// searchesAgedMsg says the items' ages may have moved a saved search's
// count: armed is the number of the timer that sent it.
type searchesAgedMsg struct{ armed int }

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
	due, c := earliestChange(entries), &m.clock
	if due.IsZero() || (!c.searchesDue.IsZero() && !due.Before(c.searchesDue)) {
		return nil
	}
	c.searchesDue = due
	c.searchesArmed++
	armed := c.searchesArmed
	return m.wait.tick(max(due.Sub(m.opts.Now()), minClockWait), func(time.Time) tea.Msg { return searchesAgedMsg{armed} })
}

// searchesAged reads the counts again (the saved searches' with them,
// which arms the next timer), and the list when it shows what an age test
// selects: its rows are the search's as it is now.
func (m *Model) searchesAged(msg searchesAgedMsg) tea.Cmd {
	if msg.armed != m.clock.searchesArmed || m.clock.searchesDue.IsZero() {
		return nil // superseded by a sooner timer, which read them
	}
	m.clock.searchesDue = time.Time{}
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
