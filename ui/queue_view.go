package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// queueView is the podcast queue (Q, podboat's): every enclosure queued,
// downloading (with its progress), downloaded, failed, blocked or
// removed, following the engine's events as they come. P plays a
// downloaded file, D deletes it (asked first), c takes a queued one off
// the queue, d queues a failed or removed one again; esc goes back.
type queueView struct {
	keys   KeyMap
	styles Styles
	be     backend
	out    *outbox
	player *player
	rows   []store.QueueEntry
	loaded bool
	// reading is true while the queue is read; again asks for another
	// read once it ends (something changed meanwhile).
	reading, again bool
	cursor, top    int
	width, height  int
	// deleting is the enclosure whose file D asks about (0: none).
	deleting int64
	done     bool
}

var _ dialog = (*queueView)(nil)

// MSG

// queueMsg is the queue as read.
type queueMsg struct {
	rows []store.QueueEntry
	err  error
}

func newQueueView(km KeyMap, st Styles, be backend, out *outbox, pl *player) *queueView {
	return &queueView{keys: km, styles: st, be: be, out: out, player: pl}
}

// Init reads the queue.
func (q *queueView) Init() tea.Cmd { return q.reload() }

// reload reads the queue, or once more after the read under way.
func (q *queueView) reload() tea.Cmd {
	if q.reading {
		q.again = true
		return nil
	}
	q.reading = true
	return routeTo(q, q.be.enclosureQueue())
}

// Done reports whether the queue was closed.
func (q *queueView) Done() bool { return q.done }

// SetSize sets the screen the queue fills.
func (q *queueView) SetSize(w, h int) { q.width, q.height = w, h }

// ShortHelp is the queue's keys.
func (q *queueView) ShortHelp() []key.Binding {
	k := q.keys
	return []key.Binding{k.Play, k.QueueDelete, k.QueueCancel, k.QueueRetry, k.Back}
}

// FullHelp is ShortHelp.
func (q *queueView) FullHelp() [][]key.Binding { return [][]key.Binding{q.ShortHelp()} }

// UPDATE

// Update takes keys, the queue read, the actions' results and the
// engine's enclosure events.
func (q *queueView) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case queueMsg:
		q.read(msg)
		again := q.again
		q.reading, q.again = false, false
		if again {
			return q, q.reload()
		}
	case actionMsg:
		q.out.say(msg.status, msg.err)
		return q, q.reload()
	case engineMsg:
		return q, q.event(msg.ev)
	case tea.KeyMsg:
		if q.deleting != 0 {
			return q, q.answer(msg)
		}
		return q, q.key(msg)
	}
	return q, nil
}

func (q *queueView) read(msg queueMsg) {
	if msg.err != nil {
		q.out.say("", msg.err)
		return
	}
	q.rows, q.loaded = msg.rows, true
	q.cursor = max(min(q.cursor, len(q.rows)-1), 0)
}

// event changes the row of an enclosure event; one not listed yet (just
// queued) has the queue read again.
func (q *queueView) event(ev engine.Event) tea.Cmd {
	id, change, ok := enclosureUpdate(ev)
	if !ok {
		return nil
	}
	for i := range q.rows {
		if q.rows[i].ID == id {
			change(&q.rows[i].Enclosure)
			return nil
		}
	}
	return q.reload()
}

func (q *queueView) key(km tea.KeyMsg) tea.Cmd {
	k := q.keys
	switch {
	case key.Matches(km, k.Back, k.Queue, k.ForceQuit):
		q.done = true
	case key.Matches(km, k.Up):
		q.cursor = max(q.cursor-1, 0)
	case key.Matches(km, k.Down):
		q.cursor = max(min(q.cursor+1, len(q.rows)-1), 0)
	case key.Matches(km, k.Top):
		q.cursor = 0
	case key.Matches(km, k.Bottom):
		q.cursor = max(len(q.rows)-1, 0)
	case key.Matches(km, k.Play, k.QueueDelete, k.QueueCancel, k.QueueRetry):
		if r, ok := q.selected(); ok {
			return q.act(km, r)
		}
	}
	return nil
}

// act runs the key's action on row r, when r's state allows it.
func (q *queueView) act(km tea.KeyMsg, r store.QueueEntry) tea.Cmd {
	k, name := q.keys, fileName(r.URL)
	switch {
	case key.Matches(km, k.Play) && r.Status == store.EnclosureDownloaded:
		return q.player.play(r.Path, q.out)
	case key.Matches(km, k.QueueDelete) && r.Status == store.EnclosureDownloaded:
		q.deleting = r.ID
	case key.Matches(km, k.QueueCancel) && r.Status == store.EnclosureQueued:
		return q.do("canceled "+name, func(ctx context.Context, e *engine.Engine) error { return e.CancelEnclosure(ctx, r.ID) })
	case key.Matches(km, k.QueueRetry) && (r.Status == store.EnclosureFailed || r.Status == store.EnclosureRemoved):
		return q.do("queued "+name, func(ctx context.Context, e *engine.Engine) error { return requeue(ctx, e, r.ID, name) })
	default:
		q.out.say("", errors.New(name+" is "+stateWord(r.Status)+": "+q.canDo(r.Status)))
	}
	return nil
}

