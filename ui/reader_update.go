package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// Init does nothing.
func (r *readerPane) Init() tea.Cmd { return nil }

// Update takes the reader's keys (scrolling, a link's number, o and y on
// the item's link, f), the item to show, its rendering, its article, and
// the engine's news of its enclosures and article.
func (r *readerPane) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return r, r.key(msg)
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			r.vp.ScrollUp(1)
		case tea.MouseButtonWheelDown:
			r.vp.ScrollDown(1)
		}
	case showItemMsg:
		return r, r.show(msg.item, msg.feed, msg.match)
	case itemChangedMsg:
		if r.item != nil && r.item.ID == msg.item.ID {
			r.item.Flagged = msg.item.Flagged
			r.refresh()
		}
	case renderedMsg:
		r.rendered(msg)
	case articleMsg:
		return r, r.articleArrived(msg)
	case engineMsg:
		if ev, ok := msg.ev.(engine.ArticleFetched); ok {
			return r, r.articleEvent(ev)
		}
		if id, update, ok := enclosureUpdate(msg.ev); ok {
			r.setEnclosure(id, update)
		}
	}
	return r, nil
}

// key: digits type a link's number, enter opens it, esc cancels it (else
// goes back to the list); o and y act on the item's link; f toggles the
// whole article.
func (r *readerPane) key(km tea.KeyMsg) tea.Cmd {
	switch {
	case isDigit(km):
		r.digits += string(km.Runes)
		if len(r.digits) > 4 {
			r.digits = r.digits[len(r.digits)-4:]
		}
	case key.Matches(km, r.keys.Open):
		return r.openTyped()
	case key.Matches(km, r.keys.Back) && r.digits != "":
		r.digits = ""
	case key.Matches(km, r.keys.Back):
		r.out.post(focusMsg{paneItems})
	case key.Matches(km, r.keys.OpenLink):
		return r.links.openOrSay(r.link(), r.out)
	case key.Matches(km, r.keys.CopyLink):
		return r.links.copyOrSay(r.link(), r.out)
	case key.Matches(km, r.keys.Article):
		return r.toggleArticle()
	case key.Matches(km, r.keys.Pipe, r.keys.Bookmark, r.keys.Save) && r.item != nil:
		return r.send.key(km, r.keys, sent{item: *r.item, html: r.source()}, r.out)
	default:
		r.move(km)
	}
	return nil
}

// move scrolls.
func (r *readerPane) move(km tea.KeyMsg) {
	switch {
	case key.Matches(km, r.keys.Up):
		r.vp.ScrollUp(1)
	case key.Matches(km, r.keys.Down):
		r.vp.ScrollDown(1)
	case key.Matches(km, r.keys.Top):
		r.vp.GotoTop()
	case key.Matches(km, r.keys.Bottom):
		r.vp.GotoBottom()
	case key.Matches(km, r.keys.PageUp):
		r.vp.PageUp()
	case key.Matches(km, r.keys.PageDown):
		r.vp.PageDown()
	}
}

// link is the shown item's link.
func (r *readerPane) link() string {
	if r.item == nil {
		return ""
	}
	return r.item.Link
}

// showing reports whether an item is shown.
func (r *readerPane) showing() bool { return r.item != nil }

// openTyped opens the link whose number was typed.
func (r *readerPane) openTyped() tea.Cmd {
	if r.digits == "" {
		return nil
	}
	u, err := r.takeLink()
	if err != nil {
		r.out.say("", err)
		return nil
	}
	return r.links.open(u)
}

// takeLink returns the link whose number was typed and clears it; an
// error says why there is none.
func (r *readerPane) takeLink() (string, error) {
	d := r.digits
	r.digits = ""
	n, _ := strconv.Atoi(d)
	switch links := len(r.doc.links); {
	case links == 0:
		return "", fmt.Errorf("no link %s: this item has no numbered links", d)
	case n < 1 || n > links:
		return "", fmt.Errorf("no link %s: the links are numbered 1 to %d", d, links)
	}
	return r.doc.links[n-1], nil
}

// prompt is what the status line shows while a link number is typed.
func (r *readerPane) prompt() string {
	if r.digits == "" {
		return ""
	}
	return "open link " + r.digits + "_ (enter opens, esc cancels)"
}

// SetSize sets the size; relaidOut then re-renders for a new width.
func (r *readerPane) SetSize(w, h int) {
	r.width, r.height = w, h
	r.refresh()
}

// relaidOut re-renders the content from its source when the pane is shown
// at another width than it was rendered for.
func (r *readerPane) relaidOut() tea.Cmd {
	if r.width > 0 && r.item != nil && r.renderedFor != r.contentWidth() {
		return r.render()
	}
	return nil
}

// setFocused draws the pane focused or not.
func (r *readerPane) setFocused(f bool) { r.focused = f }

// ShortHelp is the reader's part of the help line.
func (r *readerPane) ShortHelp() []key.Binding {
	return []key.Binding{r.keys.Back, r.keys.NextUnread, r.keys.OpenLink, r.keys.CopyLink, r.keys.Article, r.keys.Zoom}
}

// FullHelp is the reader's part of the full help.
func (r *readerPane) FullHelp() [][]key.Binding { return [][]key.Binding{r.ShortHelp()} }

// View draws the title line and the viewport.
func (r *readerPane) View() string {
	if r.item == nil {
		return paneTitle(r.styles, "Reader", r.width, r.focused) + "\n" +
			r.styles.Faint.Render(" select an item and press enter") + strings.Repeat("\n", max(r.height-2, 0))
	}
	return paneTitle(r.styles, "Reader", r.width, r.focused) + "\n" + r.vp.View()
}
