package ui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tidings-rss/tidings/engine"
)

// enclosureEvent tracks enclosure downloads for the status line: queued
// and in-flight ones with their progress; a failure becomes the last error.
func (s *statusBar) enclosureEvent(ev engine.Event) {
	switch ev := ev.(type) {
	case engine.EnclosureQueued:
		s.enclosures[ev.URL] = enclosureProgress{}
	case engine.EnclosureProgress:
		s.enclosures[ev.URL] = enclosureProgress{done: ev.Bytes, total: ev.Total}
	case engine.EnclosureCompleted:
		delete(s.enclosures, ev.URL)
		s.set("downloaded "+oneLine(ev.Path), nil)
	case engine.EnclosureFailed:
		delete(s.enclosures, ev.URL)
		s.lastError = oneLine(ev.URL) + ": " + oneLine(ev.Err.Error())
	}
}

// enclosureView draws the enclosures in flight, with a bar for one.
func (s *statusBar) enclosureView() string {
	if len(s.enclosures) == 0 {
		return ""
	}
	var done, total int64
	keys := make([]string, 0, len(s.enclosures))
	for k, p := range s.enclosures {
		keys = append(keys, k)
		done, total = done+p.done, total+p.total
	}
	sort.Strings(keys)
	return fmt.Sprintf("enclosures %d %s", len(keys), bar(done, total, 10))
}

// bar is a text progress bar of width cells.
func bar(done, total int64, width int) string {
	if total <= 0 {
		return "[" + strings.Repeat("·", width) + "]"
	}
	n := int(min(done*int64(width)/total, int64(width)))
	return "[" + strings.Repeat("█", n) + strings.Repeat("·", width-n) + "]"
}
