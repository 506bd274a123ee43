package ui

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// openHealth is i: the selected feed's health (its item's feed in the list
// and the reader).
func (t *treePane) openHealth(tg feedTarget) tea.Cmd {
	f := t.selectedFeed(tg)
	if f == nil {
		t.out.say("", errors.New("i shows a feed's health: select a feed"))
		return nil
	}
	return t.be.health(f.ID)
}

// showHealth opens the health view.
func (t *treePane) showHealth(msg healthMsg) {
	if msg.err != nil {
		t.out.say("", msg.err)
		return
	}
	st, loc, now, h := t.styles, t.loc, t.now(), msg.health
	t.out.post(openDialogMsg{&pager{keys: t.dialogKeys, styles: st, title: "Feed health — " + oneLine(h.Feed.Title),
		close: []key.Binding{t.dialogKeys.Health}, lines: func(w int) []string { return healthLines(st, h, loc, now, w) }}})
}

// healthLines lays a feed's health out as labelled lines.
func healthLines(st Styles, h engine.FeedHealth, loc *time.Location, now time.Time, width int) []string {
	f, s := h.Feed, h.Feed.State
	when := func(t *time.Time) string {
		if t == nil {
			return "never"
		}
		return t.In(loc).Format("Mon 02 Jan 2006 15:04 MST") + " (" + ago(*t, now) + ")"
	}
	rows := [][2]string{
		{"URL", f.URL},
		{"Web site", orNone(f.SiteURL)},
		{"Folder", folderName(f.FolderPath)},
		{"Sync", syncSetting(f, h)},
		{"Last attempt", when(s.LastAttemptAt) + lastStatus(h.LastSync)},
		{"Last success", when(s.LastDownloadAt)},
		{"Next download", nextDownload(h, when)},
		{"Validators", validators(s)},
		{"Publisher hints", hints(f)},
		{"Last error", lastError(s)},
		{"Traffic", traffic(s)},
		{"Items", fmt.Sprintf("%d (%d unread), keeping %s", f.ItemCount, f.UnreadCount, keeping(f))},
		{"Enclosures", map[bool]string{true: "downloaded automatically", false: "off (e downloads one)"}[f.DownloadEnclosures]},
	}
	var out []string
	for _, r := range rows {
		lines := strings.Split(ansi.Wrap(oneLine(r[1]), max(width-17, 10), ""), "\n")
		for i, l := range lines {
			label := ""
			if i == 0 {
				label = r[0]
			}
			out = append(out, st.Label.Render(padRight(label, 16))+" "+l)
		}
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func syncSetting(f store.Feed, h engine.FeedHealth) string {
	switch {
	case f.Remote():
		return "by the account's server, which fetches it (@); tidings syncs the account"
	case f.Stopped != "":
		return "manual: the feed " + map[string]string{store.StoppedGone: "is gone", store.StoppedEnded: "has ended"}[f.Stopped]
	case f.Sync == store.SyncManual:
		return "manual (only when asked: r)"
	case f.Sync == store.SyncInterval:
		return "its own interval, every " + engine.Minutes(h.Interval)
	}
	return "the default interval, every " + engine.Minutes(h.Interval)
}

func lastStatus(e *store.SyncLogEntry) string {
	switch {
	case e == nil:
		return ""
	case e.Status == 0:
		return " — no response"
	}
	return fmt.Sprintf(" — %d %s", e.Status, http.StatusText(e.Status))
}

func nextDownload(h engine.FeedHealth, when func(*time.Time) string) string {
	if h.NextSync == nil {
		return h.Why
	}
	return when(h.NextSync) + ": " + h.Why
}

func validators(s store.SyncState) string {
	var v []string
	if s.ETag != "" {
		v = append(v, "ETag "+s.ETag)
	}
	if s.LastModified != "" {
		v = append(v, "Last-Modified "+s.LastModified)
	}
	if len(v) == 0 {
		return "none held (every download is a full one)"
	}
	return strings.Join(v, " · ") + " (sent back for a 304)"
}

func hints(f store.Feed) string {
	var v []string
	if f.TTLMinutes > 0 {
		v = append(v, "at least "+engine.Minutes(time.Duration(f.TTLMinutes)*time.Minute)+" between downloads")
	}
	if len(f.SkipHours) > 0 {
		v = append(v, fmt.Sprint("skipHours ", f.SkipHours, " GMT"))
	}
	if len(f.SkipDays) > 0 {
		v = append(v, fmt.Sprint("skipDays ", f.SkipDays))
	}
	if len(v) == 0 {
		return "none"
	}
	return strings.Join(v, " · ")
}

func lastError(s store.SyncState) string {
	if s.LastError == "" {
		return "none"
	}
	out := s.LastError
	if s.Failures > 0 {
		out = fmt.Sprintf("%s (%s)", out, plural(s.Failures, "failure")+" in a row")
	}
	if s.RetryAfter != nil {
		out += "; the server asked to wait until " + s.RetryAfter.UTC().Format("15:04 MST")
	}
	return out
}

func traffic(s store.SyncState) string {
	pct := ""
	if all := s.BytesReceived + s.BytesSaved; all > 0 {
		pct = fmt.Sprintf(" (%d%%)", s.BytesSaved*100/all)
	}
	return fmt.Sprintf("%s, %d not modified (304), %d deltas (226); received %s, saved %s%s",
		plural(int(s.Requests), "request"), s.NotModified, s.DeltaResponses, humanBytes(s.BytesReceived), humanBytes(s.BytesSaved), pct)
}

func keeping(f store.Feed) string {
	if f.MaxItems > 0 {
		return fmt.Sprintf("at most %d", f.MaxItems)
	}
	return "the default maximum"
}

// ago words how long before now t was (or "in …" after).
func ago(t, now time.Time) string {
	if d := now.Sub(t); d >= 0 {
		return span(d) + " ago"
	}
	return "in " + span(t.Sub(now))
}

func span(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "under a minute"
	case d < time.Hour:
		return plural(int(d/time.Minute), "minute")
	case d < 48*time.Hour:
		return plural(int(d/time.Hour), "hour")
	}
	return plural(int(d/(24*time.Hour)), "day")
}
