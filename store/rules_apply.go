package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// applyRules runs the feed's rules over the items this download added or
// changed, in the download's transaction: delete first (leaving
// tombstones), then hide, read and flag. Items deleted or hidden leave the
// result's new and changed lists, so nothing announces, counts or queues
// them.
func (s *Store) applyRules(ctx context.Context, tx *sql.Tx, feedID int64, now time.Time, res *DownloadResult) error {
	if len(res.ChangedItems) == 0 {
		return nil
	}
	rules, err := s.feedRules(ctx, tx, feedID)
	if err != nil || len(rules) == 0 {
		return err
	}
	gone, err := applyDeletes(ctx, tx, feedID, rules, now, res)
	if err != nil {
		return err
	}
	ids := without(res.ChangedItems, gone)
	hidden, err := applyAction(ctx, tx, rules, ActionHide, `hidden = 1`, ids, now)
	if err != nil {
		return err
	}
	for _, a := range []struct{ action, set string }{{ActionRead, `read = 1`}, {ActionFlag, `flagged = 1`}} {
		if _, err := applyAction(ctx, tx, rules, a.action, a.set, ids, now); err != nil {
			return err
		}
	}
	for id := range hidden {
		gone[id] = true
	}
	res.Ruled += len(gone)
	dropFromResult(res, gone)
	return nil
}

// applyDeletes deletes the items a delete rule matches, leaving a
// tombstone for each, and returns their ids.
func applyDeletes(ctx context.Context, tx *sql.Tx, feedID int64, rules []activeRule, now time.Time, res *DownloadResult) (map[int64]bool, error) {
	gone := map[int64]bool{}
	var drop []int64
	for _, r := range rules {
		if r.action != ActionDelete {
			continue
		}
		matched, err := matching(ctx, tx, r.expr, without(res.ChangedItems, gone), now)
		if err != nil {
			return nil, err
		}
		for _, m := range matched {
			if _, err := tx.ExecContext(ctx, `INSERT INTO item_tombstones (feed_id, item_key, rule_id, seen_at)
				VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET seen_at = excluded.seen_at, rule_id = excluded.rule_id`,
				feedID, m.key, r.id, now.Unix()); err != nil {
				return nil, err
			}
			gone[m.id] = true
			drop = append(drop, m.id)
		}
	}
	removed := res.Removed
	if err := deleteItems(ctx, tx, drop, res); err != nil {
		return nil, err
	}
	res.Removed = removed // deleted by a rule, not purged
	return gone, nil
}

// matchedItem is an item a rule matched: its id and identity.
type matchedItem struct {
	id  int64
	key string
}

// matching returns the items among ids that e matches.
func matching(ctx context.Context, tx *sql.Tx, e query.Expr, ids []int64, now time.Time) ([]matchedItem, error) {
	var out []matchedItem
	if len(ids) == 0 {
		return nil, nil
	}
	cond, fargs := compileFilter(e, now)
	err := inBatches(ids, func(part []int64) error {
		rows, err := tx.QueryContext(ctx, `SELECT i.id, i.item_key FROM items i WHERE i.id IN (`+marks(len(part))+`) AND `+cond,
			append(appendIDs(nil, part), fargs...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m matchedItem
			if err := rows.Scan(&m.id, &m.key); err != nil {
				return err
			}
			out = append(out, m)
		}
		return rows.Err()
	})
	return out, err
}

// applyAction sets `set` on the items among ids that any rule of the
// action matches, in one statement, and returns them.
func applyAction(ctx context.Context, tx *sql.Tx, rules []activeRule, action, set string, ids []int64, now time.Time) (map[int64]bool, error) {
	var conds []string
	var cargs []any
	for _, r := range rules {
		if r.action == action {
			cond, args := compileFilter(r.expr, now)
			conds, cargs = append(conds, "("+cond+")"), append(cargs, args...)
		}
	}
	hit := map[int64]bool{}
	if len(conds) == 0 || len(ids) == 0 {
		return hit, nil
	}
	cond := strings.Join(conds, " OR ")
	err := inBatches(ids, func(part []int64) error {
		rows, err := tx.QueryContext(ctx, `UPDATE items SET `+set+` WHERE id IN (
			SELECT i.id FROM items i WHERE i.id IN (`+marks(len(part))+`) AND (`+cond+`)) RETURNING id`,
			append(appendIDs(nil, part), cargs...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			hit[id] = true
		}
		return rows.Err()
	})
	return hit, err
}

func without(ids []int64, drop map[int64]bool) []int64 {
	if len(drop) == 0 {
		return ids
	}
	return slices.DeleteFunc(slices.Clone(ids), func(id int64) bool { return drop[id] })
}

// dropFromResult takes deleted and hidden items out of the new and changed
// lists and counts.
func dropFromResult(res *DownloadResult, gone map[int64]bool) {
	if len(gone) == 0 {
		return
	}
	newGone := 0
	for _, id := range res.NewItems {
		if gone[id] {
			newGone++
		}
	}
	res.New -= newGone
	res.Updated -= len(gone) - newGone
	res.NewItems = without(res.NewItems, gone)
	res.ChangedItems = without(res.ChangedItems, gone)
}
