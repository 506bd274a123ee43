package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

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

// Key names the sort's values in DocItem.ListValues and Item.ListValues.
func (s ListSort) Key() string { return "s:" + listElement(s.NS, s.Element) }

// Key names the group's values in DocItem.ListValues and Item.ListValues.
func (g ListGroup) Key() string { return "g:" + listElement(g.NS, g.Element) }

// listElement is an element's name in Clark notation, {ns}local.
func listElement(ns, local string) string {
	if ns == "" {
		return local
	}
	return "{" + ns + "}" + local
}

// ListOrder asks Items for a list feed's items in one of its cf:listinfo
// orders, grouped by one of its groups: items without the value come last.
type ListOrder struct {
	Sort  ListSort // a sort without Element keeps document order
	Desc  bool
	Group *ListGroup // nil: no grouping
}

// orderSQL is the ORDER BY clause of o, with its arguments.
func (o ListOrder) orderSQL() (string, []any) {
	var parts []string
	var args []any
	value := func(key string) string {
		args = append(args, jsonPath(key), jsonPath(key))
		return `json_extract(nullif(i.list_values, ''), ?) IS NULL, json_extract(nullif(i.list_values, ''), ?)`
	}
	if o.Group != nil {
		parts = append(parts, value(o.Group.Key())+` COLLATE NOCASE`)
	}
	dir := ` ASC`
	if o.Desc {
		dir = ` DESC`
	}
	if o.Sort.Element != "" {
		v := value(o.Sort.Key())
		switch o.Sort.DataType {
		case ListNumber:
			v = strings.Replace(v, `, json_extract(nullif(i.list_values, ''), ?)`, `, CAST(json_extract(nullif(i.list_values, ''), ?) AS REAL)`, 1)
		case ListText, "":
			v += ` COLLATE NOCASE`
		}
		parts = append(parts, v+dir)
		dir = ` ASC`
	}
	parts = append(parts, `i.list_pos`+dir, `i.id DESC`)
	return strings.Join(parts, ", "), args
}

// jsonPath is the JSON path of an object member named key.
func jsonPath(key string) string { return `$."` + key + `"` }

// usableKey reports whether a list value key can be named in a JSON path.
func usableKey(key string) bool { return !strings.ContainsAny(key, `"\`) }

// saveListInfo stores a downloaded document's cf:listinfo on the feed and
// each item's list values. Items are found by their key, so
// this runs after mergeItems; items without either are left alone.
func saveListInfo(ctx context.Context, tx *sql.Tx, feedID int64, doc *Document) error {
	info := ""
	if doc.ListInfo != nil {
		b, err := json.Marshal(doc.ListInfo)
		if err != nil {
			return err
		}
		info = string(b)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE feeds SET list_info = ? WHERE id = ? AND list_info <> ?`, info, feedID, info); err != nil {
		return err
	}
	for _, it := range doc.Items {
		if len(it.ListValues) == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE items SET list_values = ? WHERE feed_id = ? AND item_key = ?`,
			listValuesJSON(it.ListValues), feedID, ItemKey(it)); err != nil {
			return err
		}
	}
	return nil
}

// listValuesJSON encodes an item's list values, "" when there are none.
func listValuesJSON(v map[string]string) string {
	clean := make(map[string]string, len(v))
	for k, s := range v {
		if usableKey(k) {
			clean[k] = s
		}
	}
	if len(clean) == 0 {
		return ""
	}
	b, _ := json.Marshal(clean)
	return string(b)
}

// FeedListInfo returns a feed's cf:listinfo, nil when it has none.
func (s *Store) FeedListInfo(ctx context.Context, feedID int64) (*ListInfo, error) {
	var raw string
	err := s.db.QueryRowContext(ctx, `SELECT list_info FROM feeds WHERE id = ?`, feedID).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("feed %d: %w", feedID, ErrNotFound)
	}
	if err != nil || raw == "" {
		return nil, err
	}
	var info ListInfo
	if err := json.Unmarshal([]byte(raw), &info); err != nil {
		return nil, fmt.Errorf("feed %d list info: %w", feedID, err)
	}
	return &info, nil
}
