package ui

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// Folding folders (c): a folded folder's sub-folders and feeds are out of
// sight, its row still counts their unread items, and it stays folded for
// the next reader (store.SetFolderCollapsed).

// toggleFold is c on the tree: the selected folder folds or opens; on a
// feed in a folder, that folder folds and is selected.
func (t *treePane) toggleFold() tea.Cmd {
	n := t.node()
	switch {
	case n.kind == nodeFeed && n.path != "":
		n = t.folderNode(n.path)
	case n.kind != nodeFolder:
		t.out.say("", errors.New("c folds a folder: select one, or a feed in one"))
		return nil
	}
	fold, sel := !t.isFolded(n.path), t.node().key()
	t.setFolded(n.path, fold)
	t.out.say(map[bool]string{true: "folded " + oneLine(n.path) + " (c opens it)", false: "opened " + oneLine(n.path)}[fold], nil)
	for i := range t.shown {
		if m := t.at(i); m.kind == nodeFolder && m.path == n.path {
			t.cursor = i
		}
	}
	t.scroll()
	save := t.be.setFolded(n.path, fold)
	if t.node().key() == sel {
		return save
	}
	moved := t.selection()
	return tea.Batch(func() tea.Msg { return moved }, save)
}

// folderNode is the node of the folder at path.
func (t *treePane) folderNode(path string) node {
	for _, n := range t.all {
		if n.kind == nodeFolder && n.path == path {
			return n
		}
	}
	return node{kind: nodeFolder, path: path}
}

// setFolded folds or opens a folder for this reader (the store keeps it
// apart) and lays the rows out again.
func (t *treePane) setFolded(path string, fold bool) {
	if t.folded == nil {
		t.folded = map[string]bool{}
	}
	t.folded[path] = fold
	t.setData(t.data.feeds, t.data.folders, t.data.flagged, t.data.searches)
}

// unfoldTo opens the folders above a feed in folder path, for this
// reader, so that the feed can be selected.
func (t *treePane) unfoldTo(path string) {
	changed := false
	for p := path; p != ""; p = store.ParentFolder(p) {
		if t.isFolded(p) {
			if t.folded == nil {
				t.folded = map[string]bool{}
			}
			t.folded[p], changed = false, true
		}
	}
	if changed {
		t.setData(t.data.feeds, t.data.folders, t.data.flagged, t.data.searches)
	}
}

// isFolded reports whether the folder at path is folded: as this reader
// last set it, else as the store keeps it.
func (t *treePane) isFolded(path string) bool {
	if f, ok := t.folded[path]; ok {
		return f
	}
	for _, f := range t.data.folders {
		if f.Path == path {
			return f.Collapsed
		}
	}
	return false
}

// unfolded is the rows of idx (indexes in all) without what folded
// folders hide; a folder node says whether it is folded. It filters idx
// in place.
func (t *treePane) unfolded(idx []int32) []int32 {
	out := idx[:0]
	hidden := "" // the folded folder whose subtree is being skipped
	for _, i := range idx {
		n := &t.all[i]
		switch {
		case hidden != "" && (n.kind == nodeFeed || n.kind == nodeFolder) && (n.path == hidden || strings.HasPrefix(n.path, hidden+"/")):
			continue
		case n.kind == nodeFolder:
			hidden = ""
			if n.folded = t.isFolded(n.path); n.folded {
				hidden = n.path
			}
		}
		out = append(out, i)
	}
	return out
}
