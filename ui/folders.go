package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// openRenameFolder is E on a folder: a new name, in the same parent.
func (m *Model) openRenameFolder(n node) tea.Cmd {
	parent := store.ParentFolder(n.path)
	f := newForm("Rename folder "+oneLine(n.path), func(v []string) (tea.Cmd, error) {
		name := strings.TrimSpace(v[0])
		if name == "" || strings.Contains(name, "/") {
			return nil, errors.New("a folder name is not empty and has no /; M moves a folder")
		}
		to := strings.TrimPrefix(parent+"/"+name, "/")
		return m.moveFolder(n.path, to, "renamed "+n.path+" to "+to), nil
	}, textField("Name", n.label, "new name"))
	f.action = "rename"
	m.dialog = f
	return nil
}

// openMove is M: the selected feed into another folder, or the selected
// folder (with everything in it) under another parent.
func (m *Model) openMove() tea.Cmd {
	if n, ok := m.selectedFolder(); ok {
		name := n.label
		f := newForm("Move folder "+oneLine(n.path), func(v []string) (tea.Cmd, error) {
			to := strings.Trim(strings.TrimSpace(v[0])+"/"+name, "/")
			return m.moveFolder(n.path, to, "moved "+n.path+" to "+to), nil
		}, textField("Into", store.ParentFolder(n.path), "(top level)"))
		f.action, f.note = "move", "The folder keeps its name, its feeds and its sub-folders."
		m.dialog = f
		return nil
	}
	feed := m.selectedFeed()
	if feed == nil {
		return m.noFeed()
	}
	id, title := feed.ID, oneLine(feed.Title)
	f := newForm("Move "+title, func(v []string) (tea.Cmd, error) {
		to := v[0]
		return m.be.folderAction(fmt.Sprintf("moved %s to %s", title, folderName(to)),
			func(ctx context.Context, e *engine.Engine) error { return e.MoveFeed(ctx, id, to) }), nil
	}, textField("Folder", feed.FolderPath, "(top level)"))
	f.action, f.note = "move", "A folder that does not exist is created."
	m.dialog = f
	return nil
}

func (m *Model) moveFolder(from, to, status string) tea.Cmd {
	return m.be.folderAction(status, func(ctx context.Context, e *engine.Engine) error { return e.MoveFolder(ctx, from, to) })
}

// openRemoveFolder is d on a folder: asked first; its feeds and
// sub-folders move up, nothing is unsubscribed.
func (m *Model) openRemoveFolder(n node) tea.Cmd {
	parent := folderName(store.ParentFolder(n.path))
	feeds := len(m.tree.feedsUnder(n))
	m.dialog = &confirm{
		question: fmt.Sprintf("Remove folder %s? Its %s and sub-folders move to %s; nothing is unsubscribed.",
			oneLine(n.path), plural(feeds, "feed"), parent),
		yes: func() tea.Cmd {
			return m.be.folderAction("removed folder "+n.path,
				func(ctx context.Context, e *engine.Engine) error { return e.RemoveFolder(ctx, n.path) })
		}}
	return nil
}

// folderName names a folder path for people: "the top level" for "".
func folderName(path string) string {
	if p, _ := store.CleanFolderPath(path); p != "" {
		return oneLine(p)
	}
	return "the top level"
}
