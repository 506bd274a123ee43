package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// ItemKey is how an item is known across downloads: its Key when set,
// else its guid, else its link, else a hash of its title and content.
func ItemKey(it document.Item) string {
	switch {
	case it.Key != "":
		return it.Key
	case it.GUID != "":
		return "g:" + it.GUID
	case it.Link != "":
		return "l:" + it.Link
	}
	sum := sha256.Sum256([]byte(it.Title + "\x00" + it.Content))
	return "h:" + hex.EncodeToString(sum[:])
}

// storedItem is what merge compares to decide whether an item changed.
type storedItem struct {
	id                      int64
	title, content, summary string
	updated                 sql.NullInt64
	listPos                 int
}

// mergeItems upserts the document's items. A known item whose title,
// content or updated time changed is rewritten in place and keeps its read
// and flag state. Items are inserted last-to-first so that, among items
// without dates, the first in the document is the newest. A full download
// of a list feed replaces the stored items (flagged ones stay).
func mergeItems(ctx context.Context, tx *sql.Tx, feedID int64, d Download, res *DownloadResult) error {
	items := d.Document.Items
	seen := make(map[int64]bool, len(items))
	graves, err := tombstoneKeys(ctx, tx, feedID)
	if err != nil {
		return err
	}
	stored, err := storedItems(ctx, tx, feedID, items)
	if err != nil {
		return err
	}
	var fts ftsBatch
	for i := len(items) - 1; i >= 0; i-- {
		id, err := mergeItem(ctx, tx, feedID, items[i], i, d.At, graves, stored, &fts, res)
		if err != nil {
			return err
		}
		seen[id] = true
	}
	if err := fts.flush(ctx, tx); err != nil {
		return err
	}
	if d.Document.IsList && !d.Partial {
		return dropUnlisted(ctx, tx, feedID, seen, res)
	}
	return nil
}

// storedItems reads, in one statement, the stored rows of the document's
// items that the feed already has, by item key.
func storedItems(ctx context.Context, tx *sql.Tx, feedID int64, items []document.Item) (map[string]storedItem, error) {
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = ItemKey(it)
	}
	list, err := json.Marshal(keys)
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT item_key, id, title, content, summary, updated_at, list_pos FROM items
		WHERE feed_id = ? AND item_key IN (SELECT value FROM json_each(?))`, feedID, string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	stored := make(map[string]storedItem, len(items))
	for rows.Next() {
		var key string
		var old storedItem
		if err := rows.Scan(&key, &old.id, &old.title, &old.content, &old.summary, &old.updated, &old.listPos); err != nil {
			return nil, err
		}
		stored[key] = old
	}
	return stored, rows.Err()
}

// mergeItem stores one item and returns its id (0 for an item a rule
// deleted before, whose key is in graves: its tombstone is touched
// instead). stored holds the feed's known items by key, and learns what
// this item becomes (a document may hold the same item twice). A new
// item's index entry waits in fts; the caller flushes it.
func mergeItem(ctx context.Context, tx *sql.Tx, feedID int64, it document.Item, pos int, now time.Time, graves map[string]bool,
	stored map[string]storedItem, fts *ftsBatch, res *DownloadResult) (int64, error) {
	key := ItemKey(it)
	old, known := stored[key]
	if !known {
		if graves[key] {
			return 0, touchTombstone(ctx, tx, feedID, key, now)
		}
		id, err := insertItem(ctx, tx, feedID, key, it, pos, now, fts)
		if err != nil {
			return 0, err
		}
		res.New++
		res.NewItems = append(res.NewItems, id)
		res.ChangedItems = append(res.ChangedItems, id)
		stored[key] = storedOf(id, it, pos)
		return id, nil
	}
	if old.listPos != pos { // an unchanged item is not written at all
		if _, err := tx.ExecContext(ctx, `UPDATE items SET list_pos = ? WHERE id = ?`, pos, old.id); err != nil {
			return 0, err
		}
	}
	stored[key] = storedOf(old.id, it, pos)
	if !changed(old, it) {
		return old.id, upsertEnclosures(ctx, tx, old.id, it.Enclosures)
	}
	res.Updated++
	res.ChangedItems = append(res.ChangedItems, old.id)
	if fts.holds(old.id) { // the same item earlier in this document: the update forgets its indexed text
		if err := fts.flush(ctx, tx); err != nil {
			return 0, err
		}
	}
	return old.id, updateItem(ctx, tx, old.id, it)
}

// storedOf is what the row of item id holds once it is written.
func storedOf(id int64, it document.Item, pos int) storedItem {
	old := storedItem{id: id, title: it.Title, content: it.Content, summary: it.Summary, listPos: pos}
	if it.Updated != nil {
		old.updated = sql.NullInt64{Int64: it.Updated.Unix(), Valid: true}
	}
	return old
}

func changed(old storedItem, it document.Item) bool {
	return old.title != it.Title || old.content != it.Content || old.summary != it.Summary ||
		old.updated.Valid != (it.Updated != nil) ||
		(it.Updated != nil && old.updated.Int64 != it.Updated.Unix())
}

// sortDate is an item's sort date: published, else updated, else when it
// was first seen.
func sortDate(it document.Item, firstSeen time.Time) int64 {
	switch {
	case it.Published != nil:
		return it.Published.Unix()
	case it.Updated != nil:
		return it.Updated.Unix()
	}
	return firstSeen.Unix()
}

// insertItem inserts a new item and its enclosures, and holds its index
// entry in fts (see ftsBatch).
func insertItem(ctx context.Context, tx *sql.Tx, feedID int64, key string, it document.Item, pos int, now time.Time, fts *ftsBatch) (int64, error) {
	r, err := tx.ExecContext(ctx, `INSERT INTO items (feed_id, item_key, guid, title, link, author,
		content, summary, categories, published_at, updated_at, first_seen_at, sort_at, list_pos,
		duration_seconds, image)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		feedID, key, it.GUID, it.Title, it.Link, it.Author, it.Content, it.Summary,
		categoriesJSON(it.Categories), unixOrNil(it.Published), unixOrNil(it.Updated),
		now.Unix(), sortDate(it, now), pos, max(0, it.DurationSeconds), it.Image)
	if err != nil {
		return 0, err
	}
	id, err := r.LastInsertId()
	if err != nil {
		return 0, err
	}
	fts.add(id, it)
	return id, upsertEnclosures(ctx, tx, id, it.Enclosures)
}

