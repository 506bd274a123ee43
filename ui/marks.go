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
func (m *Model) markAllRead() tea.Cmd {
	n := m.tree.node()
	if m.focus != paneTree && n.kind != nodeFolder {
		if f := m.selectedFeed(); f != nil && n.kind != nodeFeed {
			n = node{kind: nodeFeed, feedID: f.ID, label: f.Title}
		}
	}
	if n.kind == nodeFlagged {
		m.status.set("", errors.New("A marks a feed or a folder read; select one"))
		return nil
	}
	if n.unread == 0 && n.kind != nodeFeed {
		m.status.set("nothing unread in "+oneLine(n.label), nil)
		return nil
	}
	do := func() tea.Cmd {
		for i := range m.items.rows {
			if !m.items.rows[i].Read {
				m.items.rows[i].Read = true
				m.items.keep(m.items.rows[i].ID)
			}
		}
		return m.be.markRead(n)
	}
	if n.kind == nodeFeed {
		return do()
	}
	m.dialog = &confirm{question: fmt.Sprintf("Mark %s read in %s? (u undoes it)", plural(n.unread, "item"), oneLine(n.label)),
		yes: do}
	return nil
}

// marked takes the result of A and keeps it for u.
func (m *Model) marked(msg markedMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
	} else {
		m.undo = &markUndo{label: msg.label, ids: msg.ids}
		m.status.set(fmt.Sprintf("%s marked read in %s — u undoes", plural(len(msg.ids), "item"), oneLine(msg.label)), nil)
	}
	return tea.Batch(m.be.loadCounts(), m.items.reload(m.be))
}

// undoMarkRead is u: the last A's items are unread again.
func (m *Model) undoMarkRead() tea.Cmd {
	if m.undo == nil || len(m.undo.ids) == 0 {
		m.status.set("nothing to undo (u undoes the last A)", nil)
		return nil
	}
	u := *m.undo
	m.undo = nil
	return m.be.undoMarkRead(u)
}
