package engine

import (
	"context"
	"fmt"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// Mark is a change of an item's read or flag state.
type Mark string

// The marks a person can make.
const (
	MarkRead   Mark = "read"
	MarkUnread Mark = "unread"
	MarkFlag   Mark = "flag"
	MarkUnflag Mark = "unflag"
)

// ParseMark reads a mark as the command line writes it.
func ParseMark(s string) (Mark, error) {
	switch m := Mark(s); m {
	case MarkRead, MarkUnread, MarkFlag, MarkUnflag:
		return m, nil
	}
	return "", fmt.Errorf("%s: want read, unread, flag or unflag", sanitize.Named(s))
}

// MarkItems applies a mark to items, in one transaction.
func (e *Engine) MarkItems(ctx context.Context, m Mark, ids []int64) error {
	switch m {
	case MarkRead, MarkUnread:
		return e.store.SetRead(ctx, ids, m == MarkRead)
	case MarkFlag, MarkUnflag:
		return e.store.SetFlagged(ctx, ids, m == MarkFlag)
	}
	return fmt.Errorf("mark %s: unknown", sanitize.Named(string(m)))
}

// MarkFeedRead marks every item of a feed read and returns how many
// changed.
func (e *Engine) MarkFeedRead(ctx context.Context, feedID int64) (int, error) {
	return e.store.MarkFeedRead(ctx, feedID)
}

// MarkFolderRead marks every item under a folder read ("" is everything)
// and returns how many changed.
func (e *Engine) MarkFolderRead(ctx context.Context, path string) (int, error) {
	return e.store.MarkFolderRead(ctx, path)
}

// MarkQueryRead marks read every unread item q selects (a feed, a folder's
// subtree, everything) in one transaction and returns their ids, so that
// MarkItems(ctx, MarkUnread, ids) undoes exactly this.
func (e *Engine) MarkQueryRead(ctx context.Context, q store.ItemQuery) ([]int64, error) {
	ids, err := e.store.UnreadIDs(ctx, q)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if _, err := e.store.SetReadExisting(ctx, ids, true); err != nil {
		return nil, err
	}
	return ids, nil
}

// UndoMarkRead marks unread again the items a MarkQueryRead marked (those
// still there) and returns how many changed.
func (e *Engine) UndoMarkRead(ctx context.Context, ids []int64) (int, error) {
	return e.store.SetReadExisting(ctx, ids, false)
}
