package engine

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// ParseExpression checks an expression of the query language, the one
// check both front ends use. Its error is one line naming the expression
// and the column: expression "title ~": column 8: expected a value after ~.
func ParseExpression(text string) (query.Expr, error) {
	e, err := query.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("expression %s: %w", strconv.Quote(text), err)
	}
	return e, nil
}

// ParseAction reads a rule's action as the command line writes it.
func ParseAction(s string) (string, error) {
	switch s {
	case store.ActionHide, store.ActionRead, store.ActionFlag, store.ActionDelete:
		return s, nil
	}
	return "", fmt.Errorf("action %s: want hide, read, flag or delete", sanitize.Named(s))
}

// AddRule checks and stores a rule: from the next download on, new and
// updated items matching expr (of feedID's feed, or of every feed when 0)
// are hidden, marked read, flagged or deleted, in the download's own
// transaction.
func (e *Engine) AddRule(ctx context.Context, expr, action string, feedID int64) (store.Rule, error) {
	if _, err := ParseExpression(expr); err != nil {
		return store.Rule{}, err
	}
	if _, err := ParseAction(action); err != nil {
		return store.Rule{}, err
	}
	return e.store.AddRule(ctx, store.Rule{Expr: expr, Action: action, FeedID: feedID})
}

// Rules lists the rules, oldest first.
func (e *Engine) Rules(ctx context.Context) ([]store.Rule, error) { return e.store.Rules(ctx) }

// RemoveRule deletes a rule; the items a delete rule removed may come back
// with their feed's next full document.
func (e *Engine) RemoveRule(ctx context.Context, id int64) error { return e.store.RemoveRule(ctx, id) }

// ApplyRules runs rules over the items already stored, as a download runs
// them over its new ones, in one transaction (see store.ApplyRules), and
// removes the enclosure files of the items it deleted.
func (e *Engine) ApplyRules(ctx context.Context, o store.ApplyOptions) (store.ApplyResult, error) {
	res, err := e.store.ApplyRules(ctx, o)
	if err == nil {
		e.removeFiles(res.RemovedFiles)
	}
	return res, err
}
