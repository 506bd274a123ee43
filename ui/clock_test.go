package ui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/config"
)

// movingClock is a clock a test moves; the store and the reader read it
// from their goroutines.
type movingClock struct{ unixNano atomic.Int64 }

func newMovingClock(t time.Time) *movingClock {
	c := &movingClock{}
	c.set(t)
	return c
}

func (c *movingClock) now() time.Time  { return time.Unix(0, c.unixNano.Load()).UTC() }
func (c *movingClock) set(t time.Time) { c.unixNano.Store(t.UnixNano()) }

// timersOf are the timers the model armed whose message is a T.
func timersOf[T any](h *harness) []armedTimer {
	var out []armedTimer
	for _, t := range h.timers {
		if _, ok := t.msg(time.Time{}).(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// A saved search with an age test arms one timer, for the moment its first
// item ages out ("Parsing feeds without tears", a day old, leaves age < 2
// in a day); fired then, the search's count and its open list lose that
// item, and the next timer is armed for the next item to age out. A timer
// superseded by a later one reads nothing.
func TestTimeBoundSearchCountAgesOut(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Fresh", `age < 2`, "Tech news", `folder = Tech`)
	clock := newMovingClock(testNow)
	f.st.SetClock(clock.now)
	h := newHarness(t, f.st, 100, 30, withOptions(func(o *Options) { o.Now = clock.now }))
	aged := timersOf[searchesAgedMsg](h)
	if len(aged) != 1 || aged[0].wait != 24*time.Hour {
		t.Fatalf("timers for the saved searches' ages: %+v, want one in 24h", aged)
	}
	h.selectNode("Fresh")
	if n := treeNode(h, "Fresh").unread; n != 3 || len(h.m.items.rows) != 3 {
		t.Fatalf("Fresh: %d unread, %d listed; want 3, 3", n, len(h.m.items.rows))
	}

	clock.set(testNow.Add(24 * time.Hour))
	h.send(aged[0].msg(clock.now()))
	if n := treeNode(h, "Fresh").unread; n != 2 {
		t.Errorf("Fresh after a day: %d unread, want 2", n)
	}
	if n := treeNode(h, "Tech news").unread; n != 3 {
		t.Errorf("Tech news after a day: %d unread, want 3 (it has no age test)", n)
	}
	for _, it := range h.m.items.rows {
		if it.Title == "Parsing feeds without tears" {
			t.Errorf("the open list of Fresh still lists the item that aged out")
		}
	}
	if len(h.m.items.rows) != 2 {
		t.Errorf("Fresh lists %d items after a day, want 2\n%s", len(h.m.items.rows), h.view())
	}
	aged = timersOf[searchesAgedMsg](h)
	if len(aged) != 2 || aged[1].wait != 24*time.Hour {
		t.Fatalf("timers after the first: %+v, want a second in 24h (today's items turn 2)", aged)
	}

	reads := h.countReads
	h.send(aged[0].msg(clock.now())) // fired twice: it is no longer the armed one
	if h.countReads != reads {
		t.Errorf("a superseded timer read the counts again")
	}
}

// The open list of a search with an age test is read again when its timer
// fires even when no unread count moved: a read item leaves it too.
func TestTimeBoundSearchListAgesOut(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Fresh", `age < 2`)
	if err := f.st.SetRead(context.Background(), []int64{itemByTitle(t, f.st, "Parsing feeds without tears").ID}, true); err != nil {
		t.Fatal(err)
	}
	clock := newMovingClock(testNow)
	f.st.SetClock(clock.now)
	h := newHarness(t, f.st, 100, 30, withOptions(func(o *Options) { o.Now = clock.now }))
	h.selectNode("Fresh")
	clock.set(testNow.Add(24 * time.Hour))
	h.send(timersOf[searchesAgedMsg](h)[0].msg(clock.now()))
	if n := treeNode(h, "Fresh").unread; n != 2 {
		t.Errorf("Fresh after a day: %d unread, want 2 (the item that aged out was read)", n)
	}
	if len(h.m.items.rows) != 2 {
		t.Errorf("Fresh lists %d items after a day, want 2\n%s", len(h.m.items.rows), h.view())
	}
}

// The poll's saved counts (searchCache) last until the first item crosses
// an age limit: after it, a poll reads the searches again though no feed's
// count moved.
func TestPollRereadsSearchesTimeChanged(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Fresh", `age < 2`)
	clock := newMovingClock(testNow)
	f.st.SetClock(clock.now)
	h := newHarness(t, f.st, 100, 30, withOptions(func(o *Options) { o.Now = clock.now }))
	clock.set(testNow.Add(24 * time.Hour))
	other := f.otherProcess(t)
	other.SetClock(clock.now)
	if _, err := other.SaveSearch(context.Background(), "Other", `flagged`); err != nil {
		t.Fatal(err) // a write that moves no feed's count
	}
	h.send(pollMsg{})
	if n := treeNode(h, "Fresh").unread; n != 2 {
		t.Errorf("Fresh after a day, at the next poll: %d unread, want 2", n)
	}
}

// A highlight rule with an age test styles a row until the row ages out
// of it: the list arms a timer for the first listed row to cross a limit,
// and when it fires forgets the highlights it decided and draws them again.
func TestRowHighlightAgesOut(t *testing.T) {
	f := newFixture(t)
	fresh, err := config.NewHighlight(`age < 1`, "red")
	if err != nil {
		t.Fatal(err)
	}
	clock := newMovingClock(testNow)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Now = clock.now
		o.Config.Highlights = []config.Highlight{fresh}
	}))
	p := h.m.items
	rule := func() int {
		for i := range p.rows {
			if p.rows[i].Title == "Why ETags matter" {
				return p.marks.rule(p.styles.Rows, &p.rows[i], clock.now())
			}
		}
		t.Fatal("Why ETags matter is not listed")
		return 0
	}
	if r := rule(); r != 0 {
		t.Fatalf("today's item: rule %d, want 0 (age < 1)", r)
	}
	aged := timersOf[rowsAgedMsg](h)
	if len(aged) != 1 || aged[0].wait != 24*time.Hour {
		t.Fatalf("timers for the rows' ages: %+v, want one in 24h", aged)
	}
	clock.set(testNow.Add(24 * time.Hour))
	if r := rule(); r != 0 {
		t.Fatalf("the highlight was decided again with no message: rule %d", r)
	}
	h.send(aged[0].msg(clock.now()))
	if r := rule(); r != -1 {
		t.Errorf("a day later: rule %d, want -1 (none)", r)
	}
	if n := len(timersOf[rowsAgedMsg](h)); n != 1 {
		t.Errorf("after the timer: %d timers, want no other (no listed row is under a day old)", n)
	}
}

