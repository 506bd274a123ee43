package ui

import (
	"strings"
	"testing"
)

// treeText is the tree's rows' labels, joined by "|".
func treeText(h *harness) string { return strings.Join(treeLabels(h), "|") }

// treeRow is the tree's drawn row labelled label, without styles.
func treeRow(h *harness, label string) string {
	for _, line := range strings.Split(h.view(), "\n") {
		if strings.Contains(line, " "+label+"/") {
			return line
		}
	}
	return ""
}

// Missing: c folds a folder (its sub-folders and feeds out of sight, its
// unread total still shown, marked +), and the next reader finds it
// folded; c again opens it; c on a feed folds the feed's folder.
func TestCFoldsAFolder(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Tech")
	h.keys("c")
	if got := treeText(h); strings.Contains(got, "Gopher Notes") || strings.Contains(got, "|Go|") || !strings.Contains(got, "Daily Wire|Tech|Broken Feed") {
		t.Errorf("Tech folded shows %s", got)
	}
	if row := treeRow(h, "Tech"); !strings.HasPrefix(strings.TrimSpace(row), "+ Tech/") || !strings.HasSuffix(strings.TrimSpace(strings.SplitN(row, "│", 2)[0]), " 3") {
		t.Errorf("the folded row: %q", row)
	}
	if n := h.m.tree.node(); n.kind != nodeFolder || n.path != "Tech" {
		t.Errorf("the selection moved to %+v", n)
	}

	h2 := newHarness(t, f.st, 160, 45) // the next reader
	if got := treeText(h2); strings.Contains(got, "Gopher Notes") {
		t.Errorf("the next reader shows Tech open: %s", got)
	}
	h2.selectNode("Tech")
	h2.keys("c")
	if got := treeText(h2); !strings.Contains(got, "Tech|Go|Gopher Notes") {
		t.Errorf("c again does not open Tech: %s", got)
	}
	if got := treeText(newHarness(t, f.st, 160, 45)); !strings.Contains(got, "Gopher Notes") {
		t.Errorf("opened, Tech is folded for the next reader: %s", got)
	}

	h2.selectNode("Daily Wire")
	h2.keys("c")
	if n := h2.m.tree.node(); n.kind != nodeFolder || n.path != "News" || strings.Contains(treeText(h2), "Daily Wire") {
		t.Errorf("c on a feed: selected %+v, tree %s", n, treeText(h2))
	}
	if !strings.Contains(h2.m.items.title, "News") {
		t.Errorf("the list does not follow to News: %q", h2.m.items.title)
	}
	h2.selectNode("All items")
	h2.keys("c")
	if !h2.m.status.isError || !strings.Contains(h2.m.status.message, "c folds a folder") {
		t.Errorf("c on All items: %q", h2.m.status.message)
	}
}
