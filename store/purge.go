package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
)

// purge keeps at most maxItems items of a feed: the newest by sort date
// (published, else updated, else first seen; list feeds: the first in
// document order).
// Flagged items are never removed. maxItems <= 0 keeps everything.
// Tombstones of items deleted by rules are pruned to the same number
// whenever a download adds some.
func purge(ctx context.Context, tx *sql.Tx, feedID int64, maxItems int, isList bool, res *DownloadResult) error {
	drop, err := purgeable(ctx, tx, feedID, maxItems, isList)
	if err != nil {
		return err
	}
	if err := deleteItems(ctx, tx, drop, res); err != nil {
		return err
	}
	if res.buried == 0 {
		return nil // tombstones only grow when a delete rule acts
	}
	return pruneTombstones(ctx, tx, feedID, maxItems)
}

// purgeable lists the items purge removes.
func purgeable(ctx context.Context, tx *sql.Tx, feedID int64, maxItems int, isList bool) ([]int64, error) {
	if maxItems <= 0 {
		return nil, nil
	}
	order := `sort_at DESC, id DESC`
	if isList {
		order = `list_pos ASC, id DESC`
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, flagged FROM items WHERE feed_id = +?
		ORDER BY `+order+` LIMIT -1 OFFSET ?`, feedID, maxItems)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var drop []int64
	for rows.Next() {
		var id int64
		var flagged bool
		if err := rows.Scan(&id, &flagged); err != nil {
			return nil, err
		}
		if !flagged {
			drop = append(drop, id)
		}
	}
	return drop, rows.Err()
}

// deleteItems removes items (their enclosure rows go by cascade) and
// collects the enclosure files to delete from disk.
func deleteItems(ctx context.Context, tx *sql.Tx, ids []int64, res *DownloadResult) error {
	const batch = 500
	for len(ids) > 0 {
		n := min(batch, len(ids))
		part := ids[:n]
		ids = ids[n:]
		marks := strings.TrimSuffix(strings.Repeat("?,", len(part)), ",")
		args := make([]any, len(part))
		for i, id := range part {
			args[i] = id
		}
		files, err := enclosureFiles(ctx, tx, `i.id IN (`+marks+`)`, args...)
		if err != nil {
			return err
		}
		res.RemovedFiles = append(res.RemovedFiles, files...)
		if _, err := tx.ExecContext(ctx, `DELETE FROM items WHERE id IN (`+marks+`)`, args...); err != nil {
			return err
		}
		res.Removed += len(part)
	}
	return nil
}

// enclosureFiles lists the files the enclosures of the items that match
// where (a condition on items aliased "i") record: each downloaded file and
// each partial file, exactly as recorded. A name derived from them could be
// another enclosure's file.
func enclosureFiles(ctx context.Context, tx *sql.Tx, where string, args ...any) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT e.path FROM enclosures e JOIN items i ON i.id = e.item_id
		WHERE e.path <> '' AND `+where+`
		UNION ALL SELECT e.part_path FROM enclosures e JOIN items i ON i.id = e.item_id
		WHERE e.part_path <> '' AND `+where, append(slices.Clone(args), args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
