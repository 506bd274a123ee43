package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// maxJumpPages bounds how many pages a search for an unread item reads
// (older unread items are reached by scrolling).
const maxJumpPages = 20

// unreadJump is n or p looking for an unread item beyond what is loaded:
// in the next pages of the list, or in another feed's list; or J looking
// for the next item, read or not, in the next page (any).
type unreadJump struct {
	dir   int  // 1 next, -1 previous
	any   bool // J and K: any item of this list, read or not
	from  int  // search from this row (exclusive); -1 the top, -2 the end
	open  bool // open it in the reader when found
	wrap  bool // whether the list may still wrap around
	pages int  // pages read for this jump
	// target is the item ctrl+k picked, looked for by id (random.go).
	target *store.Item
}

// nextUnread is n (dir 1) and p (dir -1) in the list and the reader, as
// newsboat's: the next unread item, then the next feed's first (p: the
// previous feed's last) in tree order, wrapping around; a river (folder,
// All items) wraps within itself. In the reader (open) the item found
// opens.
func (p *itemsPane) nextUnread(dir int, open bool) tea.Cmd {
	p.jump = &unreadJump{dir: dir, from: p.cursor, open: open, wrap: true}
	return p.continueJump()
}

// nextItem is J (dir 1) and K (dir -1), newsboat's next and prev: the
// next or previous item of the list, read or not, the next page read when
// the loaded rows end. In the reader (open) it opens, and so is marked
// read, as n and p's item is. It stays in the list: the list's first and
// last items say so.
func (p *itemsPane) nextItem(dir int, open bool) tea.Cmd {
	p.jump = &unreadJump{dir: dir, from: p.cursor, open: open, any: true}
	return p.continueJump()
}

// awaiting reports whether the list waits for a read: a page on its way,
// or an n, p, J, K or ctrl+k still looking (its next page or another
// feed's list to come).
func (p *itemsPane) awaiting() bool { return p.loading || p.jump != nil }

// stopJump ends an n/p still looking (any key does).
func (p *itemsPane) stopJump() { p.jump = nil }

// continueJump looks for the jump's item in the rows loaded so far, else
// asks for what it needs next: another page, or another feed's list.
func (p *itemsPane) continueJump() tea.Cmd {
	j := p.jump
	if j == nil || p.loading {
		return nil
	}
	if j.target != nil {
		return p.continueTarget(j)
	}
	if j.from == -2 && p.more && j.pages < maxJumpPages { // p from the end: load it all first
		j.pages++
		return p.fetchNext()
	}
	from := j.from
	if from == -2 {
		from = len(p.rows)
	}
	if i := p.find(from, j.dir, j.any); i >= 0 {
		p.jump = nil
		return p.landOn(i, j.open)
	}
	if j.dir > 0 && p.more && j.pages < maxJumpPages {
		j.pages++
		j.from = len(p.rows) - 1
		return p.fetchNext()
	}
	return p.jumpBeyond(j)
}

// jumpBeyond goes on in the next feed with unread items, or wraps around
// the list, or says there is none.
func (p *itemsPane) jumpBeyond(j *unreadJump) tea.Cmd {
	if j.any {
		p.jump = nil
		p.out.say(map[bool]string{true: "this is the last item", false: "this is the first item"}[j.dir > 0], nil)
		return nil
	}
	if p.search == "" && p.nextFeed != nil {
		if cmd, ok := p.nextFeed(j.dir); ok {
			j.from, j.pages = -1, 0
			if j.dir < 0 {
				j.from = -2
			}
			return cmd // the new list's pages continue the jump
		}
	}
	if j.wrap {
		j.wrap, j.pages = false, 0
		j.from = -1
		if j.dir < 0 {
			j.from = -2
		}
		return p.continueJump()
	}
	p.jump = nil
	p.out.say("no unread items left", nil)
	return nil
}

// landOn selects row i (and opens it in the reader when asked).
func (p *itemsPane) landOn(i int, open bool) tea.Cmd {
	p.cursor = i
	p.clamp()
	p.out.post(clearStatusMsg{})
	cmd := p.fetchMore()
	if open {
		return tea.Batch(cmd, p.openItem())
	}
	return cmd
}
