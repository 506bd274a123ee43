package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
)

// The actions a rule can take on the items it matches.
const (
	ActionHide   = "hide"   // kept, but out of every count and list (items --all shows it)
	ActionRead   = "read"   // marked read
	ActionFlag   = "flag"   // flagged
	ActionDelete = "delete" // removed, and not added again by later downloads
)

// Rule applies an action to new and updated items that match its
// expression, inside the download's transaction.
type Rule struct {
	ID     int64
	Expr   string
	Action string
	// FeedID limits the rule to one feed; 0 is every feed.
	FeedID    int64
	CreatedAt time.Time
}

// AddRule stores a rule and returns it with its id. The expression must
// parse and the action be one of the four; else ErrInvalid.
func (s *Store) AddRule(ctx context.Context, r Rule) (Rule, error) {
	if _, err := s.parseExpr(r.Expr); err != nil {
		return r, fmt.Errorf("add rule: %w: %w", ErrInvalid, err)
	}
	switch r.Action {
	case ActionHide, ActionRead, ActionFlag, ActionDelete:
	default:
		return r, fmt.Errorf("add rule: %w: action %s", ErrInvalid, sanitize.Named(r.Action))
	}
	r.CreatedAt = s.now().UTC().Truncate(time.Second)
	err := s.write(ctx, func(tx *sql.Tx) error {
		if r.FeedID != 0 {
			if _, err := feedExists(ctx, tx, r.FeedID); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO rules (expr, action, feed_id, created_at) VALUES (?, ?, ?, ?)`,
			r.Expr, r.Action, nullID(r.FeedID), r.CreatedAt.Unix())
		if err != nil {
			return err
		}
		r.ID, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return r, fmt.Errorf("add rule: %w", err)
	}
	return r, nil
}

// Rules lists every rule, oldest first.
func (s *Store) Rules(ctx context.Context) ([]Rule, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, expr, action, coalesce(feed_id, 0), created_at FROM rules ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list rules: %w", err)
	}
	defer rows.Close()
	var out []Rule
	for rows.Next() {
		var r Rule
		var at int64
		if err := rows.Scan(&r.ID, &r.Expr, &r.Action, &r.FeedID, &at); err != nil {
			return nil, fmt.Errorf("list rules: %w", err)
		}
		r.CreatedAt = time.Unix(at, 0).UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}

// RemoveRule deletes a rule. Items it hid, read or flagged stay as they
// are; the tombstones of items it deleted go, so a feed's next full
// document brings those items back.
func (s *Store) RemoveRule(ctx context.Context, id int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		return execOne(ctx, tx, `DELETE FROM rules WHERE id = ?`, id)
	})
	if err != nil {
		return fmt.Errorf("remove rule %d: %w", id, err)
	}
	return nil
}

// activeRule is a rule of the feed being merged, parsed.
type activeRule struct {
	id     int64
	action string
	expr   query.Expr
}

// feedRules reads the rules that apply to a feed's items, parsed (through
// the store's cache). A stored expression that no longer parses matches
// nothing.
func (s *Store) feedRules(ctx context.Context, tx *sql.Tx, feedID int64) ([]activeRule, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, action, expr FROM rules WHERE feed_id IS NULL OR feed_id = ? ORDER BY id`, feedID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []activeRule
	for rows.Next() {
		var r activeRule
		var text string
		if err := rows.Scan(&r.id, &r.action, &text); err != nil {
			return nil, err
		}
		if r.expr, err = s.parseExpr(text); err == nil {
			out = append(out, r)
		}
	}
	return out, rows.Err()
}
