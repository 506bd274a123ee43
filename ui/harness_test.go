package ui

import (
	"context"
	"io"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// testNow is the fixed clock of the UI tests.
var testNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// harness drives a Model as the Bubble Tea runtime would, but in step:
// it runs each Cmd Update returns to its end, in order, and feeds its
// message back (batches and sequences included) until none is left, so a
// key's whole effect is on the model when keys returns. Two kinds of Cmd
// wait on the world outside and are not run that way. Time never passes:
// a timer (the poll, the fades of messages and toasts, the clock's of
// clock.go) gives no message, and a test sends pollMsg itself; the timers
// armed are noted (timers), for a test to send their messages. The engine's events are read from its
// channel without waiting after every Cmd (the events of a download a Cmd
// made are there when it returns, and are handled before its result, as
// the runtime's listener usually does), and waited for only by waitFor.
type harness struct {
	t     testing.TB
	m     *Model
	st    *store.Store
	queue []tea.Cmd
	// events is the engine's channel, once the model listens to it.
	events <-chan engine.Event
	closed bool
	quit   bool
	opened []string
	copied []string
	// countReads counts the reads of every count the model handled, and
	// listReads the pages of the list.
	countReads, listReads int
	// timers are the timers the model armed, in order; none ever fires
	// but by a test's hand (fire).
	timers []armedTimer
}

// armedTimer is a timer the model asked the harness for.
type armedTimer struct {
	wait time.Duration
	msg  func(time.Time) tea.Msg
}

type harnessOpt func(*Options)

func withEngine(e *engine.Engine) harnessOpt { return func(o *Options) { o.Engine = e } }

// withOptions changes any option.
func withOptions(f func(*Options)) harnessOpt { return f }

// newHarness opens the model on st at w×h and settles the first load.
func newHarness(t testing.TB, st *store.Store, w, h int, opts ...harnessOpt) *harness {
	t.Helper()
	hs := &harness{t: t, st: st}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := Options{Context: ctx, Store: st, Config: config.Default(), Renderer: NewRenderer(io.Discard, true),
		Now: func() time.Time { return testNow }, Poll: time.Hour,
		OpenURL: func(u string) error { hs.opened = append(hs.opened, u); return nil },
		Copy:    func(s string) (string, error) { hs.copied = append(hs.copied, s); return "test clipboard", nil },
		NoColor: true, Location: time.UTC}
	for _, f := range opts {
		f(&o)
	}
	hs.m = New(o)
	*hs.m.wait = waiter{tick: hs.timer, listen: hs.listen, watch: stoppedWatch}
	hs.run(hs.m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	if len(hs.m.tree.shown) == 0 || hs.m.items.loading {
		t.Fatalf("the first load did not end\n%s", hs.view())
	}
	return hs
}

// stoppedTimer is a timer of the harness, where time never passes: its
// Cmd gives no message.
func stoppedTimer(time.Duration, func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return nil }
}

// timer is stoppedTimer, noting what was asked for.
func (h *harness) timer(wait time.Duration, msg func(time.Time) tea.Msg) tea.Cmd {
	h.timers = append(h.timers, armedTimer{wait, msg})
	return stoppedTimer(wait, msg)
}

// stoppedWatch never sees a change: the tests send pollMsg themselves.
func stoppedWatch(context.Context, time.Duration, func() bool, tea.Msg) tea.Cmd {
	return func() tea.Msg { return nil }
}

// listen notes the engine's channel; the harness reads it itself.
func (h *harness) listen(events <-chan engine.Event) tea.Cmd {
	h.events = events
	return nil
}

// run queues cmd and settles.
func (h *harness) run(cmd tea.Cmd) {
	h.queue = append(h.queue, cmd)
	h.settle()
}

// send applies msg and settles.
func (h *harness) send(msg tea.Msg) {
	h.handle(msg)
	h.settle()
}

// settle runs the queued Cmds, first in first out, until none is left;
// the engine's events waiting in its channel are handled before each
// Cmd's message.
func (h *harness) settle() {
	for len(h.queue) > 0 {
		cmd := h.queue[0]
		h.queue = h.queue[1:]
		if cmd != nil {
			msg := cmd()
			h.engineEvents()
			h.handle(msg)
		}
	}
}

// engineEvents handles the events waiting in the engine's channel, in
// batches, as the runtime's listener delivers events that wait.
func (h *harness) engineEvents() {
	for h.events != nil && !h.closed {
		var evs []engine.Event
		for more := true; more && len(evs) < maxBatch; {
			select {
			case ev, ok := <-h.events:
				if h.closed = !ok; ok {
					evs = append(evs, ev)
				}
				more = ok
			default:
				more = false
			}
		}
		if len(evs) > 0 {
			h.handle(engineBatchMsg{evs})
		}
		if h.closed {
			h.handle(engineClosedMsg{})
		}
		if len(evs) < maxBatch {
			return
		}
	}
}

// engineEvent is the message the model's listener makes of a receive.
func engineEvent(ev engine.Event, ok bool) tea.Msg {
	if !ok {
		return engineClosedMsg{}
	}
	return engineMsg{ev}
}

// handle applies one message: batches queue their Cmds, a sequence runs
// its Cmds in order (each message handled before the next Cmd runs), Quit
// is recorded, anything else goes to Update, whose Cmd is queued, and
// View draws after it, as the runtime draws after every message.
func (h *harness) handle(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
		return
	case tea.QuitMsg:
		h.quit = true
		return
	case tea.BatchMsg:
		h.queue = append(h.queue, msg...)
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := range v.Len() {
			if c := v.Index(i).Interface().(tea.Cmd); c != nil {
				h.handle(c())
			}
		}
		return
	}
	switch msg := msg.(type) {
	case countsMsg:
		if !msg.unchanged {
			h.countReads++
		}
	case itemsMsg:
		h.listReads++
	}
	_, cmd := h.m.Update(msg)
	h.m.View() // as the runtime does after every message: the kept views are tested
	h.queue = append(h.queue, cmd)
}

