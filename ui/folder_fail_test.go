package ui

import (
	"strings"
	"testing"
)

// A failed folder rename read like a success ("renamed Tech to News: …
// exists"): the status line says the rename failed.
func TestFailedFolderRenameSaysSo(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Tech")
	h.keys("E", "ctrl+u")
	h.typeText("News")
	h.keys("enter")
	h.waitFor("the answer", func() bool { return h.m.status.isError })
	if msg := h.m.status.message; strings.HasPrefix(msg, "renamed") || !strings.HasPrefix(msg, "cannot rename Tech to News: ") {
		t.Errorf("a failed rename said %q", msg)
	}
}
