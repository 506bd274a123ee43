package engine

import (
	"context"
	"fmt"

	"github.com/tidings-rss/tidings/store"
)

// MoveFolder renames or moves a folder with its sub-folders and feeds:
// "News/Tech" → "News/Technology" renames it, "News/Tech" → "Tech" moves it
// to the top level. A path that exists already, the top level, or a path
// inside the folder itself is refused and nothing changes.
func (e *Engine) MoveFolder(ctx context.Context, from, to string) error {
	return e.store.MoveFolder(ctx, from, to)
}

// RemoveFolder removes a folder without unsubscribing anything: its feeds
// and sub-folders move up to its parent.
func (e *Engine) RemoveFolder(ctx context.Context, path string) error {
	return e.store.RemoveFolder(ctx, path)
}

// MoveFeed puts a feed in the folder at path ("" is the top level),
// creating the folder when missing.
func (e *Engine) MoveFeed(ctx context.Context, feedID int64, path string) error {
	if _, err := e.ChangeSettings(ctx, feedID, store.FeedSettings{FolderPath: &path}); err != nil {
		return fmt.Errorf("move feed %d to %q: %w", feedID, path, err)
	}
	return nil
}
