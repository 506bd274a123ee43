package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
)

// Timing of the status line: a message stays messageLife (an error
// message errorLife), a toast is bright, then faint, then gone.
const (
	messageLife = 5 * time.Second
	errorLife   = 10 * time.Second
	toastBright = 4 * time.Second
	toastFaint  = 3 * time.Second
)

// statusBar is the line under the panes: whether the engine is offline or
// deferring sync, what it does now (feeds downloading, a refresh's
// progress, enclosures in flight), the result of the last action (which
// fades), a toast for new items in watched feeds, and the errors of failed
// downloads, which stay until that feed or file succeeds, is removed, or
// the person dismisses them (x; see errorList for how long).
type statusBar struct {
	styles      Styles
	downloading map[int64]bool
	refresh     refreshProgress
	enclosures  map[int64]enclosureProgress
	errors      errorList
	message     string
	isError     bool
	messageID   int
	fadeDue     bool
	toast       string
	toastID     int
	toastFading bool
	width       int
	account     accountState
	// loc is the time zone the account's last sync is shown in.
	loc *time.Location

	// offline and deferred are the engine's standing notices ("offline —
	// 37 feeds waiting"), shown until the engine says they ended.
	offline, deferred string
	// readOnly is the standing notice of a database opened read-only.
	readOnly string
	// wait makes the fade timers.
	wait *waiter
}

// refreshProgress counts a user-asked refresh's feeds as they end.
type refreshProgress struct {
	pending     map[int64]bool
	total, done int
}

// statusFadeMsg ends the message it names.
type statusFadeMsg struct{ id int }

// newStatusBar is an empty status line that shows times in loc.
func newStatusBar(st Styles, loc *time.Location) statusBar {
	return statusBar{styles: st, loc: loc, downloading: map[int64]bool{},
		enclosures: map[int64]enclosureProgress{}, errors: errorList{byKey: map[string]string{}}, wait: newWaiter()}
}

// set shows the result of an action; it fades after a while (the Cmd
// from fade). An error is shown as its reason, without a URL before it.
// msg may quote any value: it is kept as oneLine makes it.
func (s *statusBar) set(msg string, err error) {
	s.message, s.isError = oneLine(msg), err != nil
	if err != nil {
		s.message = oneLine(err.Error())
		if msg != "" {
			s.message = msg + ": " + s.message
		}
	}
	s.messageID++
	s.fadeDue = s.message != ""
}

// mark is the message shown now, for errorSince.
func (s *statusBar) mark() int { return s.messageID }

// errorSince is the error shown, if one came after mark.
func (s *statusBar) errorSince(mark int) (string, bool) {
	return s.message, s.isError && s.messageID != mark
}

// setReadOnly makes the line say, for good, that the database is
// read-only.
func (s *statusBar) setReadOnly() { s.readOnly = "read-only: changes cannot be saved" }

// SetSize sets the line's width.
func (s *statusBar) SetSize(w int) { s.width = w }

// dismiss clears the message and the errors (x).
func (s *statusBar) dismiss() {
	s.errors.clear()
	s.clearMessage()
}

// clearMessage removes the message at once.
func (s *statusBar) clearMessage() { s.message, s.isError = "", false }

// fade returns the timer that ends the message set last, once.
func (s *statusBar) fade() tea.Cmd {
	if !s.fadeDue {
		return nil
	}
	s.fadeDue = false
	id, life := s.messageID, messageLife
	if s.isError {
		life = errorLife
	}
	return s.wait.tick(life, func(time.Time) tea.Msg { return statusFadeMsg{id} })
}

// faded removes the message a fade timer names, unless a newer one came.
func (s *statusBar) faded(m statusFadeMsg) {
	if m.id == s.messageID {
		s.clearMessage()
	}
}

// startRefresh counts a user-asked refresh of feeds ids.
func (s *statusBar) startRefresh(ids []int64) {
	r := &s.refresh
	if len(r.pending) == 0 {
		r.pending, r.total, r.done = map[int64]bool{}, 0, 0
	}
	for _, id := range ids {
		if !r.pending[id] {
			r.pending[id] = true
			r.total++
		}
	}
}

// endRefresh forgets a refresh that ended.
func (s *statusBar) endRefresh() { s.refresh = refreshProgress{} }

// engineEvent follows downloads: in flight, a refresh's progress, and
// each feed's error until it succeeds.
func (s *statusBar) engineEvent(ev engine.Event, title func(int64) string) {
	switch ev := ev.(type) {
	case engine.FeedDownloading:
		s.downloading[ev.FeedID] = true
	case engine.FeedDownloadCompleted:
		delete(s.downloading, ev.FeedID)
		if s.refresh.pending[ev.FeedID] {
			delete(s.refresh.pending, ev.FeedID)
			s.refresh.done++
		}
		key := feedErrorKey(ev.FeedID)
		switch {
		case errors.Is(ev.Err, engine.ErrOffline): // the offline notice says it once
		case ev.Err != nil:
			s.errors.put(key, title(ev.FeedID)+": "+oneLine(engine.Reason(ev.Err)))
		default:
			s.errors.drop(key)
		}
	case engine.Offline:
		s.offline = ev.String()
	case engine.Online:
		s.offline = ""
	case engine.SyncDeferred:
		s.deferred = ev.String()
	case engine.SyncResumed:
		s.deferred = ""
	case engine.FeedsSkipped:
		s.set(ev.Notice(), nil)
	case engine.DatabaseFailed:
		s.set("", ev.Err)
	case engine.AccountSyncing, engine.AccountSynced:
		s.accountEvent(ev)
	default:
		s.enclosureEvent(ev)
	}
}

