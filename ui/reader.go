package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// readerPane shows one item: its title, feed, author, date and link, then
// its content rendered in a Cmd for the pane's width.
type readerPane struct {
	keys          KeyMap
	styles        Styles
	item          *store.Item
	feed          *store.Feed
	doc           rendered
	renderedFor   int // the width doc was rendered for
	vp            viewport.Model
	width, height int
	focused       bool
	digits        string // a link number being typed
}

// contentWidth is the width the content is wrapped to.
func (r *readerPane) contentWidth() int { return max(r.width-2, 10) }

// show puts an item in the reader and asks for its rendering.
func (r *readerPane) show(it store.Item, feed *store.Feed) tea.Cmd {
	r.item, r.feed, r.digits = &it, feed, ""
	r.doc, r.renderedFor = rendered{}, 0
	r.vp.GotoTop()
	r.refresh()
	return r.render()
}

// render lays the content out in a Cmd, tagged with item id and width.
func (r *readerPane) render() tea.Cmd {
	if r.item == nil {
		return nil
	}
	id, w, st := r.item.ID, r.contentWidth(), r.styles
	content := r.item.Content
	if strings.TrimSpace(content) == "" {
		content = r.item.Summary
	}
	return func() tea.Msg { return renderedMsg{id: id, width: w, doc: renderHTML(content, w, st)} }
}

// rendered takes a finished render unless it is for another item or width.
func (r *readerPane) rendered(m renderedMsg) {
	if r.item == nil || m.id != r.item.ID || m.width != r.contentWidth() {
		return
	}
	r.doc, r.renderedFor = m.doc, m.width
	r.refresh()
}

// refresh rebuilds the viewport's content from the header and the doc.
func (r *readerPane) refresh() {
	r.vp.Width, r.vp.Height = max(r.width-1, 1), max(r.height-1, 1)
	if r.item == nil {
		r.vp.SetContent("")
		return
	}
	lines := r.header()
	if r.renderedFor == 0 {
		lines = append(lines, r.styles.Faint.Render("rendering…"))
	}
	lines = append(lines, r.doc.lines...)
	for i, l := range lines {
		lines[i] = " " + l
	}
	r.vp.SetContent(strings.Join(lines, "\n"))
}

func (r *readerPane) header() []string {
	it, w := r.item, r.contentWidth()
	wrap := func(st func(...string) string, s string) []string {
		return strings.Split(st(ansi.Wrap(sanitize.Terminal(s), w, "")), "\n")
	}
	title := strings.Join(strings.Fields(it.Title), " ")
	if title == "" {
		title = "(untitled)"
	}
	out := wrap(r.styles.Title.Render, title)
	meta := it.FeedTitle
	if it.Author != "" {
		meta += " · " + it.Author
	}
	meta += " · " + itemTime(*it).UTC().Format("Mon, 02 Jan 2006 15:04 MST")
	if it.Flagged {
		meta += " · flagged"
	}
	out = append(out, wrap(r.styles.Meta.Render, meta)...)
	if it.Link != "" {
		out = append(out, wrap(r.styles.Link.Render, it.Link)...)
	}
	for _, e := range it.Enclosures {
		out = append(out, wrap(r.styles.Meta.Render, enclosureLine(e))...)
	}
	if warn := feedWarning(r.feed); warn != "" {
		out = append(out, wrap(r.styles.Warning.Render, warn)...)
	}
	return append(out, r.styles.Faint.Render(strings.Repeat("─", min(w, 60))), "")
}

// feedWarning says why a feed is not updating, or "".
func feedWarning(f *store.Feed) string {
	switch {
	case f == nil:
		return ""
	case f.Stopped == store.StoppedGone:
		return "This feed is gone (the server said 410 or redirected to nowhere); it is no longer updated."
	case f.Stopped == store.StoppedEnded:
		return "This feed has ended (its publisher said no more updates); it is no longer updated."
	case f.State.LastError != "":
		return fmt.Sprintf("Last download failed (%d in a row): %s", f.State.Failures, f.State.LastError)
	}
	return ""
}

func enclosureLine(e store.Enclosure) string {
	s := "enclosure: " + e.URL
	if e.Type != "" {
		s += " (" + e.Type + ")"
	}
	if e.Status != "" {
		s += " · " + e.Status
	}
	return s
}

// Init does nothing.
func (r *readerPane) Init() tea.Cmd { return nil }

// Update scrolls, and collects a typed link number.
func (r *readerPane) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return r, nil
	}
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
	case len(km.Runes) == 1 && km.Runes[0] >= '0' && km.Runes[0] <= '9' && len(r.doc.links) > 0:
		r.digits += string(km.Runes)
	}
	return r, nil
}

// takeLink returns the link whose number was typed, if any, and clears it.
func (r *readerPane) takeLink() (string, bool) {
	d := r.digits
	r.digits = ""
	var n int
	if _, err := fmt.Sscan(d, &n); err != nil || n < 1 || n > len(r.doc.links) {
		return "", false
	}
	return r.doc.links[n-1], true
}

// SetSize sets the size; a new width re-renders the content from its
// source (the caller runs the returned Cmd).
func (r *readerPane) SetSize(w, h int) {
	r.width, r.height = w, h
	r.refresh()
}

// needsRender reports whether the shown doc was laid out for another width.
func (r *readerPane) needsRender() bool {
	return r.item != nil && r.renderedFor != r.contentWidth()
}

// ShortHelp is the reader's part of the help line.
func (r *readerPane) ShortHelp() []key.Binding {
	return []key.Binding{r.keys.Back, r.keys.NextUnread, r.keys.OpenLink, r.keys.CopyLink, r.keys.Flag}
}

// FullHelp is the reader's part of the full help.
func (r *readerPane) FullHelp() [][]key.Binding { return [][]key.Binding{r.ShortHelp()} }

// View draws the title line and the viewport.
func (r *readerPane) View() string {
	title := "Reader"
	if r.digits != "" {
		title = "Reader — link " + r.digits + " (enter opens)"
	}
	if r.item == nil {
		return paneTitle(r.styles, title, r.width, r.focused) + "\n" +
			r.styles.Faint.Render(" select an item and press enter") + strings.Repeat("\n", max(r.height-2, 0))
	}
	return paneTitle(r.styles, title, r.width, r.focused) + "\n" + r.vp.View()
}
