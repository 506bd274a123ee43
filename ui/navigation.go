package ui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// maxJumpPages bounds how many pages a search for an unread item reads
// (older unread items are reached by scrolling).
const maxJumpPages = 20

// unreadJump is n or p looking for an unread item beyond what is loaded:
// in the next pages of the list, or in another feed's list.
type unreadJump struct {
	dir   int  // 1 next, -1 previous
	from  int  // search from this row (exclusive); -1 the top, -2 the end
	open  bool // open it in the reader when found
	wrap  bool // whether the list may still wrap around
	pages int  // pages read for this jump
}

// nextUnread is n (dir 1) and p (dir -1), as newsboat's: on the tree the
// next feed with unread items; in the list and the reader the next unread
// item, then the next feed's first (p: the previous feed's last) in tree
// order, wrapping around; a river (folder, All items) wraps within itself.
func (m *Model) nextUnread(dir int) tea.Cmd {
	if m.focus == paneTree {
		return m.nextUnreadFeed(dir)
	}
	m.jump = &unreadJump{dir: dir, from: m.items.cursor, open: m.focus == paneReader, wrap: true}
	return m.continueJump()
}

// continueJump looks for the jump's item in the rows loaded so far, else
// asks for what it needs next: another page, or another feed's list.
func (m *Model) continueJump() tea.Cmd {
	j := m.jump
	if j == nil || m.items.loading {
		return nil
	}
	if j.from == -2 && m.items.more && j.pages < maxJumpPages { // p from the end: load it all first
		j.pages++
		return m.items.fetchNext(m.be)
	}
	from := j.from
	if from == -2 {
		from = len(m.items.rows)
	}
	if i := m.items.findUnread(from, j.dir); i >= 0 {
		m.jump = nil
		return m.landOn(i, j.open)
	}
	if j.dir > 0 && m.items.more && j.pages < maxJumpPages {
		j.pages++
		j.from = len(m.items.rows) - 1
		return m.items.fetchNext(m.be)
	}
	return m.jumpBeyond(j)
}

// jumpBeyond goes on in the next feed with unread items, or wraps around
// the list, or says there is none.
func (m *Model) jumpBeyond(j *unreadJump) tea.Cmd {
	if n := m.tree.node(); n.kind == nodeFeed && m.items.search == "" {
		if i := m.tree.nextFeedWithUnread(m.tree.cursor, j.dir, n.feedID); i >= 0 {
			j.from, j.pages = -1, 0
			if j.dir < 0 {
				j.from = -2
			}
			return m.tree.selectRow(i) // the new list's pages continue the jump
		}
	}
	if j.wrap {
		j.wrap, j.pages = false, 0
		j.from = -1
		if j.dir < 0 {
			j.from = -2
		}
		return m.continueJump()
	}
	m.jump = nil
	m.status.set("no unread items left", nil)
	return nil
}

// landOn selects row i (and opens it in the reader when asked).
func (m *Model) landOn(i int, open bool) tea.Cmd {
	m.items.cursor = i
	m.items.clamp()
	m.status.clearMessage()
	cmd := m.items.fetchMore(m.be)
	if open {
		return tea.Batch(cmd, m.openItem())
	}
	return cmd
}

// nextUnreadFeed selects the next (dir 1) or previous feed with unread
// items on the tree, wrapping around.
func (m *Model) nextUnreadFeed(dir int) tea.Cmd {
	var self int64
	if n := m.tree.node(); n.kind == nodeFeed {
		self = n.feedID
	}
	if i := m.tree.nextFeedWithUnread(m.tree.cursor, dir, self); i >= 0 {
		m.status.clearMessage()
		return m.tree.selectRow(i)
	}
	m.status.set("no feed has unread items", nil)
	return nil
}

// nextFeedWithUnread is the row of the first feed with unread items after
// (dir 1) or before row from, in tree order and wrapping around, other
// than feed self; -1 when there is none.
func (t *treePane) nextFeedWithUnread(from, dir int, self int64) int {
	n := len(t.nodes)
	for step := 1; step <= n; step++ {
		i := ((from+dir*step)%n + n) % n
		if nd := t.nodes[i]; nd.kind == nodeFeed && nd.unread > 0 && nd.feedID != self {
			return i
		}
	}
	return -1
}