func updateItem(ctx context.Context, tx *sql.Tx, id int64, it document.Item) error {
	// A published date once seen stays; the sort date follows the rule of
	// sortDate with the dates the item has after this update.
	_, err := tx.ExecContext(ctx, `UPDATE items SET guid = ?, title = ?, link = ?, author = ?,
		content = ?, summary = ?, categories = ?, updated_at = ?,
		published_at = coalesce(?, published_at),
		sort_at = coalesce(?, published_at, ?, first_seen_at),
		duration_seconds = ?, image = ?
		WHERE id = ?`,
		it.GUID, it.Title, it.Link, it.Author, it.Content, it.Summary, categoriesJSON(it.Categories),
		unixOrNil(it.Updated), unixOrNil(it.Published), unixOrNil(it.Published), unixOrNil(it.Updated),
		max(0, it.DurationSeconds), it.Image, id)
	if err != nil {
		return err
	}
	return upsertEnclosures(ctx, tx, id, it.Enclosures)
}

func upsertEnclosures(ctx context.Context, tx *sql.Tx, itemID int64, encs []document.Enclosure) error {
	for _, e := range encs {
		_, err := tx.ExecContext(ctx, `INSERT INTO enclosures (item_id, url, type, length) VALUES (?, ?, ?, ?)
			ON CONFLICT (item_id, url) DO UPDATE SET type = excluded.type, length = excluded.length
			WHERE type <> excluded.type OR length <> excluded.length`,
			itemID, e.URL, e.Type, e.Length)
		if err != nil {
			return err
		}
	}
	return nil
}

// dropUnlisted removes a list feed's items that the new document no longer
// holds, except flagged ones.
func dropUnlisted(ctx context.Context, tx *sql.Tx, feedID int64, keep map[int64]bool, res *DownloadResult) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM items WHERE feed_id = ? AND flagged = 0`, feedID)
	if err != nil {
		return err
	}
	var drop []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		if !keep[id] {
			drop = append(drop, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	return deleteItems(ctx, tx, drop, res)
}

func categoriesJSON(cs []string) string {
	if len(cs) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(cs)
	return string(b)
}
