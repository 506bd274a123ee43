package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"
)

// applyRules runs the feed's rules over the items this download added or
// changed, in the download's transaction: the first delete rule that
// matches removes an item and leaves a tombstone; otherwise every hide,
// read and flag rule that matches applies. Items deleted or hidden leave
// the result's new and changed lists, so nothing announces, counts or
// queues them.
func (s *Store) applyRules(ctx context.Context, tx *sql.Tx, feedID int64, now time.Time, res *DownloadResult) error {
	if len(res.ChangedItems) == 0 {
		return nil
	}
	rules, err := s.feedRules(ctx, tx, feedID)
	if err != nil || len(rules) == 0 {
		return err
	}
	ev, items, err := s.prepareRules(ctx, tx, feedID, rules, res.ChangedItems, now)
	if err != nil {
		return err
	}
	v := decide(ev, rules, items)
	gone, err := enact(ctx, tx, feedID, v.graves, v.sets, now, res)
	if err != nil {
		return err
	}
	for _, id := range v.sets[ActionHide] {
		gone[id] = true
	}
	res.Ruled += len(gone)
	dropFromResult(res, gone)
	return nil
}

// verdict is what the rules decide for a set of items.
type verdict struct {
	// graves are the items the first matching delete rule removes.
	graves []tombstone
	// sets maps hide, read and flag to the items a rule of that action
	// matches; fresh to those of them the action changes.
	sets, fresh map[string][]int64
	// changed counts, by rule id, the items the rule changes: deletes, or
	// hides, marks read or flags that were not so; flagged the flagged
	// items among those a delete rule removes.
	changed, flagged map[int64]int
}

// decide runs the rules over items as a download does: the first delete
// rule that matches removes an item; otherwise the first rule of each of
// hide, read and flag that matches applies.
func decide(ev *evaluator, rules []activeRule, items []*ruleItem) verdict {
	v := verdict{sets: map[string][]int64{}, fresh: map[string][]int64{}, changed: map[int64]int{}, flagged: map[int64]int{}}
	for _, it := range items {
		if r, ok := firstMatch(ev, rules, ActionDelete, it); ok {
			v.graves = append(v.graves, tombstone{id: it.id, key: it.key, rule: r})
			v.changed[r]++
			if it.flagged {
				v.flagged[r]++
			}
			continue
		}
		for _, action := range []string{ActionHide, ActionRead, ActionFlag} {
			r, ok := firstMatch(ev, rules, action, it)
			if !ok {
				continue
			}
			v.sets[action] = append(v.sets[action], it.id)
			if !it.is(action) {
				v.fresh[action] = append(v.fresh[action], it.id)
				v.changed[r]++
			}
		}
	}
	return v
}

// enact deletes the graves' items, leaving their tombstones, and hides,
// marks read and flags the items of sets; it returns the deleted ids.
func enact(ctx context.Context, tx *sql.Tx, feedID int64, graves []tombstone, sets map[string][]int64, now time.Time, res *DownloadResult) (map[int64]bool, error) {
	gone, err := buryItems(ctx, tx, feedID, graves, now, res)
	if err != nil {
		return nil, err
	}
	if err := journalRuled(ctx, tx, sets, now); err != nil {
		return nil, err
	}
	for _, a := range []struct{ action, set string }{{ActionHide, `hidden = 1`}, {ActionRead, `read = 1`}, {ActionFlag, `flagged = 1`}} {
		if err := setOn(ctx, tx, a.set, sets[a.action]); err != nil {
			return nil, err
		}
	}
	return gone, nil
}

// prepareRules reads what the rules look at: the changed items' stored
// rows, the feed, and which items each text: term finds; without
// fastPaths, also which items each rule's SQL selects.
func (s *Store) prepareRules(ctx context.Context, tx *sql.Tx, feedID int64, rules []activeRule, ids []int64, now time.Time) (*evaluator, []*ruleItem, error) {
	ev := &evaluator{cache: s.exprs, now: now.Unix(), fullText: map[string]map[int64]bool{}}
	err := tx.QueryRowContext(ctx, `SELECT fd.title, fd.url, coalesce(f.path, '') FROM feeds fd
		LEFT JOIN folders f ON f.id = fd.folder_id WHERE fd.id = +?`, feedID).Scan(&ev.feed.title, &ev.feed.url, &ev.feed.folder)
	if err != nil {
		return nil, nil, err
	}
	items, err := ruleItems(ctx, tx, ids)
	if err != nil {
		return nil, nil, err
	}
	for _, text := range fullTextTerms(rules) {
		if ev.fullText[text], err = fullTextHits(ctx, tx, text, ids); err != nil {
			return nil, nil, err
		}
	}
	if !fastPaths {
		if ev.selected, err = ruleSelections(ctx, tx, rules, ids, now); err != nil {
			return nil, nil, err
		}
	}
	return ev, items, nil
}

