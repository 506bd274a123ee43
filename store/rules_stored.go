package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ErrUnconfirmed means applying rules to the stored items would delete
// some, and the caller did not consent (ApplyOptions.Delete): nothing was
// changed.
var ErrUnconfirmed = errors.New("would delete items")

// RuleNotFoundError names a rule id that is no rule; it is ErrNotFound.
type RuleNotFoundError struct{ ID int64 }

// Error names the id: "rule 42: not found".
func (e *RuleNotFoundError) Error() string { return fmt.Sprintf("rule %d: %v", e.ID, ErrNotFound) }

// Unwrap returns ErrNotFound.
func (e *RuleNotFoundError) Unwrap() error { return ErrNotFound }

// errDryRun rolls a dry run's transaction back.
var errDryRun = errors.New("dry run")

// ApplyOptions says which rules ApplyRules runs, over which items.
type ApplyOptions struct {
	// IDs are the rules to apply; none is every rule.
	IDs []int64
	// FeedID limits the items to one feed's; 0 is every feed.
	FeedID int64
	// DryRun counts what the rules would change and changes nothing.
	DryRun bool
	// Delete consents to the deletions of delete rules; without it,
	// ApplyRules refuses with ErrUnconfirmed when a rule would delete.
	Delete bool
}

// RuleApplication is what one rule did, or would do, to the stored items.
type RuleApplication struct {
	Rule Rule
	// Items counts the items the rule changed: deleted, or hidden, marked
	// read or flagged when they were not.
	Items int
	// Flagged counts the flagged items among those a delete rule deleted.
	Flagged int
}

// ApplyResult is what ApplyRules did.
type ApplyResult struct {
	// Rules holds one entry per rule applied, in id order.
	Rules []RuleApplication
	// RemovedFiles are enclosure files whose items are gone; delete them.
	RemovedFiles []string
}

// Deleted counts the items the delete rules removed, and the flagged ones
// among them.
func (r ApplyResult) Deleted() (items, flagged int) {
	for _, a := range r.Rules {
		if a.Rule.Action == ActionDelete {
			items += a.Items
			flagged += a.Flagged
		}
	}
	return items, flagged
}

// feedVerdict is what the rules decide for one feed's stored items.
type feedVerdict struct {
	feedID int64
	verdict
}

// ApplyRules runs rules over the items already stored, exactly as a
// download runs them over its new and updated items (the same evaluation,
// the same precedence of delete, tombstones included), in one write
// transaction: either every change is committed or none is. A rule id
// that does not exist is a *RuleNotFoundError and changes nothing.
func (s *Store) ApplyRules(ctx context.Context, o ApplyOptions) (ApplyResult, error) {
	var out ApplyResult
	now := s.now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		out = ApplyResult{}
		rules, err := chosenRules(ctx, tx, o.IDs)
		if err != nil {
			return err
		}
		verdicts, err := s.judgeStored(ctx, tx, o, rules, now)
		if err != nil {
			return err
		}
		out.Rules = tally(rules, verdicts)
		if n, _ := out.Deleted(); o.DryRun || (n > 0 && !o.Delete) {
			return errDryRun
		}
		var res DownloadResult
		for _, v := range verdicts {
			if _, err := enact(ctx, tx, v.feedID, v.graves, v.fresh, now, &res); err != nil {
				return fmt.Errorf("feed %d: %w", v.feedID, err)
			}
		}
		out.RemovedFiles = res.RemovedFiles
		return nil
	})
	switch n, _ := out.Deleted(); {
	case errors.Is(err, errDryRun) && !o.DryRun:
		return out, fmt.Errorf("apply rules: %d items: %w", n, ErrUnconfirmed)
	case errors.Is(err, errDryRun):
		return out, nil
	case err != nil:
		return ApplyResult{}, fmt.Errorf("apply rules: %w", err)
	}
	return out, nil
}

// chosenRules reads the rules of ids, in id order, or every rule when
// ids is empty; ErrNotFound names the first id that is no rule.
func chosenRules(ctx context.Context, tx *sql.Tx, ids []int64) ([]Rule, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, expr, action, coalesce(feed_id, 0), created_at FROM rules ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Rule
	for rows.Next() {
		var r Rule
		var at int64
		if err := rows.Scan(&r.ID, &r.Expr, &r.Action, &r.FeedID, &at); err != nil {
			return nil, err
		}
		r.CreatedAt = time.Unix(at, 0).UTC()
		if len(ids) == 0 || slices.Contains(ids, r.ID) {
			out = append(out, r)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, id := range ids {
		if !slices.ContainsFunc(out, func(r Rule) bool { return r.ID == id }) {
			return nil, &RuleNotFoundError{ID: id}
		}
	}
	return out, nil
}

// judgeStored decides, feed by feed, what the chosen rules do to the
// stored items, without changing anything.
func (s *Store) judgeStored(ctx context.Context, tx *sql.Tx, o ApplyOptions, rules []Rule, now time.Time) ([]feedVerdict, error) {
	feeds, err := ruledFeeds(ctx, tx, o.FeedID)
	if err != nil {
		return nil, err
	}
	var out []feedVerdict
	for _, feedID := range feeds {
		active, err := s.feedRules(ctx, tx, feedID)
		if err != nil {
			return nil, err
		}
		active = slices.DeleteFunc(active, func(a activeRule) bool {
			return !slices.ContainsFunc(rules, func(r Rule) bool { return r.ID == a.id })
		})
		if len(active) == 0 {
			continue
		}
		ids, err := feedItemIDs(ctx, tx, feedID)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			continue
		}
		ev, items, err := s.prepareRules(ctx, tx, feedID, active, ids, now)
		if err != nil {
			return nil, fmt.Errorf("feed %d: %w", feedID, err)
		}
		out = append(out, feedVerdict{feedID: feedID, verdict: decide(ev, active, items)})
	}
	return out, nil
}

// ruledFeeds lists the feed feedID (ErrNotFound when there is none), or
// every feed when 0.
func ruledFeeds(ctx context.Context, tx *sql.Tx, feedID int64) ([]int64, error) {
	if feedID != 0 {
		if _, err := feedExists(ctx, tx, feedID); err != nil {
			return nil, err
		}
		return []int64{feedID}, nil
	}
	return scanIDs(ctx, tx, `SELECT id FROM feeds ORDER BY id`)
}

// feedItemIDs lists a feed's stored items, hidden ones included.
func feedItemIDs(ctx context.Context, tx *sql.Tx, feedID int64) ([]int64, error) {
	return scanIDs(ctx, tx, `SELECT id FROM items WHERE feed_id = ? ORDER BY id`, feedID)
}

// scanIDs runs a query of one integer column.
func scanIDs(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// tally sums the feeds' verdicts by rule.
func tally(rules []Rule, verdicts []feedVerdict) []RuleApplication {
	out := make([]RuleApplication, len(rules))
	for i, r := range rules {
		out[i].Rule = r
		for _, v := range verdicts {
			out[i].Items += v.changed[r.ID]
			out[i].Flagged += v.flagged[r.ID]
		}
	}
	return out
}
