package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// The names of the order form's fields.
const (
	fieldSort  = "sort"
	fieldOrder = "order"
	fieldGroup = "group"
)

// openListOrder is O: on a list feed, its cf:listinfo orders and
// groupings (Simple List Extensions), read first; elsewhere the lists'
// next sort order (sortorder.go).
func (t *treePane) openListOrder(tg feedTarget) tea.Cmd {
	if f := t.selectedFeed(tg); f != nil && f.IsList && (tg.onTree || t.node().kind == nodeFeed) {
		return t.be.listInfo(*f)
	}
	t.out.post(cycleSortMsg{})
	return nil
}

// showListOrder opens the dialog of a list feed's sorts and groups; the
// order chosen is kept for the feed, and the list shows it.
func (t *treePane) showListOrder(msg listInfoMsg) {
	if msg.err != nil {
		t.out.say("", msg.err)
		return
	}
	info := msg.info
	if info == nil || len(info.Sorts)+len(info.Groups) == 0 {
		t.out.say(oneLine(msg.feed.Title)+" offers no sorts or groups: its items stay in the publisher's order", nil)
		return
	}
	sorts := info.Sorts
	if !hasDocumentOrder(sorts) {
		sorts = append([]document.ListSort{{Label: "Publisher's order"}}, sorts...)
	}
	cur := t.listOrders[msg.feed.ID]
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
	f := newForm(t.styles, "Order of "+oneLine(feed.Title), func(v formValues) (tea.Cmd, error) {
		o := store.ListOrder{Desc: v[fieldOrder] == "descending"}
		for _, s := range sorts {
			if oneLine(s.Label) == v[fieldSort] {
				o.Sort = s
			}
		}
		for _, g := range info.Groups {
			if oneLine(g.Label) == v[fieldGroup] {
				o.Group = &g
			}
		}
		t.listOrders[feed.ID] = o
		t.out.post(showFeedMsg{feed: feed, order: o})
		return nil, nil
	},
		choiceField(fieldSort, "Sort by", sortLabels, oneLine(cur.Sort.Label)),
		choiceField(fieldOrder, "Order", []string{"ascending", "descending"}, map[bool]string{false: "ascending", true: "descending"}[cur.Desc]),
		choiceField(fieldGroup, "Group by", groupLabels, curGroup))
	f.action, f.note = "apply", "The publisher's sorts and groups (Simple List Extensions)."
	t.out.post(openDialogMsg{f})
}

func hasDocumentOrder(sorts []document.ListSort) bool {
	for _, s := range sorts {
		if s.Element == "" {
			return true
		}
	}
	return false
}
