package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// itemKeyMsg is a key of the list's item (n p J K N s e P, o y without an
// item in the reader) pressed in the reader, which shows that item: the
// list acts on it, and n, p, J and K open what they find.
type itemKeyMsg struct {
	key tea.KeyMsg
	// keys are the reader's bindings.
	keys KeyMap
}

// Init does nothing: the app asks for the first page.
func (p *itemsPane) Init() tea.Cmd { return nil }

// Update takes the list's keys, a click, the pages and search results it
// asked for, the tree's selection and the engine's changes.
func (p *itemsPane) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return p, p.key(msg, p.keys, false)
	case itemKeyMsg:
		return p, p.key(msg.key, msg.keys, true)
	case tea.MouseMsg:
		return p, p.mouse(msg)
	case itemsMsg:
		return p, p.pageLoaded(msg)
	case searchMsg:
		p.searched(msg)
	case playMsg:
		return p, p.played(msg)
	case nodeSelectedMsg:
		return p, p.showNode(msg)
	case selectionLostMsg:
		if p.search == "" {
			return p, p.showNode(msg.sel)
		}
	case showFeedMsg:
		return p, p.showFeedOrdered(msg.feed, msg.order)
	case hideReadMsg:
		p.hideRead = msg.on
	case cycleSortMsg:
		return p, p.cycleSort()
	case randomUnreadMsg:
		return p, p.randomUnread()
	case randomItemMsg:
		return p, p.randomPicked(msg)
	case listReadMsg:
		p.markLoadedRead()
	case reloadMsg:
		return p, p.reload()
	case searchesAgedMsg:
		return p, p.aged()
	case rowsAgedMsg:
		p.rowsAged()
	case countsMovedMsg:
		if p.lists(msg.feeds) {
			return p, p.reload()
		}
	case engineMsg:
		return p, p.engineEvent(msg.ev)
	case articleMsg:
		p.articleArrived(msg)
	}
	return p, nil
}

// key handles a key of the list, bound by k; inReader is the reader's
// item keys.
func (p *itemsPane) key(km tea.KeyMsg, k KeyMap, inReader bool) tea.Cmd {
	switch {
	case key.Matches(km, k.Open):
		return p.openItem()
	case key.Matches(km, k.Back):
		p.out.post(focusMsg{paneTree})
	case key.Matches(km, k.NextUnread):
		return p.nextUnread(1, inReader)
	case key.Matches(km, k.PrevUnread):
		return p.nextUnread(-1, inReader)
	case key.Matches(km, k.NextItem):
		return p.nextItem(1, inReader)
	case key.Matches(km, k.PrevItem):
		return p.nextItem(-1, inReader)
	case key.Matches(km, k.ToggleRead):
		return p.toggleRead()
	case key.Matches(km, k.Flag):
		return p.toggleFlag()
	case key.Matches(km, k.Enclosure):
		return p.downloadEnclosure()
	case key.Matches(km, k.Play):
		return p.play()
	case key.Matches(km, k.OpenLink):
		return p.links.openOrSay(p.link(), p.out)
	case key.Matches(km, k.CopyLink):
		return p.links.copyOrSay(p.link(), p.out)
	case key.Matches(km, k.Pipe, k.Bookmark, k.Save):
		return p.sendItem(km)
	default:
		return p.move(km)
	}
	return nil
}

// move moves the cursor, and asks for the next page near the end; G
// reads every page still to come (goToEnd).
func (p *itemsPane) move(km tea.KeyMsg) tea.Cmd {
	page := max(p.height-2, 1)
	p.toEnd = false
	switch {
	case key.Matches(km, p.keys.Up):
		p.cursor--
	case key.Matches(km, p.keys.Down):
		p.cursor++
	case key.Matches(km, p.keys.Top):
		p.cursor = 0
	case key.Matches(km, p.keys.Bottom):
		p.toEnd = true
		return p.goToEnd()
	case key.Matches(km, p.keys.PageUp):
		p.cursor -= page
	case key.Matches(km, p.keys.PageDown):
		p.cursor += page
	}
	p.clamp()
	return p.fetchMore()
}

// mouse: the wheel moves the cursor, a click opens the item under it (the
// root has focused the list).
func (p *itemsPane) mouse(msg tea.MouseMsg) tea.Cmd {
	switch msg.Button {
	case tea.MouseButtonWheelUp, tea.MouseButtonWheelDown:
		p.toEnd = false
		p.cursor += wheelStep(msg)
		p.clamp()
		return p.fetchMore()
	}
	if i := p.top + msg.Y - 1; msg.Y >= 1 && i < len(p.rows) {
		p.cursor = i
		p.clamp()
		return p.openItem()
	}
	return nil
}

// link is the selected item's link.
func (p *itemsPane) link() string {
	if it := p.item(); it != nil {
		return it.Link
	}
	return ""
}

// openItem shows the selected item in the reader and marks it read.
func (p *itemsPane) openItem() tea.Cmd {
	it := p.item()
	if it == nil {
		return nil
	}
	var cmd tea.Cmd
	if !it.Read {
		it.Read = true
		p.keep(it.ID)
		cmd = p.be.setRead([]int64{it.ID}, true)
	}
	p.out.post(openItemMsg{item: *it, match: p.match})
	return cmd
}

func (p *itemsPane) toggleRead() tea.Cmd {
	it := p.item()
	if it == nil {
		return nil
	}
	it.Read = !it.Read
	if it.Read {
		p.keep(it.ID)
	}
	p.out.say(map[bool]string{true: "marked read", false: "marked unread"}[it.Read], nil)
	return p.be.setRead([]int64{it.ID}, it.Read)
}

