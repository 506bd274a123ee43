package ui

import (
	"context"
	"strings"
	"testing"
)

// d and E on a saved search said "select a feed first": E edits its name
// and expression, d removes it (after asking).
func TestSavedSearchEditAndRemove(t *testing.T) {
	f := newFixture(t)
	saveSearches(t, f.st, "Fresh", `age < 2`)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Fresh")
	h.keys("E")
	if h.m.dialog == nil || !strings.Contains(h.view(), "age < 2") {
		t.Fatalf("E on a saved search:\n%s", h.view())
	}
	h.typeText("er")
	h.keys("tab")
	h.typeText(" and unread")
	h.keys("enter")
	h.waitFor("renamed", func() bool { return h.m.status.message == "saved search Fresher" })
	searches, err := f.st.SavedSearches(context.Background())
	if err != nil || len(searches) != 1 || searches[0].Name != "Fresher" || searches[0].Expr != "age < 2 and unread" {
		t.Fatalf("saved searches after E: %+v, %v", searches, err)
	}
	h.selectNode("Fresher")
	h.keys("d")
	if h.m.dialog == nil || !strings.Contains(h.view(), "Remove the saved search Fresher?") {
		t.Fatalf("d on a saved search:\n%s", h.view())
	}
	h.keys("y")
	h.waitFor("removed", func() bool { return h.m.status.message == "removed saved search Fresher" })
	if searches, _ := f.st.SavedSearches(context.Background()); len(searches) != 0 {
		t.Errorf("saved searches after d: %+v", searches)
	}
	if strings.Contains(h.view(), "Saved searches") {
		t.Errorf("the tree still shows the section:\n%s", h.view())
	}
}
