package store

import (
	"fmt"
	"slices"
)

// SortOrder is the order of a list of items (ItemQuery.Sort); a list
// feed's document order or cf:listinfo order (ItemQuery.List) comes first.
type SortOrder string

// The sort orders, as the [ui] sort setting names them.
const (
	SortDate    SortOrder = "date"     // newest first (the default)
	SortDateAsc SortOrder = "date-asc" // oldest first
	SortTitle   SortOrder = "title"    // by title, A to Z, ignoring case
	SortFeed    SortOrder = "feed"     // by feed title, each feed newest first
	SortUnread  SortOrder = "unread"   // unread first, each part newest first
)

// SortOrders lists the sort orders in the order the reader cycles them.
func SortOrders() []SortOrder {
	return []SortOrder{SortDate, SortDateAsc, SortTitle, SortFeed, SortUnread}
}

// ParseSortOrder checks a sort order's name; "" is SortDate.
func ParseSortOrder(name string) (SortOrder, error) {
	if name == "" {
		return SortDate, nil
	}
	if o := SortOrder(name); slices.Contains(SortOrders(), o) {
		return o, nil
	}
	return "", fmt.Errorf("%w: sort order %q", ErrInvalid, name)
}

// Next is the order after o in SortOrders, wrapping around.
func (o SortOrder) Next() SortOrder {
	all := SortOrders()
	return all[(slices.Index(all, o)+1)%len(all)]
}

// orderSQL is o's ORDER BY clause over items "i" joined with feeds "fd".
// Each ends with the item's id, so that pages never overlap; each has an
// index that a page of the river walks (see TestSortOrdersKeepTheirPlans).
func (o SortOrder) orderSQL() string {
	switch o {
	case SortDateAsc:
		return `i.sort_at ASC, i.id ASC`
	case SortTitle:
		return `i.title COLLATE NOCASE ASC, i.sort_at DESC, i.id DESC`
	case SortFeed:
		return `fd.title COLLATE NOCASE ASC, fd.id ASC, i.sort_at DESC, i.id DESC`
	case SortUnread:
		return `(i.read <> 0) ASC, i.sort_at DESC, i.id DESC`
	}
	return `i.sort_at DESC, i.id DESC`
}