// With no saved search depending on time, the reader arms no timer but
// midnight's: the poll and the counts' reads arm none, so an idle reader
// gets one message a day, at midnight, and none else.
func TestNoClockTimerWithoutTimeBoundSearch(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Tech news", `folder = Tech`)
	h := newHarness(t, f.st, 100, 30)
	other := f.otherProcess(t)
	if err := other.SetRead(context.Background(), []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, true); err != nil {
		t.Fatal(err)
	}
	h.send(pollMsg{})
	h.waitFor("the poll's read", func() bool { return treeNode(h, "Tech news").unread == 2 })
	if aged := timersOf[searchesAgedMsg](h); len(aged) != 0 {
		t.Errorf("timers for saved searches with no age test: %+v", aged)
	}
	midnight := timersOf[midnightMsg](h)
	if len(midnight) != 1 || midnight[0].wait != 12*time.Hour {
		t.Errorf("midnight's timers: %+v, want one in 12h", midnight)
	}
	if len(h.timers) != len(midnight) {
		t.Errorf("an idle reader armed %d timers, want midnight's only", len(h.timers))
	}
}

// The list's dates read from today ("12:00" today, "Mar 10" after
// midnight): they stay as drawn until midnight's message, which draws the
// list again (and no other pane) and arms the next midnight's.
func TestMidnightRedrawsTheListsDates(t *testing.T) {
	f := newFixture(t)
	clock := newMovingClock(testNow)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) { o.Now = clock.now }))
	midnight := timersOf[midnightMsg](h)
	if len(midnight) != 1 || midnight[0].wait != 12*time.Hour {
		t.Fatalf("midnight's timers: %+v, want one in 12h", midnight)
	}
	dateOf := func(screen string) string {
		for _, l := range strings.Split(screen, "\n") {
			if i := strings.Index(l, "Why ETags matter"); i >= 0 {
				return l
			}
		}
		t.Fatalf("no row of Why ETags matter:\n%s", screen)
		return ""
	}
	if row := dateOf(h.view()); !strings.Contains(row, "12:00") {
		t.Fatalf("today's item before midnight: %q, want 12:00", row)
	}
	clock.set(testNow.Add(12*time.Hour + 30*time.Minute))
	if row := dateOf(ansi.Strip(h.m.View())); !strings.Contains(row, "12:00") {
		t.Fatalf("the list was drawn again with no message: %q", row)
	}
	_, cmd := h.m.Update(midnight[0].msg(clock.now()))
	if v := h.m.views; v.fresh[paneItems] || !v.fresh[paneTree] || !v.fresh[paneReader] {
		t.Errorf("midnight made stale: tree %v, list %v, reader %v; want the list only",
			!v.fresh[paneTree], !v.fresh[paneItems], !v.fresh[paneReader])
	}
	h.run(cmd)
	if row := dateOf(h.view()); !strings.Contains(row, "Mar 10") || strings.Contains(row, "12:00") {
		t.Errorf("yesterday's item after midnight: %q, want Mar 10", row)
	}
	midnight = timersOf[midnightMsg](h)
	if len(midnight) != 2 || midnight[1].wait != 23*time.Hour+30*time.Minute {
		t.Errorf("midnight's timers: %+v, want a second in 23h30", midnight)
	}
}

// The next midnight is the local one, across a change of daylight saving
// time too.
func TestNextMidnight(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	tests := []struct {
		name string
		now  time.Time
		loc  *time.Location
		want time.Time
	}{
		{"UTC noon", testNow, time.UTC, time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)},
		{"east of UTC", testNow, time.FixedZone("+13", 13*3600), time.Date(2026, 3, 12, 0, 0, 0, 0, time.FixedZone("+13", 13*3600))},
		{"at midnight", time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC), time.UTC, time.Date(2026, 3, 12, 0, 0, 0, 0, time.UTC)},
		{"a 23-hour day", time.Date(2026, 3, 29, 0, 0, 0, 0, paris), paris, time.Date(2026, 3, 29, 22, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := nextMidnight(tt.now, tt.loc); !got.Equal(tt.want) {
				t.Errorf("nextMidnight(%v) = %v, want %v", tt.now, got, tt.want)
			}
		})
	}
	if d := nextMidnight(time.Date(2026, 3, 29, 0, 0, 0, 0, paris), paris).Sub(time.Date(2026, 3, 29, 0, 0, 0, 0, paris)); d != 23*time.Hour {
		t.Errorf("the day daylight saving time starts lasts %v, want 23h", d)
	}
}
