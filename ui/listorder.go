package ui

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// openListOrder is O: a list feed's cf:listinfo orders and groupings
// (Simple List Extensions), read first.
func (m *Model) openListOrder() tea.Cmd {
	f := m.selectedFeed()
	switch {
	case f == nil:
		m.status.set("", errors.New("O sorts a list feed: select one"))
		return nil
	case !f.IsList:
		m.status.set("", errors.New("O sorts list feeds (cf:treatAs list); "+oneLine(f.Title)+" is not one"))
		return nil
	}
	return m.be.listInfo(*f)
}

// showListOrder opens the dialog of a list feed's sorts and groups.
func (m *Model) showListOrder(msg listInfoMsg) tea.Cmd {
	if msg.err != nil {
		m.status.set("", msg.err)
		return nil
	}
	info := msg.info
	if info == nil || len(info.Sorts)+len(info.Groups) == 0 {
		m.status.set(oneLine(msg.feed.Title)+" offers no sorts or groups: its items stay in the publisher's order", nil)
		return nil
	}
	sorts := info.Sorts
	if !hasDocumentOrder(sorts) {
		sorts = append([]document.ListSort{{Label: "Publisher's order"}}, sorts...)
	}
	cur := m.listOrders[msg.feed.ID]
	sortLabels, groupLabels := []string{}, []string{"none"}
	for _, s := range sorts {
		sortLabels = append(sortLabels, oneLine(s.Label))
	}
	for _, g := range info.Groups {
		groupLabels = append(groupLabels, oneLine(g.Label))
	}
	curGroup := "none"
	if cur.Group != nil {
		curGroup = oneLine(cur.Group.Label)
	}
	feed := msg.feed
	f := newForm("Order of "+oneLine(feed.Title), func(v []string) (tea.Cmd, error) {
		o := store.ListOrder{Desc: v[1] == "descending"}
		for _, s := range sorts {
			if oneLine(s.Label) == v[0] {
				o.Sort = s
			}
		}
		for _, g := range info.Groups {
			if oneLine(g.Label) == v[2] {
				o.Group = &g
			}
		}
		m.listOrders[feed.ID] = o
		return m.showFeedOrdered(feed, o), nil
	},
		choiceField("Sort by", sortLabels, oneLine(cur.Sort.Label)),
		choiceField("Order", []string{"ascending", "descending"}, map[bool]string{false: "ascending", true: "descending"}[cur.Desc]),
		choiceField("Group by", groupLabels, curGroup))
	f.action, f.note = "apply", "The publisher's sorts and groups (Simple List Extensions)."
	m.dialog = f
	return nil
}

// showFeedOrdered lists a list feed's items in order o.
func (m *Model) showFeedOrdered(f store.Feed, o store.ListOrder) tea.Cmd {
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
	return m.items.show(m.be, title, store.ItemQuery{FeedID: f.ID, List: &o}, false)
}

func hasDocumentOrder(sorts []document.ListSort) bool {
	for _, s := range sorts {
		if s.Element == "" {
			return true
		}
	}
	return false
}
