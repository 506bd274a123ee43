package ui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
)

// Toast timing: bright, then faint, then gone.
const (
	toastBright = 4 * time.Second
	toastFaint  = 3 * time.Second
)

// statusBar is the line under the panes: what the engine does now (feeds
// downloading, queued, enclosures in flight), the last error, the result
// of the last action, and a toast for new items in watched feeds.
type statusBar struct {
	styles      Styles
	downloading map[int64]bool
	queued      map[int64]bool
	enclosures  map[string]enclosureProgress
	lastError   string
	message     string
	isError     bool
	toast       string
	toastID     int
	toastFading bool
	width       int
	account     accountState
}

// enclosureProgress is one enclosure download in flight.
type enclosureProgress struct{ done, total int64 }

func newStatusBar(st Styles) statusBar {
	return statusBar{styles: st, downloading: map[int64]bool{}, queued: map[int64]bool{},
		enclosures: map[string]enclosureProgress{}}
}

// set shows the result of an action.
func (s *statusBar) set(msg string, err error) {
	s.message, s.isError = msg, err != nil
	if err != nil {
		s.message = oneLine(err.Error())
		if msg != "" && msg[0] != '!' {
			s.message = "failed: " + s.message
		}
	}
}

// queue marks feeds as waiting for a user-asked download.
func (s *statusBar) queue(ids []int64) {
	for _, id := range ids {
		s.queued[id] = true
	}
}

// clearQueue forgets queued feeds when a refresh ends.
func (s *statusBar) clearQueue() { clear(s.queued) }

// engineEvent updates the counts from one engine event; it returns the
// title-less feed id and count of new items of a finished download.
func (s *statusBar) engineEvent(ev engine.Event, title func(int64) string) {
	switch ev := ev.(type) {
	case engine.FeedDownloading:
		delete(s.queued, ev.FeedID)
		s.downloading[ev.FeedID] = true
	case engine.FeedDownloadCompleted:
		delete(s.queued, ev.FeedID)
		delete(s.downloading, ev.FeedID)
		if ev.Err != nil {
			s.lastError = title(ev.FeedID) + ": " + oneLine(ev.Err.Error())
		}
	case engine.AccountSyncing, engine.AccountSynced:
		s.accountEvent(ev)
	default:
		s.enclosureEvent(ev)
	}
}

// showToast starts a toast; the returned Cmd fades it.
func (s *statusBar) showToast(text string) tea.Cmd {
	s.toastID++
	s.toast, s.toastFading = text, false
	id := s.toastID
	return tea.Tick(toastBright, func(time.Time) tea.Msg { return toastMsg{id: id, fade: true} })
}

// toastTick fades or removes the toast it names.
func (s *statusBar) toastTick(m toastMsg) tea.Cmd {
	if m.id != s.toastID || s.toast == "" {
		return nil
	}
	if m.fade {
		s.toastFading = true
		return tea.Tick(toastFaint, func(time.Time) tea.Msg { return toastMsg{id: m.id} })
	}
	s.toast = ""
	return nil
}

// View draws the status line.
func (s *statusBar) View() string {
	var parts []string
	if n := len(s.downloading); n > 0 {
		parts = append(parts, s.styles.StatusBusy.Render(fmt.Sprintf("↓ %d downloading", n)))
	}
	if n := len(s.queued); n > 0 {
		parts = append(parts, s.styles.StatusBusy.Render(fmt.Sprintf("%d queued", n)))
	}
	if e := s.enclosureView(); e != "" {
		parts = append(parts, s.styles.StatusBusy.Render(e))
	}
	if a := s.accountView(); a != "" {
		parts = append(parts, a)
	}
	if s.toast != "" {
		st := s.styles.Toast
		if s.toastFading {
			st = s.styles.ToastFading
		}
		parts = append(parts, st.Render(s.toast))
	}
	if s.message != "" {
		st := s.styles.Status
		if s.isError {
			st = s.styles.StatusError
		}
		parts = append(parts, st.Render(s.message))
	}
	if s.lastError != "" {
		parts = append(parts, s.styles.StatusError.Render("last error: "+s.lastError))
	}
	line := " " + strings.Join(parts, s.styles.Faint.Render(" · "))
	return ansi.Truncate(line, max(s.width, 1), "…")
}

// oneLine flattens text to one sanitized line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(sanitize.Terminal(s)), " ")
}
