package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// benchFixture is a store of 2,000 feeds in 120 folders with 20 items each
// (40,000 items), built through the store's API. The store package's
// generator of 500,000 items is test-only and unexported (see the store
// package's documentation for its benchmarks).
//
// With TIDINGS_BENCH_DB naming the database the store benchmarks generate
// (2,000 feeds, 500,000 items), that database is used instead.
func benchFixture(b *testing.B) *store.Store {
	b.Helper()
	ctx := context.Background()
	if path := os.Getenv("TIDINGS_BENCH_DB"); path != "" {
		st, err := store.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		return st
	}
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	for f := range 2000 {
		id, err := st.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse(fmt.Sprintf("http://f%d.test/feed", f)),
			FolderPath: fmt.Sprintf("Folder %02d/Sub %d", f%20, f%5)})
		if err != nil {
			b.Fatal(err)
		}
		doc := &document.Document{Title: fmt.Sprintf("Feed %d", f)}
		for i := range 20 {
			p := testNow.Add(-time.Duration(f*20+i) * time.Minute)
			doc.Items = append(doc.Items, document.Item{GUID: fmt.Sprint(i), Title: fmt.Sprintf("Item %d of feed %d", i, f),
				Published: &p, Content: "<p>Some words of content for the reader.</p>"})
		}
		if _, err := st.RecordDownload(ctx, id, store.Download{At: testNow, Status: 200, Document: doc, MaxItems: 200}); err != nil {
			b.Fatal(err)
		}
	}
	return st
}

// BenchmarkFirstFrame measures New, the first loads (tree counts and the
// first page of All items, as Init asks for them) and the first View at
// 160×45, with the Cmds run synchronously.
func BenchmarkFirstFrame(b *testing.B) {
	st := benchFixture(b)
	for b.Loop() {
		m := New(Options{Store: st, Renderer: NewRenderer(io.Discard, true), Now: func() time.Time { return testNow }})
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
		runSync(m, m.be.loadCounts())
		runSync(m, m.items.show("All items", store.ItemQuery{}, true))
		if m.View() == "" || len(m.items.rows) == 0 {
			b.Fatal("empty frame")
		}
	}
}

// BenchmarkKeyPress measures one j or k on the item list and the frame
// after.
func BenchmarkKeyPress(b *testing.B) {
	m := benchModel(b)
	m.setFocus(paneItems)
	for i := 0; b.Loop(); i++ {
		k := keyMsg("j")
		if i%200 >= 100 {
			k = keyMsg("k")
		}
		_, cmd := m.Update(k)
		runSync(m, cmd)
		_ = m.View()
	}
}

// BenchmarkTreeMove measures one j or k on the tree: the item list of the
// new node is read from SQL, then the frame is drawn.
func BenchmarkTreeMove(b *testing.B) {
	m := benchModel(b)
	for i := 0; b.Loop(); i++ {
		k := keyMsg("j")
		if i%400 >= 200 {
			k = keyMsg("k")
		}
		_, cmd := m.Update(k)
		runSync(m, cmd)
		_ = m.View()
	}
}

// BenchmarkKeyPressHighlighted is BenchmarkKeyPress with four highlight
// rules (title, content and folder patterns, a boolean, age).
func BenchmarkKeyPressHighlighted(b *testing.B) {
	m := benchModel(b, benchHighlights(b)...)
	m.setFocus(paneItems)
	for i := 0; b.Loop(); i++ {
		k := keyMsg("j")
		if i%200 >= 100 {
			k = keyMsg("k")
		}
		_, cmd := m.Update(k)
		runSync(m, cmd)
		_ = m.View()
	}
}

// BenchmarkFrameHighlightedUncached draws the item list with the four
// rules evaluated afresh for every visible row (the worst case: a new
// page, or every row's state changed).
func BenchmarkFrameHighlightedUncached(b *testing.B) {
	m := benchModel(b, benchHighlights(b)...)
	for b.Loop() {
		m.items.marks.seen = nil
		_ = m.View()
	}
}

func benchHighlights(b *testing.B) []config.Highlight {
	var hs []config.Highlight
	for _, r := range [][2]string{{`title ~ "of feed 1[0-9]+$"`, "red"}, {`content ~ "never there"`, "green"},
		{`folder ~ "sub 3$" and unread`, "blue"}, {`flagged or age > 400`, "yellow"}} {
		h, err := config.NewHighlight(r[0], r[1])
		if err != nil {
			b.Fatal(err)
		}
		hs = append(hs, h)
	}
	return hs
}

func benchModel(b *testing.B, highlights ...config.Highlight) *Model {
	st := benchFixture(b)
	c := config.Default()
	c.Highlights = highlights
	m := New(Options{Store: st, Config: c, Renderer: NewRenderer(io.Discard, true), Now: func() time.Time { return testNow }})
	m.wait.tick = stoppedTimer // runSync runs a Cmd to its end: a timer's would wait it out
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	runSync(m, m.be.loadCounts())
	runSync(m, m.items.show("All items", store.ItemQuery{}, true))
	return m
}

// runSync runs cmd and what follows from it synchronously (no timers).
func runSync(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			runSync(m, c)
		}
	default:
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice {
			for i := range v.Len() {
				runSync(m, v.Index(i).Interface().(tea.Cmd))
			}
			return
		}
		_, next := m.Update(msg)
		runSync(m, next)
	}
}