// waitFor settles and handles the engine's events as they come until cond
// holds; it fails after 10 s. cond is also checked every 10 ms, for work
// of the engine's that ends without an event.
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	h.settle()
	h.engineEvents()
	h.settle()
	deadline := time.After(10 * time.Second)
	check := time.NewTicker(10 * time.Millisecond)
	defer check.Stop()
	for !cond() {
		var events <-chan engine.Event
		if !h.closed {
			events = h.events
		}
		select {
		case ev, ok := <-events:
			h.closed = !ok
			h.send(engineEvent(ev, ok))
		case <-check.C:
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s\n%s", what, h.view())
		}
	}
}

// keys presses each key in turn: "enter", "esc", "tab", "up", "down",
// "pgup", "pgdown", "ctrl+c", "shift+tab", or runes.
func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

// keyMsg is the key message of a key name, as Bubble Tea names keys
// ("ctrl+u", "pgdown", "space" for " "); anything else is runes.
func keyMsg(k string) tea.KeyMsg {
	if k == "space" {
		k = " "
	}
	msg, _ := keyMsgOf(k)
	return msg
}

// typeText types s into the open dialog, as one burst of runes (a text
// input takes them all, as it does a fast typist's).
func (h *harness) typeText(s string) {
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)})
}

// view is the screen without styles. Every view is also a test of the
// kept panes' views (viewcache.go): the screen must be the one every pane
// drawn afresh would make.
func (h *harness) view() string {
	h.t.Helper()
	kept := h.m.View()
	h.m.views.staleAll()
	if fresh := h.m.View(); fresh != kept {
		h.t.Errorf("a kept pane's view is stale; the screen:\n%s\nwhat the panes draw now:\n%s", ansi.Strip(kept), ansi.Strip(fresh))
	}
	return ansi.Strip(kept)
}

// shownNodes are the tree's rows on screen, top to bottom.
func shownNodes(t *treePane) []node {
	out := make([]node, len(t.shown))
	for i := range t.shown {
		out[i] = *t.at(i)
	}
	return out
}

// selectNode moves the tree's cursor to the node labelled label.
func (h *harness) selectNode(label string) {
	h.t.Helper()
	for i, n := range shownNodes(h.m.tree) {
		if n.label == label {
			h.send(nodeSelectedMsgFor(h.m, i))
			h.waitFor("items of "+label, func() bool { return !h.m.items.loading })
			return
		}
	}
	h.t.Fatalf("no tree node %q", label)
}

func nodeSelectedMsgFor(m *Model, i int) tea.Msg {
	if cmd := m.tree.selectRow(i); cmd != nil {
		return cmd()
	}
	return nil
}

// fixture is a populated store: two folders, feeds with unread items, a
// feed whose last download failed and one that ended.
type fixture struct {
	st                   *store.Store
	gopher, wire, broken int64
	ended                int64
}

