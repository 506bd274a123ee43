package ui

import (
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

// Missing: ctrl+g opens a prompt on the status line (the panes stay in
// sight); what is typed selects, live, the first feed whose title holds
// it in any case, Unicode's too, opening a folded folder; tab goes to the
// next match; enter reads the feed, esc goes back.
func TestCtrlGGoesToAFeedByName(t *testing.T) {
	f := newFixture(t)
	addFeed(t, f.st, "http://127.0.0.1:9/strasse.xml", "", "Straße der Nachrichten", []document.Item{{GUID: "s1", Title: "Neu", Published: day(1)}})
	addFeed(t, f.st, "http://127.0.0.1:9/greek.xml", "Tech", "ΣΟΦΙΑ Weekly", nil)
	h := newHarness(t, f.st, 160, 45)
	selected := func() string { return h.m.tree.node().label }

	h.selectNode("Tech")
	h.keys("c") // folded: Gopher Notes is out of sight
	h.selectNode("Unread")
	h.keys("ctrl+g")
	if h.m.dialog == nil || !strings.Contains(h.view(), "go to feed:") || !strings.Contains(h.view(), "Unread") {
		t.Fatalf("ctrl+g shows no prompt over the panes:\n%s", h.view())
	}
	h.typeText("GOPH") // one burst, as a fast typist's
	if selected() != "Gopher Notes" || !strings.Contains(h.m.items.title, "Gopher Notes") {
		t.Errorf("GOPH selects %q, the list shows %q", selected(), h.m.items.title)
	}
	h.keys("backspace", "backspace", "backspace", "backspace")
	h.typeText("strasse")
	if selected() != "Straße der Nachrichten" {
		t.Errorf("strasse selects %q", selected())
	}
	h.keys("ctrl+u")
	h.typeText("σοφια")
	if selected() != "ΣΟΦΙΑ Weekly" {
		t.Errorf("σοφια selects %q", selected())
	}
	h.keys("esc")
	if h.m.dialog != nil || selected() != "Unread" {
		t.Errorf("esc: dialog %v, selected %q", h.m.dialog, selected())
	}

	h.keys("ctrl+g")
	h.typeText("LY")
	first := selected()
	if !strings.Contains(h.view(), "1/3") {
		t.Errorf("three matches are not said:\n%s", h.view())
	}
	h.keys("tab")
	if second := selected(); first != "Daily Wire" || second != "ΣΟΦΙΑ Weekly" || !strings.Contains(h.view(), "2/3") {
		t.Errorf("LY then tab: %q, %q", first, second)
	}
	h.typeText("zz")
	if !strings.Contains(h.view(), "no feed's title holds this") {
		t.Errorf("no match is not said:\n%s", h.view())
	}
	h.keys("backspace", "backspace", "enter")
	if h.m.dialog != nil || h.m.focus != paneItems {
		t.Errorf("enter does not read the feed: dialog %v, focus %v", h.m.dialog, h.m.focus)
	}

	h.keys("l", "ctrl+g") // l hides Broken Feed (nothing unread): not a match
	h.typeText("broken")
	if !strings.Contains(h.view(), "no feed's title holds this") {
		t.Errorf("a feed l hides is found:\n%s", h.view())
	}
	h.keys("esc")
}