// keepFeeds drops the errors of feeds that are gone (unsubscribed).
func (s *statusBar) keepFeeds(exists func(int64) bool) {
	for _, k := range s.errors.keys() {
		var id int64
		if _, err := fmt.Sscanf(k, "feed %d", &id); err == nil && !exists(id) {
			s.errors.drop(k)
		}
	}
}

func feedErrorKey(id int64) string { return fmt.Sprint("feed ", id) }

// showToast starts a toast; the returned Cmd fades it.
func (s *statusBar) showToast(text string) tea.Cmd {
	s.toastID++
	s.toast, s.toastFading = oneLine(text), false
	id := s.toastID
	return s.wait.tick(toastBright, func(time.Time) tea.Msg { return toastMsg{id: id, fade: true} })
}

// toastTick fades or removes the toast it names.
func (s *statusBar) toastTick(m toastMsg) tea.Cmd {
	if m.id != s.toastID || s.toast == "" {
		return nil
	}
	if m.fade {
		s.toastFading = true
		return s.wait.tick(toastFaint, func(time.Time) tea.Msg { return toastMsg{id: m.id} })
	}
	s.toast = ""
	return nil
}

// View draws the status line; prompt, when not empty, is what a key being
// typed asks (a link number) and comes first. The message comes before
// the errors, so a long error never hides it. Every part is drawn by
// part, which cleans its text (oneLine) before styling it: whatever a
// setter was given, no control reaches the line.
func (s *statusBar) View(prompt string) string {
	var parts []string
	part := func(st lipgloss.Style, text string) {
		if text != "" {
			parts = append(parts, st.Render(oneLine(text)))
		}
	}
	part(s.styles.Label, prompt)
	part(s.styles.StatusError, s.readOnly)
	part(s.styles.StatusError, s.offline)
	part(s.styles.Status, s.deferred)
	if r := s.refresh; r.total > 0 {
		part(s.styles.StatusBusy, fmt.Sprintf("refreshing %d/%d", r.done, r.total))
	} else if n := len(s.downloading); n > 0 {
		part(s.styles.StatusBusy, fmt.Sprintf("↓ %d downloading", n))
	}
	part(s.styles.StatusBusy, s.enclosureView())
	part(s.accountView())
	toast := s.styles.Toast
	if s.toastFading {
		toast = s.styles.ToastFading
	}
	part(toast, s.toast)
	message := s.styles.Status
	if s.isError {
		message = s.styles.StatusError
	}
	part(message, s.message)
	part(s.styles.StatusError, s.errors.View())
	line := " " + strings.Join(parts, s.styles.Faint.Render(" · "))
	return ansi.Truncate(line, max(s.width, 1), "…")
}

// errorList is the errors that stay on the status line, oldest first,
// and the ones the person dismissed: a dismissed error stays dismissed
// while its feed fails the same way (the retries of a back-off); it shows
// again when the feed fails another way, or succeeds and fails again.
type errorList struct {
	order     []string
	byKey     map[string]string
	dismissed map[string]string
}

func (l *errorList) put(key, text string) {
	if d, ok := l.dismissed[key]; ok {
		if d == text {
			return
		}
		delete(l.dismissed, key)
	}
	if _, ok := l.byKey[key]; !ok {
		l.order = append(l.order, key)
	}
	l.byKey[key] = text
}

// drop forgets the error of key, dismissed or not: its feed succeeded
// or is gone.
func (l *errorList) drop(key string) {
	delete(l.dismissed, key)
	if _, ok := l.byKey[key]; !ok {
		return
	}
	delete(l.byKey, key)
	for i, k := range l.order {
		if k == key {
			l.order = append(l.order[:i], l.order[i+1:]...)
			break
		}
	}
}

func (l *errorList) keys() []string { return append([]string(nil), l.order...) }

// clear dismisses every error.
func (l *errorList) clear() {
	if l.dismissed == nil {
		l.dismissed = map[string]string{}
	}
	for k, text := range l.byKey {
		l.dismissed[k] = text
	}
	l.order = nil
	clear(l.byKey)
}

// latest is the newest error's text, "" when there is none.
func (l *errorList) latest() string {
	if len(l.order) == 0 {
		return ""
	}
	return l.byKey[l.order[len(l.order)-1]]
}

// View is the newest error, and how many others there are.
func (l *errorList) View() string {
	switch n := len(l.order); n {
	case 0:
		return ""
	case 1:
		return "! " + l.latest() + " (x dismisses)"
	default:
		return fmt.Sprintf("! %s (+%d more; i on a feed shows its error, x dismisses)", l.latest(), n-1)
	}
}
