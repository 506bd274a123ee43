package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// ctrl+k, newsboat's random-unread: an unread item picked at random among
// all of them opens in the reader, its feed selected on the tree and its
// row in the list.

// randomUnreadMsg is ctrl+k, handed to the list whatever the focus.
type randomUnreadMsg struct{}

// randomItemMsg is the unread item picked; none when nothing is unread.
type randomItemMsg struct {
	item store.Item
	none bool
	err  error
}

// randomUnread picks an unread item (pick(n) is a number in [0, n)).
func (b backend) randomUnread(pick func(n int) int) tea.Cmd {
	return func() tea.Msg {
		q := store.ItemQuery{Unread: true}
		c, err := b.store.CountItems(b.ctx, q)
		if err != nil || c.Items == 0 {
			return randomItemMsg{none: err == nil, err: err}
		}
		q.Limit, q.Offset = 1, max(min(pick(c.Items), c.Items-1), 0)
		items, err := b.store.Items(b.ctx, q)
		if err != nil || len(items) == 0 {
			return randomItemMsg{none: err == nil, err: err}
		}
		return randomItemMsg{item: items[0]}
	}
}

// randomUnread is ctrl+k on the list: it asks for the item.
func (p *itemsPane) randomUnread() tea.Cmd {
	return routeTo(p, p.be.randomUnread(p.pick))
}

// randomPicked goes to the item picked: its feed is selected on the tree
// and its list's pages are looked through for it (continueJump), and it
// opens; an item the list does not reach opens by itself.
func (p *itemsPane) randomPicked(m randomItemMsg) tea.Cmd {
	switch {
	case m.err != nil:
		p.out.say("", m.err)
		return nil
	case m.none:
		p.out.say("no unread items left", nil)
		return nil
	}
	it := m.item
	p.jump = &unreadJump{target: &it, open: true}
	if p.toFeed != nil {
		if cmd, ok := p.toFeed(it.FeedID); ok && cmd != nil {
			return cmd // the feed's list's pages continue the jump
		}
	}
	return p.continueJump()
}

// continueTarget looks for the jump's item in the rows, then in the next
// pages; one the list does not reach opens by itself.
func (p *itemsPane) continueTarget(j *unreadJump) tea.Cmd {
	for i, it := range p.rows {
		if it.ID == j.target.ID {
			p.jump = nil
			return p.landOn(i, j.open)
		}
	}
	if p.more && j.pages < maxJumpPages {
		j.pages++
		return p.fetchNext()
	}
	p.jump = nil
	p.out.post(openItemMsg{item: *j.target})
	return p.be.setRead([]int64{j.target.ID}, true)
}

// selectFeed selects the feed id on the tree, opening the folders above
// it; it reports false when the feed is not shown (l hides it). The Cmd
// is nil when the feed was selected already.
func (t *treePane) selectFeed(id int64) (tea.Cmd, bool) {
	f := t.feedByID(id)
	if f == nil {
		return nil, false
	}
	t.unfoldTo(f.FolderPath)
	k := node{kind: nodeFeed, feedID: id}.key()
	for i := range t.shown {
		n := t.at(i)
		if n.key() == k {
			return t.selectRow(i), true
		}
	}
	return nil, false
}
