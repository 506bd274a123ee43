package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/engine/document"
)

// ListOrder asks Items for a list feed's items in one of its cf:listinfo
// orders, grouped by one of its groups: items without the value come last.
type ListOrder struct {
	Sort  document.ListSort // a sort without Element keeps document order
	Desc  bool
	Group *document.ListGroup // nil: no grouping
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
		case document.ListNumber:
			v = strings.Replace(v, `, json_extract(nullif(i.list_values, ''), ?)`, `, CAST(json_extract(nullif(i.list_values, ''), ?) AS REAL)`, 1)
		case document.ListText, "":
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
func saveListInfo(ctx context.Context, tx *sql.Tx, feedID int64, doc *document.Document) error {
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
func (s *Store) FeedListInfo(ctx context.Context, feedID int64) (*document.ListInfo, error) {
	var raw string
	err := s.db.QueryRowContext(ctx, `SELECT list_info FROM feeds WHERE id = ?`, feedID).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("feed %d: %w", feedID, ErrNotFound)
	}
	if err != nil || raw == "" {
		return nil, err
	}
	var info document.ListInfo
	if err := json.Unmarshal([]byte(raw), &info); err != nil {
		return nil, fmt.Errorf("feed %d list info: %w", feedID, err)
	}
	return &info, nil
}
