package document

// ListInfo is a list feed's cf:listinfo (Simple List Extensions): the
// orders it can be sorted in and the groupings it offers.
type ListInfo struct {
	Sorts  []ListSort  `json:"sorts,omitempty"`
	Groups []ListGroup `json:"groups,omitempty"`
}

// The data types of a cf:sort.
const (
	ListText   = "text"
	ListNumber = "number"
	ListDate   = "date"
)

// ListSort is one cf:sort. A sort without Element is the document's own
// order under another name ("Relevance"); Default marks the order the
// publisher lists the items in.
type ListSort struct {
	Label    string `json:"label"`
	NS       string `json:"ns,omitempty"`
	Element  string `json:"element,omitempty"`
	DataType string `json:"type,omitempty"` // ListText, ListNumber or ListDate
	Default  bool   `json:"default,omitempty"`
}

// ListGroup is one cf:group: items are grouped by their value of Element.
type ListGroup struct {
	Label   string `json:"label"`
	NS      string `json:"ns,omitempty"`
	Element string `json:"element"`
}

// Key names the sort's values in Item.ListValues (and the store's items').
func (s ListSort) Key() string { return "s:" + listElement(s.NS, s.Element) }

// Key names the group's values in Item.ListValues (and the store's items').
func (g ListGroup) Key() string { return "g:" + listElement(g.NS, g.Element) }

// listElement is an element's name in Clark notation, {ns}local.
func listElement(ns, local string) string {
	if ns == "" {
		return local
	}
	return "{" + ns + "}" + local
}
