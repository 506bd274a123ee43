package ui

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// markUndo is what u undoes: the items the last A marked read.
type markUndo struct {
	label string
	ids   []int64
}

// markAllRead is A: a feed's items are marked read at once; a folder's,
// All items' or Unread's (many feeds) after a question. Either way u
// undoes it.
func (t *treePane) markAllRead(tg feedTarget) tea.Cmd {
	n := t.node()
	if !tg.onTree && n.kind != nodeFolder {
		if f := t.selectedFeed(tg); f != nil && n.kind != nodeFeed {
			n = node{kind: nodeFeed, feedID: f.ID, label: f.Title}
		}
	}
	if n.kind == nodeFlagged {
		t.out.say("", errors.New("A marks a feed or a folder read; select one"))
		return nil
	}
	if n.unread == 0 && n.kind != nodeFeed {
		t.out.say("nothing unread in "+oneLine(n.label), nil)
		return nil
	}
	out, be := t.out, t.be
	do := func() tea.Cmd {
		out.post(listReadMsg{})
		return be.markRead(n)
	}
	if n.kind == nodeFeed {
		return do()
	}
	t.out.post(openDialogMsg{&confirm{styles: t.styles,
		question: fmt.Sprintf("Mark %s read in %s? (u undoes it)", plural(n.unread, "item"), oneLine(n.label)), yes: do}})
	return nil
}

// marked takes the result of A and keeps it for u.
func (t *treePane) marked(msg markedMsg) {
	if msg.err != nil {
		t.out.say("", msg.err)
	} else {
		t.undo = &markUndo{label: msg.label, ids: msg.ids}
		t.out.say(fmt.Sprintf("%s marked read in %s — u undoes", plural(len(msg.ids), "item"), oneLine(msg.label)), nil)
	}
	t.out.post(reloadMsg{})
}

// undoMarkRead is u: the last A's items are unread again.
func (t *treePane) undoMarkRead() tea.Cmd {
	if t.undo == nil || len(t.undo.ids) == 0 {
		t.out.say("nothing to undo (u undoes the last A)", nil)
		return nil
	}
	u := *t.undo
	t.undo = nil
	return t.be.undoMarkRead(u)
}
