package ui

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// readerPane shows one item: its title, feed, author, date and link, its
// enclosures with their state, then its content rendered in a Cmd for the
// pane's width.
type readerPane struct {
	keys   KeyMap
	styles Styles
	out    *outbox
	be     backend
	links  links
	send   sender
	// hyperlinks makes the links OSC 8 hyperlinks (Options.Hyperlinks).
	hyperlinks    bool
	item          *store.Item
	feed          *store.FeedRow
	match         *regexp.Regexp // a search's words, highlighted
	loc           *time.Location
	doc           rendered
	renderedFor   int // the width doc was rendered for
	vp            viewport.Model
	width, height int
	focused       bool
	digits        string // a link number being typed
	// whole is f's toggle: the whole article, when the item has one.
	whole bool
	// fetching are the items whose article f is fetching.
	fetching map[int64]bool
}

// contentWidth is the width the content is wrapped to.
func (r *readerPane) contentWidth() int { return max(r.width-2, 10) }

// show puts an item in the reader and asks for its rendering.
func (r *readerPane) show(it store.Item, feed *store.FeedRow, match *regexp.Regexp) tea.Cmd {
	r.item, r.feed, r.match, r.digits = &it, feed, match, ""
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
	id, w, st, match, whole, links := r.item.ID, r.contentWidth(), r.styles, r.match, r.showingArticle(), r.hyperlinks
	content := r.source()
	return func() tea.Msg {
		return renderedMsg{id: id, width: w, whole: whole, doc: renderLinked(content, w, st, match, links)}
	}
}

// rendered takes a finished render unless it is for another item, width
// or text (the feed's, the whole article).
func (r *readerPane) rendered(m renderedMsg) {
	if r.item == nil || m.id != r.item.ID || m.width != r.contentWidth() || m.whole != r.showingArticle() {
		return
	}
	r.doc, r.renderedFor = m.doc, m.width
	r.refresh()
}

// setEnclosure updates one of the shown item's enclosures (an engine
// event) and redraws.
func (r *readerPane) setEnclosure(id int64, update func(*store.Enclosure)) {
	if r.item == nil {
		return
	}
	for i := range r.item.Enclosures {
		if r.item.Enclosures[i].ID == id {
			update(&r.item.Enclosures[i])
			r.refresh()
		}
	}
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
	wrap := func(st lipgloss.Style, s string) []string {
		return strings.Split(highlight(ansi.Wrap(oneLine(s), w, ""), r.match, st, r.styles.Match), "\n")
	}
	title := strings.Join(strings.Fields(it.Title), " ")
	if title == "" {
		title = firstWords(*it)
	}
	out := wrap(r.styles.Title, title)
	meta := it.FeedTitle
	if it.Author != "" {
		meta += " · " + it.Author
	}
	meta += " · " + it.Date.In(r.loc).Format("Mon, 02 Jan 2006 15:04 MST")
	if it.Flagged {
		meta += " · flagged"
	}
	out = append(out, wrap(r.styles.Meta, meta)...)
	if it.Link != "" {
		var target weburl.URL
		if r.hyperlinks {
			target = linkTarget(it.Link)
		}
		for _, l := range wrap(r.styles.Link, it.Link) {
			out = append(out, hyperlinked(l, target))
		}
	}
	if line := r.articleLine(); line != "" {
		out = append(out, wrap(r.styles.Meta, line)...)
	}
	for _, e := range it.Enclosures {
		head, state := enclosureLines(e, it.DurationSeconds)
		out = append(out, wrap(r.styles.Meta, head)...)
		for _, l := range strings.Split(ansi.Wrap(sanitize.Terminal(state), max(w-2, 8), ""), "\n") {
			out = append(out, "  "+r.styles.Meta.Render(l))
		}
	}
	if warn := feedWarning(r.feed); warn != "" {
		out = append(out, wrap(r.styles.Warning, warn)...)
	}
	return append(out, r.styles.Faint.Render(strings.Repeat("─", min(w, 60))), "")
}

// feedWarning says why a feed is not updating, or "".
func feedWarning(f *store.FeedRow) string {
	switch {
	case f == nil:
		return ""
	case f.Stopped == store.StoppedGone:
		return "This feed is gone (the server said 410 or redirected to nowhere); it is no longer updated."
	case f.Stopped == store.StoppedEnded:
		return "This feed has ended (its publisher said no more updates); it is no longer updated."
	case f.LastError != "":
		return fmt.Sprintf("Last download failed (%d in a row): %s — i shows the feed's health.", f.Failures, f.LastError)
	}
	return ""
}

// enclosureLines describe an enclosure: its type, size and duration, then
// where its download stands (the file's path once downloaded).
func enclosureLines(e store.Enclosure, seconds int) (head, state string) {
	head = glyphEnclosure + " " + fileName(e.URL)
	var facts []string
	if e.Type != "" {
		facts = append(facts, e.Type)
	}
	size := e.Length
	if e.BytesTotal > 0 {
		size = e.BytesTotal
	}
	if size > 0 {
		facts = append(facts, humanBytes(size))
	}
	if seconds > 0 {
		facts = append(facts, clock(seconds))
	}
	if len(facts) > 0 {
		head += " (" + strings.Join(facts, ", ") + ")"
	}
	return head, enclosureState(e)
}

// enclosureState is where an enclosure's download stands, with the key
// that acts on it.
func enclosureState(e store.Enclosure) string {
	switch e.Status {
	case store.EnclosureDownloaded:
		return "downloaded: " + e.Path + " — P plays it"
	case store.EnclosureDownloading:
		return "downloading " + progressText(e.BytesDone, e.BytesTotal)
	case store.EnclosureQueued:
		return "queued for download"
	case store.EnclosureFailed:
		return "download failed: " + oneLine(e.Error) + " — e tries again"
	case store.EnclosureBlocked:
		if why := oneLine(e.Error); strings.HasPrefix(why, "blocked") {
			return why
		}
		return "blocked: " + oneLine(e.Error)
	case store.EnclosureRemoved:
		return "removed (not downloaded again automatically) — e downloads it"
	}
	return "not downloaded — e downloads it"
}

// clock words a duration in seconds as m:ss or h:mm:ss.
func clock(s int) string {
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func isDigit(km tea.KeyMsg) bool {
	return km.Type == tea.KeyRunes && len(km.Runes) == 1 && km.Runes[0] >= '0' && km.Runes[0] <= '9'
}