// requeue queues enclosure id again. One whose type is now blocked comes
// back as the engine's error, which says why; one no longer failed or
// removed (it changed since the queue was read) says so.
func requeue(ctx context.Context, e *engine.Engine, id int64, name string) error {
	ok, err := e.RequeueEnclosure(ctx, id)
	if err == nil && !ok {
		err = errors.New(name + " was not queued: it is no longer failed or removed")
	}
	return err
}

// canDo says what the keys do to an enclosure in a state.
func (q *queueView) canDo(status string) string {
	switch status {
	case store.EnclosureDownloaded:
		return "P plays it, D deletes it"
	case store.EnclosureQueued:
		return "c takes it off the queue"
	case store.EnclosureFailed, store.EnclosureRemoved:
		return "d downloads it again"
	}
	return "wait for it to end"
}

// answer takes y or n to D's question.
func (q *queueView) answer(km tea.KeyMsg) tea.Cmd {
	id := q.deleting
	q.deleting = 0
	switch km.String() {
	case "y", "Y", "enter":
		r, _ := q.row(id)
		return q.do("deleted "+oneLine(r.Path), func(ctx context.Context, e *engine.Engine) error { return e.DeleteEnclosureFile(ctx, id) })
	}
	return nil
}

// do runs an action through the engine; its result comes back here.
func (q *queueView) do(status string, fn func(context.Context, *engine.Engine) error) tea.Cmd {
	return routeTo(q, q.be.enclosureAction(status, fn))
}

func (q *queueView) selected() (store.QueueEntry, bool) {
	if q.cursor < len(q.rows) {
		return q.rows[q.cursor], true
	}
	return store.QueueEntry{}, false
}

func (q *queueView) row(id int64) (store.QueueEntry, bool) {
	for _, r := range q.rows {
		if r.ID == id {
			return r, true
		}
	}
	return store.QueueEntry{}, false
}

// VIEW

// View draws the queue over the whole screen: a title with the counts,
// one row an enclosure, the selected one's detail and the keys.
func (q *queueView) View() string {
	st, w := q.styles, q.width
	lines := []string{st.DialogTitle.Render(ansi.Truncate("Podcast queue — "+q.counts(), w, "…")), ""}
	body := max(q.height-6, 1)
	q.top = min(max(q.top, q.cursor-body+1), q.cursor)
	q.top = max(q.top, 0)
	if len(q.rows) == 0 && q.loaded {
		lines = append(lines, st.Faint.Render(ansi.Truncate("No enclosure downloaded or queued: e on an item downloads its enclosure.", w, "…")))
	}
	for i := q.top; i < len(q.rows) && i < q.top+body; i++ {
		line := "  " + queueRow(q.rows[i], w-2)
		if i == q.cursor {
			line = st.RowSelected.Render(padRight("› "+queueRow(q.rows[i], w-2), w))
		}
		lines = append(lines, line)
	}
	for len(lines) < body+2 {
		lines = append(lines, "")
	}
	lines = append(lines, "", q.detail(), st.Faint.Render(ansi.Truncate(q.hint(), w, "…")))
	return strings.Join(lines, "\n")
}

// counts is "1 downloading, 2 queued, 3 downloaded, 1 failed".
func (q *queueView) counts() string {
	n := map[string]int{}
	for _, r := range q.rows {
		n[r.Status]++
	}
	var parts []string
	for _, s := range []string{store.EnclosureDownloading, store.EnclosureQueued, store.EnclosureDownloaded,
		store.EnclosureFailed, store.EnclosureBlocked, store.EnclosureRemoved} {
		if n[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[s], stateWord(s)))
		}
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, ", ")
}

// queueRow is one enclosure: its state, its feed and item, and its
// progress or size.
func queueRow(r store.QueueEntry, w int) string {
	what := oneLine(r.FeedTitle) + " — " + oneLine(cmpOr(r.ItemTitle, fileName(r.URL)))
	var right string
	switch r.Status {
	case store.EnclosureDownloading:
		right = progressText(r.BytesDone, r.BytesTotal)
	case store.EnclosureDownloaded:
		right = humanBytes(r.BytesDone)
	case store.EnclosureFailed, store.EnclosureBlocked:
		right = oneLine(r.Error)
	}
	right = ansi.Truncate(right, max(w/3, 10), "…")
	left := padRight(stateWord(r.Status), 12) + " " + what
	room := max(w-ansi.StringWidth(right)-2, 10)
	return padRight(ansi.Truncate(left, room, "…"), room) + "  " + right
}

// stateWord names an enclosure state in the queue.
func stateWord(status string) string {
	if status == store.EnclosureDownloaded {
		return "downloaded"
	}
	return status
}

// detail is the selected row's file, or its address, and D's question.
func (q *queueView) detail() string {
	r, ok := q.selected()
	switch {
	case !ok:
		return ""
	case q.deleting != 0:
		return q.styles.StatusError.Render(ansi.Truncate("Delete "+oneLine(r.Path)+"? It will not be downloaded again automatically. y yes · n no", q.width, "…"))
	case r.Path != "":
		return ansi.Truncate(oneLine(r.Path), q.width, "…")
	}
	return ansi.Truncate(oneLine(r.URL), q.width, "…")
}

func (q *queueView) hint() string {
	var parts []string
	for _, b := range q.ShortHelp() {
		parts = append(parts, b.Help().Key+" "+strings.TrimPrefix(b.Help().Desc, "queue: "))
	}
	return strings.Join(parts, " · ")
}

func cmpOr(s, alt string) string {
	if strings.TrimSpace(s) == "" {
		return alt
	}
	return s
}
