package engine

import (
	"context"
	"fmt"
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
	return "", fmt.Errorf("%q: want read, unread, flag or unflag", s)
}

// MarkItems applies a mark to items, in one transaction.
func (e *Engine) MarkItems(ctx context.Context, m Mark, ids []int64) error {
	switch m {
	case MarkRead, MarkUnread:
		return e.store.SetRead(ctx, ids, m == MarkRead)
	case MarkFlag, MarkUnflag:
		return e.store.SetFlagged(ctx, ids, m == MarkFlag)
	}
	return fmt.Errorf("mark %q: unknown", m)
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
