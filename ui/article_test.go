package ui

import (
	"context"
	"strings"
	"testing"
)

// The settings dialog carries full text like its other fields, saved
// through the engine's ChangeSettings and shown again when it reopens.
func TestSettingsFullText(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Daily Wire")
	h.keys("E")
	if !strings.Contains(h.view(), "Full text       [off]  on") {
		t.Fatalf("the dialog lacks full text, off:\n%s", h.view())
	}
	h.keys("tab", "tab", "tab", "tab", "tab", "tab", "tab", "right", "enter")
	h.waitFor("full text stored", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.wire)
		return fd.FullText
	})
	if fd, _ := f.st.Feed(context.Background(), f.wire); fd.DownloadEnclosures || fd.Watch || fd.Title != "Daily Wire" {
		t.Errorf("full text changed other settings: %+v", fd)
	}
	h.keys("E")
	if !strings.Contains(h.view(), "Full text        off  [on]") {
		t.Fatalf("the dialog does not show full text on:\n%s", h.view())
	}
	h.keys("tab", "tab", "tab", "tab", "tab", "tab", "tab", "left", "enter")
	h.waitFor("full text off", func() bool {
		fd, _ := f.st.Feed(context.Background(), f.wire)
		return !fd.FullText
	})
}
