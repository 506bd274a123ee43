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

// harness drives a Model as the Bubble Tea runtime would: it runs the
// Cmds Update returns in goroutines and feeds their messages back.
type harness struct {
	t      testing.TB
	m      *Model
	st     *store.Store
	msgs   chan tea.Msg
	quit   bool
	opened []string
	copied []string
}

type harnessOpt func(*Options)

func withEngine(e *engine.Engine) harnessOpt { return func(o *Options) { o.Engine = e } }

// withOptions changes any option.
func withOptions(f func(*Options)) harnessOpt { return f }

// newHarness opens the model on st at w×h and settles the first load.
func newHarness(t testing.TB, st *store.Store, w, h int, opts ...harnessOpt) *harness {
	t.Helper()
	hs := &harness{t: t, st: st, msgs: make(chan tea.Msg, 1024)}
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
	hs.run(hs.m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.waitFor("first load", func() bool { return len(hs.m.tree.nodes) > 0 && !hs.m.items.loading })
	return hs
}

// run starts cmd; its message arrives on h.msgs.
func (h *harness) run(cmd tea.Cmd) {
	if cmd != nil {
		go func() { h.msgs <- cmd() }()
	}
}

// handle applies one message: batches and sequences fan out, Quit is
// recorded, anything else goes to Update.
func (h *harness) handle(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
		return
	case tea.QuitMsg:
		h.quit = true
		return
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := range v.Len() {
			h.run(v.Index(i).Interface().(tea.Cmd))
		}
		return
	}
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// send applies msg and settles.
func (h *harness) send(msg tea.Msg) {
	h.handle(msg)
	h.settle()
}

// settle applies messages until none has arrived for a while (Cmds that
// wait on timers or the engine stay pending).
func (h *harness) settle() {
	for {
		select {
		case msg := <-h.msgs:
			h.handle(msg)
		case <-time.After(60 * time.Millisecond):
			return
		}
	}
}

// waitFor applies messages until cond holds, failing after 10 s.
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case msg := <-h.msgs:
			h.handle(msg)
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s\n%s", what, h.view())
		}
	}
	h.settle()
}

// keys presses each key in turn: "enter", "esc", "tab", "up", "down",
// "pgup", "pgdown", "ctrl+c", "shift+tab", or runes.
func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

func keyMsg(k string) tea.KeyMsg {
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"shift+tab": tea.KeyShiftTab, "up": tea.KeyUp, "down": tea.KeyDown, "pgup": tea.KeyPgUp,
		"pgdown": tea.KeyPgDown, "ctrl+c": tea.KeyCtrlC, "backspace": tea.KeyBackspace, "left": tea.KeyLeft,
		"right": tea.KeyRight, "space": tea.KeySpace}
	if t, ok := types[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// typeText types s into the open dialog, as one burst of runes (a text
// input takes them all, as it does a fast typist's).
func (h *harness) typeText(s string) {
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)})
}

// view is the screen without styles.
func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// selectNode moves the tree's cursor to the node labelled label.
func (h *harness) selectNode(label string) {
	h.t.Helper()
	for i, n := range h.m.tree.nodes {
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