// otherProcess opens the fixture's database a second time, as another
// process (a cron sync, a second reader) does: what it commits is what
// the reader's poll notices.
func (f *fixture) otherProcess(t testing.TB) *store.Store {
	t.Helper()
	other, err := store.Open(context.Background(), f.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	other.SetClock(func() time.Time { return testNow })
	t.Cleanup(func() { other.Close() })
	return other
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.SetClock(func() time.Time { return testNow })
	f := &fixture{st: st}
	f.gopher = addFeed(t, st, "http://127.0.0.1:9/gopher.xml", "Tech/Go", "Gopher Notes", gopherItems())
	f.wire = addFeed(t, st, "http://127.0.0.1:9/wire.xml", "News", "Daily Wire", wireItems())
	f.broken = addFeed(t, st, "http://127.0.0.1:9/broken.xml", "", "Broken Feed", nil)
	f.ended = addFeed(t, st, "http://127.0.0.1:9/ended.xml", "", "Olympics Live", []document.Item{
		{GUID: "o1", Title: "Closing ceremony", Content: "<p>Thanks for reading.</p>", Published: day(2)}})
	if _, err := st.RecordFailure(ctx, f.broken, store.Failure{At: testNow, Status: 503, NextSyncAt: testNow.Add(time.Hour),
		Error: "fetch http://127.0.0.1:9/broken.xml: 503 Service Unavailable", Counted: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.RecordDownload(ctx, f.ended, store.Download{At: testNow, Status: 304, NotModified: true,
		NextSyncAt: testNow.Add(time.Hour), Stop: store.StoppedEnded}); err != nil {
		t.Fatal(err)
	}
	return f
}

func day(n int) *time.Time {
	t := testNow.Add(-time.Duration(n) * 24 * time.Hour)
	return &t
}

func addFeed(t testing.TB, st *store.Store, url, folder, title string, items []document.Item) int64 {
	t.Helper()
	ctx := context.Background()
	id, err := st.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse(url), FolderPath: folder})
	if err != nil {
		t.Fatal(err)
	}
	doc := &document.Document{Title: title, Link: "http://127.0.0.1:9/", Items: items}
	if _, err := st.RecordDownload(ctx, id, store.Download{At: testNow, Status: 200, NextSyncAt: testNow.Add(time.Hour),
		Document: doc, BytesReceived: 4096, FullBytes: 4096, MaxItems: 200}); err != nil {
		t.Fatal(err)
	}
	return id
}

func gopherItems() []document.Item {
	return []document.Item{
		{GUID: "g1", Title: "Why ETags matter", Link: "https://gopher.test/etags", Author: "Ann",
			Published: day(0), Content: `<h2>Conditional GET</h2><p>Send the <a href="https://example.com/etag">ETag</a> back,
			and the server answers <code>304</code>.</p><ul><li>saves bytes</li><li>saves time</li></ul>
			<blockquote><p>Be polite to servers.</p></blockquote><pre>if etag != "" {
	req.Header.Set("If-None-Match", etag)
}</pre><p><img src="https://example.com/a.png" alt="a diagram"></p><ol><li>first</li><li>second</li></ol>`},
		{GUID: "g2", Title: "Parsing feeds without tears", Link: "https://gopher.test/parsing", Published: day(1),
			Content: "<p>Parsers are forgiving.</p>"},
		{GUID: "g3", Title: "Happy new year", Link: "https://gopher.test/ny", Published: day(40),
			Content: "<p>A new year.</p>", Enclosures: []document.Enclosure{{URL: "https://gopher.test/ny.mp3", Type: "audio/mpeg", Length: 1000}}},
	}
}

func wireItems() []document.Item {
	return []document.Item{
		{GUID: "w1", Title: "Council approves bike lanes", Link: "https://wire.test/bikes", Published: day(0),
			Content: "<p>The vote was 7 to 2.</p>"},
		{GUID: "w2", Title: "Library extends weekend hours", Link: "https://wire.test/library", Published: day(3),
			Content: "<p>Open until 8 on Saturdays.</p>"},
	}
}

// unread returns a feed's unread count from the store.
func unread(t testing.TB, st *store.Store, id int64) int {
	t.Helper()
	f, err := st.Feed(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return f.UnreadCount
}

// item returns one item from the store.
func itemByTitle(t testing.TB, st *store.Store, title string) store.Item {
	t.Helper()
	items, err := st.Items(context.Background(), store.ItemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.Title == title {
			return it
		}
	}
	t.Fatalf("no item %q", title)
	return store.Item{}
}
