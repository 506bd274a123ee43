package ui

import (
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/tidings-rss/tidings/engine"
)

// enclosureProgress is one enclosure queued or downloading.
type enclosureProgress struct {
	name        string
	done, total int64
	started     bool
}

// enclosureEvent follows enclosure downloads for the status line: queued
// and in-flight ones with their progress; a failure stays as an error
// until that file downloads or the person dismisses it.
func (s *statusBar) enclosureEvent(ev engine.Event) {
	switch ev := ev.(type) {
	case engine.EnclosureQueued:
		s.enclosures[ev.EnclosureID] = enclosureProgress{name: fileName(ev.URL)}
	case engine.EnclosureProgress:
		s.enclosures[ev.EnclosureID] = enclosureProgress{name: fileName(ev.URL), done: ev.Bytes, total: ev.Total, started: true}
	case engine.EnclosureCompleted:
		delete(s.enclosures, ev.EnclosureID)
		s.errors.drop(enclosureErrorKey(ev.EnclosureID))
		s.set("downloaded "+oneLine(ev.Path), nil)
	case engine.EnclosureRemoved:
		delete(s.enclosures, ev.EnclosureID)
		s.errors.drop(enclosureErrorKey(ev.EnclosureID))
	case engine.EnclosureFailed:
		delete(s.enclosures, ev.EnclosureID)
		s.errors.put(enclosureErrorKey(ev.EnclosureID), fileName(ev.URL)+": "+oneLine(engine.Reason(ev.Err)))
	}
}

func enclosureErrorKey(id int64) string { return fmt.Sprint("enclosure ", id) }

// fileName is the last segment of a URL's path, for naming a download.
func fileName(u string) string {
	name := u
	if p, err := url.Parse(u); err == nil && p.Path != "" {
		name = path.Base(p.Path)
	}
	return oneLine(name)
}

// enclosureView draws the enclosures in flight: the file downloading (the
// first by name when several do) with its percent and bytes, and how many
// more are queued or downloading.
func (s *statusBar) enclosureView() string {
	if len(s.enclosures) == 0 {
		return ""
	}
	var active []enclosureProgress
	for _, p := range s.enclosures {
		if p.started {
			active = append(active, p)
		}
	}
	sort.Slice(active, func(i, j int) bool { return active[i].name < active[j].name })
	if len(active) == 0 {
		return "↓ " + plural(len(s.enclosures), "enclosure") + " queued"
	}
	p := active[0]
	line := "↓ " + p.name + " " + progressText(p.done, p.total)
	if more := len(s.enclosures) - 1; more > 0 {
		line += fmt.Sprintf(" (+%d)", more)
	}
	return line
}

// progressText is "45% 4.5 MB/10.0 MB" with a bar, or the bytes so far
// when the size is unknown.
func progressText(done, total int64) string {
	if total <= 0 {
		return humanBytes(done)
	}
	return fmt.Sprintf("%s %d%% %s/%s", bar(done, total, 10), done*100/total, humanBytes(done), humanBytes(total))
}

// bar is a text progress bar of width cells.
func bar(done, total int64, width int) string {
	if total <= 0 {
		return "[" + strings.Repeat("·", width) + "]"
	}
	n := int(min(done*int64(width)/total, int64(width)))
	return "[" + strings.Repeat("█", n) + strings.Repeat("·", width-n) + "]"
}
