package ui

import (
	"reflect"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// BenchmarkRefreshEvents measures what the reader does with one second of
// a 2,000-feed refresh (benchFixture's store): 90 downloads, 22 of them
// with a new item, each sending the events the engine sends (downloading,
// completed, the feed's counts, its folder's and the parent's). The
// runtime is played as Bubble Tea plays it: the listener's messages
// (batches of what waits, without the wait for the next frame), every
// message's Cmds run to their end, View after every message. "queued"
// has the second's events wait in the engine's channel at once, as when
// the reader is busy; "paced" has them come over the 60 frames of the
// second, as when it keeps up. It reports ns, allocations, full count
// reads, list reads and Views per event.
func BenchmarkRefreshEvents(b *testing.B) {
	for _, frames := range []struct {
		name string
		n    int
	}{{"queued", 1}, {"paced", batchRate}} {
		b.Run(frames.name, func(b *testing.B) { benchRefresh(b, frames.n) })
	}
}

func benchRefresh(b *testing.B, frames int) {
	m := benchModel(b)
	m.wait.tick = stoppedTimer
	m.wait.listen = func(<-chan engine.Event) tea.Cmd { return nil }
	m.log = syncLogCursor{ready: true}
	burst := refreshBurst(m.tree.data)
	events := make(chan engine.Event, len(burst[0]))
	listener := &batcher{} // no frame: the work, not the wait between frames
	var c frameCounter
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		evs := burst[i%2]
		for f := range frames {
			for _, ev := range evs[f*len(evs)/frames : (f+1)*len(evs)/frames] {
				events <- ev
			}
			for len(events) > 0 {
				c.play(m, listener.listen(events))
			}
		}
		n += len(evs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/event")
	b.ReportMetric(float64(c.counts)/float64(n), "countreads/event")
	b.ReportMetric(float64(c.lists)/float64(n), "listreads/event")
	b.ReportMetric(float64(c.views)/float64(n), "views/event")
}

// refreshBurst is one second of a refresh, twice: the first burst adds an
// unread item to 22 feeds, the second takes it away again, so that the
// counts move in every burst and the store's counts hold between them.
func refreshBurst(d treeData) [2][]engine.Event {
	folders := map[string]store.FolderCount{}
	for _, f := range d.folders {
		folders[f.Path] = f
	}
	var out [2][]engine.Event
	for k := range 2 {
		for i := range 90 {
			f := d.feeds[(i*22)%len(d.feeds)]
			more := 0
			if i%4 == 0 && k == 0 {
				more = 1
			}
			out[k] = append(out[k], engine.FeedDownloading{FeedID: f.ID, URL: f.URL},
				engine.FeedDownloadCompleted{FeedID: f.ID, URL: f.URL, NewItems: more},
				engine.FeedItemCountChanged{FeedID: f.ID, Count: f.ItemCount + more, Unread: f.UnreadCount + more})
			for p := f.FolderPath; p != ""; p = parentPath(p) {
				c := folders[p]
				out[k] = append(out[k], engine.FolderItemCountChanged{FolderID: c.ID, Path: p, Count: c.Items + more, Unread: c.Unread + more})
			}
		}
	}
	return out
}

// parentPath is the folder above path ("" at the top).
func parentPath(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[:i]
		}
	}
	return ""
}

// frameCounter plays Cmds as the runtime does, counting the store reads
// their messages carry and the Views drawn.
type frameCounter struct{ counts, lists, views int }

func (c *frameCounter) play(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, next := range msg {
			c.play(m, next)
		}
	default:
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
			for i := range v.Len() {
				c.play(m, v.Index(i).Interface().(tea.Cmd))
			}
			return
		}
		switch msg.(type) {
		case countsMsg:
			c.counts++
		case itemsMsg:
			c.lists++
		}
		_, next := m.Update(msg)
		_ = m.View()
		c.views++
		c.play(m, next)
	}
}
