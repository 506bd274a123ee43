package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine"
)

func TestEnclosureEventsInTheStatusLine(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	u := "https://gopher.test/ny.mp3"
	h.send(engineMsg{engine.EnclosureQueued{URL: u}})
	h.send(engineMsg{engine.EnclosureProgress{URL: u, Bytes: 500, Total: 1000}})
	if !strings.Contains(h.view(), "enclosures 1 [█████·····]") {
		t.Errorf("no progress bar:\n%s", h.view())
	}
	h.send(engineMsg{engine.EnclosureCompleted{URL: u, Path: "/tmp/ny.mp3"}})
	if len(h.m.status.enclosures) != 0 || !strings.Contains(h.m.status.message, "downloaded /tmp/ny.mp3") {
		t.Errorf("completed: %+v %q", h.m.status.enclosures, h.m.status.message)
	}
	h.send(engineMsg{engine.EnclosureFailed{URL: u, Err: errors.New("blocked type\x1b[2J")}})
	if !strings.Contains(h.view(), "last error: https://gopher.test/ny.mp3: blocked type[2J") {
		t.Errorf("failure not shown (sanitized):\n%s", h.view())
	}
}
