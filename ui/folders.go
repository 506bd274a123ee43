package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// The names of the folder forms' fields.
const (
	fieldName = "name"
	fieldInto = "into"
)

// openRenameFolder is E on a folder: a new name, in the same parent.
func (t *treePane) openRenameFolder(n node) tea.Cmd {
	parent := store.ParentFolder(n.path)
	f := newForm(t.styles, "Rename folder "+oneLine(n.path), func(v formValues) (tea.Cmd, error) {
		name := strings.TrimSpace(v[fieldName])
		if name == "" || strings.Contains(name, "/") {
			return nil, errors.New("a folder name is not empty and has no /; M moves a folder")
		}
		to := strings.TrimPrefix(parent+"/"+name, "/")
		return t.moveFolder(n.path, to, "rename"), nil
	}, textField(fieldName, "Name", n.label, "new name"))
	f.action = "rename"
	t.out.post(openDialogMsg{f})
	return nil
}

// openMove is M: the selected feed into another folder, or the selected
// folder (with everything in it) under another parent.
func (t *treePane) openMove(tg feedTarget) tea.Cmd {
	if n, ok := t.selectedFolder(tg); ok {
		name := n.label
		f := newForm(t.styles, "Move folder "+oneLine(n.path), func(v formValues) (tea.Cmd, error) {
			to := strings.Trim(strings.TrimSpace(v[fieldInto])+"/"+name, "/")
			return t.moveFolder(n.path, to, "move"), nil
		}, t.folderField(fieldInto, "Into", store.ParentFolder(n.path), n.path))
		f.action, f.note = "move", "The folder keeps its name, its feeds and its sub-folders."
		t.out.post(openDialogMsg{f})
		return nil
	}
	feed := t.selectedFeed(tg)
	if feed == nil {
		return t.noFeed()
	}
	id, title := feed.ID, oneLine(feed.Title)
	f := newForm(t.styles, "Move "+title, func(v formValues) (tea.Cmd, error) {
		to := v[fieldFolder]
		return t.be.folderAction(fmt.Sprintf("moved %s to %s", title, folderName(to)), fmt.Sprintf("cannot move %s to %s", title, folderName(to)),
			func(ctx context.Context, e *engine.Engine) error { return e.MoveFeed(ctx, id, to) }), nil
	}, t.folderField(fieldFolder, "Folder", feed.FolderPath, ""))
	f.action, f.note = "move", "A folder that does not exist is created."
	t.out.post(openDialogMsg{f})
	return nil
}

// folderField is the Move dialog's folder field: tab completes the
// existing folders' paths (but moving's own folder and those under it);
// a new name is taken as well.
func (t *treePane) folderField(name, label, value, moving string) field {
	fl := textField(name, label, value, "(top level)")
	var paths []string
	for _, f := range t.data.folders {
		if moving == "" || f.Path != moving && !strings.HasPrefix(f.Path, moving+"/") {
			paths = append(paths, f.Path)
		}
	}
	slices.Sort(paths)
	fl.complete = &completion{candidates: paths}
	return fl
}

// moveFolder renames or moves the folder from to to; verb is "rename"
// or "move", and the status line says "renamed A to B", or "cannot
// rename A to B" and why.
func (t *treePane) moveFolder(from, to, verb string) tea.Cmd {
	past := map[string]string{"rename": "renamed", "move": "moved"}[verb]
	return t.be.folderAction(past+" "+from+" to "+to, "cannot "+verb+" "+from+" to "+to, func(ctx context.Context, e *engine.Engine) error { return e.MoveFolder(ctx, from, to) })
}

// openRemoveFolder is d on a folder: asked first; its feeds and
// sub-folders move up, nothing is unsubscribed.
func (t *treePane) openRemoveFolder(n node) tea.Cmd {
	parent := folderName(store.ParentFolder(n.path))
	feeds := len(t.feedsUnder(n))
	be := t.be
	t.out.post(openDialogMsg{&confirm{styles: t.styles,
		question: fmt.Sprintf("Remove folder %s? Its %s and sub-folders move to %s; nothing is unsubscribed.",
			oneLine(n.path), plural(feeds, "feed"), parent),
		yes: func() tea.Cmd {
			return be.folderAction("removed folder "+n.path, "cannot remove folder "+n.path,
				func(ctx context.Context, e *engine.Engine) error { return e.RemoveFolder(ctx, n.path) })
		}}})
	return nil
}

// folderName names a folder path for people: "the top level" for "".
func folderName(path string) string {
	if p, _ := store.CleanFolderPath(path); p != "" {
		return oneLine(p)
	}
	return "the top level"
}
