package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/tidings-rss/tidings/engine/document"
)

// ftsBatch holds the full-text entries of the items a write inserts until
// the write's other item statements are done, then adds them together.
//
// FTS4 keeps the terms of inserted rows in memory and writes them as one
// segment at commit, but it also writes them out whenever a later
// statement of the transaction opens a statement journal, as every INSERT
// INTO items does (its triggers). Indexed right after its insert, each
// item made a segment of its own, and every 16 segments a merge: a tenth
// of a cold download's CPU. Added together after the items, a write's new
// items make one segment.
//
// Until flush, the entries are not in the index, so no statement that
// forgets an item through the view items_fts_text (a delete, a change of
// title or content) may run on a held item: the writer flushes before any
// such statement, and at the end of its item statements. A batch belongs
// to one write's closure, never to a transaction shared by several.
type ftsBatch struct {
	held []ftsEntry
}

// ftsEntry is one new item's words: its id, title and content (reduced to
// text by indexTitle and indexText when flushed).
type ftsEntry struct {
	id             int64
	title, content string
}

// add holds a new item's entry until flush.
func (b *ftsBatch) add(id int64, it document.Item) {
	b.held = append(b.held, ftsEntry{id: id, title: it.Title, content: it.Content})
}

// holds reports whether item id waits in the batch.
func (b *ftsBatch) holds(id int64) bool {
	return slices.ContainsFunc(b.held, func(e ftsEntry) bool { return e.id == id })
}

// flush adds the held entries to the index, as the view items_fts_text
// reads them (the index forgets an item through that view, so both must
// agree; a new item has no article yet), and empties the batch.
func (b *ftsBatch) flush(ctx context.Context, tx *sql.Tx) error {
	for _, e := range b.held {
		if _, err := tx.ExecContext(ctx, `INSERT INTO items_fts(docid, body) VALUES (?, ?)`,
			e.id, indexBody(e.title, e.content)); err != nil {
			return fmt.Errorf("index item %d: %w", e.id, err)
		}
	}
	b.held = b.held[:0]
	return nil
}
