package ui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// cycleSortMsg is O where no list feed is selected: the lists take the
// next sort order (store.SortOrders), and the list shown is read again.
type cycleSortMsg struct{}

// sortLabels name the sort orders in the list's title; the default, date,
// has none.
var sortLabels = map[store.SortOrder]string{
	store.SortDateAsc: "oldest first",
	store.SortTitle:   "by title",
	store.SortFeed:    "by feed",
	store.SortUnread:  "unread first",
}

// sortLabel is the list title's note of its order: " · by title".
func (p *itemsPane) sortLabel() string {
	if l := sortLabels[p.sort]; p.sorted && l != "" {
		return " · " + l
	}
	return ""
}

// cycleSort is O on a list: the next order, for this list and the next
// ones; search results keep theirs (by relevance, then date).
func (p *itemsPane) cycleSort() tea.Cmd {
	if p.search != "" {
		p.out.say("", errors.New("search results keep their order: O sorts a feed, a folder or a view"))
		return nil
	}
	p.sort = p.sort.Next()
	label := sortLabels[p.sort]
	if label == "" {
		label = "newest first"
	}
	p.out.say("sorted "+label+" (O: next order)", nil)
	return p.show(p.title, p.query, p.river)
}

// startSort is the lists' first order: [ui] sort (checked when the
// configuration was read), newest first when it names none.
func startSort(name string) store.SortOrder {
	if o, err := store.ParseSortOrder(name); err == nil {
		return o
	}
	return store.SortDate
}