// ruleSelections returns, for each rule, which of ids the SQL of its
// expression selects, as a list filtered by it would: the reference the
// Go evaluation stands in for.
func ruleSelections(ctx context.Context, tx *sql.Tx, rules []activeRule, ids []int64, now time.Time) (map[int64]map[int64]bool, error) {
	selected := map[int64]map[int64]bool{}
	for _, r := range rules {
		cond, args := compileFilter(r.expr, now)
		hits := map[int64]bool{}
		err := inBatches(ids, func(part []int64) error {
			rows, err := tx.QueryContext(ctx, `SELECT i.id FROM items i WHERE i.id IN (`+marks(len(part))+`) AND `+cond,
				append(appendIDs(nil, part), args...)...)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					return err
				}
				hits[id] = true
			}
			return rows.Err()
		})
		if err != nil {
			return nil, fmt.Errorf("rule %d: %w", r.id, err)
		}
		selected[r.id] = hits
	}
	return selected, nil
}

// ruleItems reads the stored rows of items, in id order.
func ruleItems(ctx context.Context, tx *sql.Tx, ids []int64) ([]*ruleItem, error) {
	var out []*ruleItem
	err := inBatches(ids, func(part []int64) error {
		rows, err := tx.QueryContext(ctx, `SELECT i.id, i.item_key, i.title, i.author, i.content, i.summary, i.link,
			i.categories, i.read, i.flagged, i.hidden, i.sort_at, EXISTS (SELECT 1 FROM enclosures e WHERE e.item_id = i.id)
			FROM items i WHERE i.id IN (`+marks(len(part))+`) ORDER BY i.id`, appendIDs(nil, part)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			it := &ruleItem{}
			if err := rows.Scan(&it.id, &it.key, &it.title, &it.author, &it.content, &it.summary, &it.link,
				&it.categoriesJSON, &it.read, &it.flagged, &it.hidden, &it.sortAt, &it.enclosure); err != nil {
				return err
			}
			out = append(out, it)
		}
		return rows.Err()
	})
	return out, err
}

// fullTextHits returns which of ids the full-text index finds for text,
// as compileFilter's text: does.
func fullTextHits(ctx context.Context, tx *sql.Tx, text string, ids []int64) (map[int64]bool, error) {
	hits := map[int64]bool{}
	err := inBatches(ids, func(part []int64) error {
		rows, err := tx.QueryContext(ctx, `SELECT docid FROM items_fts WHERE items_fts MATCH ? AND docid IN (`+
			marks(len(part))+`)`, appendIDs([]any{ftsQuery(text)}, part)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			hits[id] = true
		}
		return rows.Err()
	})
	return hits, err
}

// firstMatch returns the first rule of the action that matches it.
func firstMatch(ev *evaluator, rules []activeRule, action string, it *ruleItem) (int64, bool) {
	for _, r := range rules {
		if r.action == action && ev.holds(r.id, r.expr, it) {
			return r.id, true
		}
	}
	return 0, false
}

// tombstone is an item a delete rule removes: its identity and the rule.
type tombstone struct {
	id   int64
	key  string
	rule int64
}

// buryItems deletes the items of graves, leaving their tombstones, and
// returns their ids.
func buryItems(ctx context.Context, tx *sql.Tx, feedID int64, graves []tombstone, now time.Time, res *DownloadResult) (map[int64]bool, error) {
	gone := map[int64]bool{}
	var drop []int64
	for _, g := range graves {
		if _, err := tx.ExecContext(ctx, `INSERT INTO item_tombstones (feed_id, item_key, rule_id, seen_at)
			VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET seen_at = excluded.seen_at, rule_id = excluded.rule_id`,
			feedID, g.key, g.rule, now.Unix()); err != nil {
			return nil, err
		}
		gone[g.id] = true
		drop = append(drop, g.id)
	}
	res.buried += len(graves)
	removed := res.Removed
	if err := deleteItems(ctx, tx, drop, res); err != nil {
		return nil, err
	}
	res.Removed = removed // deleted by a rule, not purged
	return gone, nil
}

// journalRuled journals, to be pushed, what read and flag rules are about
// to change on items of the account: a rule's mark is a mark made here,
// which the server's state must not undo before it is pushed.
func journalRuled(ctx context.Context, tx *sql.Tx, sets map[string][]int64, now time.Time) error {
	for _, j := range []struct{ action, column string }{{ActionRead, "read"}, {ActionFlag, "flagged"}} {
		if len(sets[j.action]) == 0 {
			continue
		}
		err := inBatches(sets[j.action], func(part []int64) error {
			return journalItems(ctx, tx, j.column, true, now, j.column+` = 0 AND id IN (`+marks(len(part))+`)`,
				appendIDs(nil, part)...)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// setOn sets `set` on the items ids.
func setOn(ctx context.Context, tx *sql.Tx, set string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return inBatches(ids, func(part []int64) error {
		_, err := tx.ExecContext(ctx, `UPDATE items SET `+set+` WHERE id IN (`+marks(len(part))+`)`, appendIDs(nil, part)...)
		return err
	})
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