func (p *itemsPane) toggleFlag() tea.Cmd {
	it := p.item()
	if it == nil {
		return nil
	}
	it.Flagged = !it.Flagged
	p.out.post(itemChangedMsg{*it})
	return p.be.setFlagged(it.ID, it.Flagged)
}

// markLoadedRead shows the loaded rows read (A marked them).
func (p *itemsPane) markLoadedRead() {
	for i := range p.rows {
		if !p.rows[i].Read {
			p.rows[i].Read = true
			p.keep(p.rows[i].ID)
		}
	}
}

// goToEnd puts the cursor on the last row and, while G goes on, asks
// for the next page; the page's arrival comes back here.
func (p *itemsPane) goToEnd() tea.Cmd {
	p.cursor = len(p.rows) - 1
	p.clamp()
	if !p.more {
		p.toEnd = false
		return nil
	}
	return p.fetchNext()
}

// pageLoaded takes a page, and lets a pending G or n/p go on.
func (p *itemsPane) pageLoaded(msg itemsMsg) tea.Cmd {
	p.loaded(msg)
	if msg.err != nil {
		p.out.say("", msg.err)
		p.jump, p.toEnd = nil, false
		return nil
	}
	if msg.gen != p.gen {
		return nil
	}
	if p.stale && !p.loading {
		p.stale = false
		return tea.Batch(p.reload(), p.continueJump())
	}
	if p.toEnd {
		return p.goToEnd()
	}
	return p.continueJump()
}

// searched shows search results, and takes the focus.
func (p *itemsPane) searched(msg searchMsg) {
	if msg.err != nil {
		p.out.say("", msg.err)
		return
	}
	p.showResults(msg.query, msg.words, msg.items)
	p.out.say(fmt.Sprintf("%s for %s", plural(len(msg.items), "result"), sanitize.Shown(msg.query)), nil)
	p.out.post(focusMsg{paneItems})
}

// showNode lists a tree node's items (a list feed in its chosen order).
func (p *itemsPane) showNode(sel nodeSelectedMsg) tea.Cmd {
	n := sel.n
	if sel.order != nil {
		return p.showFeedOrdered(*n.feed, *sel.order)
	}
	q := n.query()
	if p.hideRead && n.kind != nodeFlagged {
		q.Unread = true
	}
	cmd := p.show(n.label, q, n.kind != nodeFeed)
	p.sorted = p.sorted && (n.feed == nil || !n.feed.IsList) // a list feed keeps its order
	p.empty = emptyText(n)
	if p.hideRead && n.kind != nodeFlagged && n.kind != nodeUnread {
		p.empty = "no unread items (l shows the read ones)"
	}
	return cmd
}

// emptyText is what an empty list says, with the key that fills it.
func emptyText(n node) string {
	switch {
	case n.kind == nodeUnread:
		return "no unread items"
	case n.kind == nodeFlagged:
		return "no flagged items (s flags one)"
	case n.kind == nodeSearch:
		return "nothing matches this search (yet)"
	case n.kind == nodeFeed && n.feed != nil && !n.feed.Attempted:
		return "not downloaded yet — it downloads in a moment (r: now)"
	case n.kind == nodeFeed && n.feed != nil && n.feed.LastError != "":
		return "no items: the last download failed (i tells why)"
	}
	return "no items"
}

// showFeedOrdered lists a list feed's items in order o.
func (p *itemsPane) showFeedOrdered(f store.FeedRow, o store.ListOrder) tea.Cmd {
	title := oneLine(f.Title) + " — by " + oneLine(o.Sort.Label)
	if o.Sort.Label == "" {
		title = oneLine(f.Title) + " — publisher's order"
	}
	if o.Desc {
		title += " ↓"
	}
	if o.Group != nil {
		title += fmt.Sprintf(", grouped by %s", oneLine(o.Group.Label))
	}
	return p.show(title, store.ItemQuery{FeedID: f.ID, List: &o, Unread: p.hideRead}, false)
}

// engineEvent shows an enclosure's new state in its item, and reads a
// listed item again when its article arrived (its reading time may have
// grown). Counts that moved come as countsMovedMsg, from the tree.
func (p *itemsPane) engineEvent(ev engine.Event) tea.Cmd {
	switch ev := ev.(type) {
	case engine.ArticleFetched:
		for _, it := range p.rows {
			if it.ID == ev.ItemID {
				return routeTo(p, p.be.itemArticle(it.ID))
			}
		}
		return nil
	}
	if id, update, ok := enclosureUpdate(ev); ok {
		for i := range p.rows {
			for j := range p.rows[i].Enclosures {
				if p.rows[i].Enclosures[j].ID == id {
					update(&p.rows[i].Enclosures[j])
				}
			}
		}
	}
	return nil
}

// articleArrived gives a listed item its article as stored now.
func (p *itemsPane) articleArrived(m articleMsg) {
	if m.err != nil {
		return
	}
	for i := range p.rows {
		if p.rows[i].ID == m.id {
			p.rows[i].Article = m.item.Article
			delete(p.minutes, m.id)
		}
	}
}

// SetSize sets the pane's size, title line included.
func (p *itemsPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.scroll()
}

// setFocused draws the pane focused or not.
func (p *itemsPane) setFocused(f bool) { p.focused = f }

// ShortHelp is the list's part of the help line.
func (p *itemsPane) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Open, p.keys.Back, p.keys.NextUnread, p.keys.ToggleRead, p.keys.Flag}
}

// FullHelp is the list's part of the full help.
func (p *itemsPane) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// sendItem is |, b and ctrl+s on the selected item.
func (p *itemsPane) sendItem(km tea.KeyMsg) tea.Cmd {
	it := p.item()
	if it == nil {
		p.out.say("", errNoItem)
		return nil
	}
	return p.send.key(km, p.keys, sentOf(*it), p.out)
}
