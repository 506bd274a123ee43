package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// MoveFolder renames or moves a folder with its sub-folders and feeds:
// "News/Tech" → "News/Technology" renames it, "News/Tech" → "Tech" moves it
// to the top level. A path that exists already, the top level, or a path
// inside the folder itself is refused and nothing changes. The feeds of
// the account in it move to the new labels on their server too; when the
// server refuses, the folder moves back. The new path is made plain text
// (sanitize.Text), as every name is.
func (e *Engine) MoveFolder(ctx context.Context, from, to string) error {
	to = sanitize.Text(to)
	moves, err := e.remoteFeedsUnder(ctx, from)
	if err != nil {
		return fmt.Errorf("move folder %s to %s: %w", sanitize.Named(from), sanitize.Named(to), err)
	}
	if err := e.store.MoveFolder(ctx, from, to); err != nil || len(moves) == 0 {
		return err
	}
	from, _ = store.CleanFolderPath(from) // both clean: the store moved it
	to, _ = store.CleanFolderPath(to)
	for i := range moves {
		moves[i].to = to + strings.TrimPrefix(moves[i].from, from)
	}
	if err := e.relabel(ctx, moves); err != nil {
		if back := e.store.MoveFolder(context.WithoutCancel(ctx), to, from); back != nil {
			e.log.Error("move folder back", "from", to, "to", from, "err", back)
		}
		return fmt.Errorf("move folder %s to %s: %w", sanitize.Named(from), sanitize.Named(to), err)
	}
	return nil
}

// RemoveFolder removes a folder without unsubscribing anything: its feeds
// and sub-folders move up to its parent. The feeds of the account in it
// move to their new labels on their server first; a feed of the account
// cannot move to the top level (it lives under a label of its server).
func (e *Engine) RemoveFolder(ctx context.Context, path string) error {
	clean, err := store.CleanFolderPath(path)
	if err != nil {
		return e.store.RemoveFolder(ctx, path) // the store words the refusal
	}
	parent := store.ParentFolder(clean)
	moves, err := e.remoteFeedsUnder(ctx, clean)
	for i := 0; err == nil && i < len(moves); i++ {
		m := &moves[i]
		m.to = strings.TrimPrefix(parent+strings.TrimPrefix(m.from, clean), "/")
		if m.to == "" {
			err = fmt.Errorf("%w lives under a label of its server: move %s to another folder first", account.ErrSetting, m.title)
		}
	}
	if err == nil {
		err = e.relabel(ctx, moves)
	}
	if err != nil {
		return fmt.Errorf("remove folder %s: %w", sanitize.Named(path), err)
	}
	return e.store.RemoveFolder(ctx, path)
}

// MoveFeed puts a feed in the folder at path ("" is the top level),
// creating the folder when missing.
func (e *Engine) MoveFeed(ctx context.Context, feedID int64, path string) error {
	if _, err := e.ChangeSettings(ctx, feedID, store.FeedSettings{FolderPath: &path}); err != nil {
		return fmt.Errorf("move feed %d to %s: %w", feedID, sanitize.Named(path), err)
	}
	return nil
}

// remoteMove is a feed of the account whose folder, its label, changes.
type remoteMove struct {
	remoteID, title, from, to string
}

// remoteFeedsUnder lists the feeds of the account in folder's subtree
// (their to not yet set); with such feeds and no account configured, it
// refuses.
func (e *Engine) remoteFeedsUnder(ctx context.Context, folder string) ([]remoteMove, error) {
	clean, err := store.CleanFolderPath(folder)
	if err != nil || clean == "" {
		return nil, nil // the store refuses it
	}
	feeds, err := e.store.Feeds(ctx)
	if err != nil {
		return nil, err
	}
	var moves []remoteMove
	for _, f := range feeds {
		if !f.Remote() || f.FolderPath != clean && !strings.HasPrefix(f.FolderPath, clean+"/") {
			continue
		}
		if e.account == nil {
			return nil, fmt.Errorf("%w: no account is configured to move %s", account.ErrSetting, f.Title)
		}
		moves = append(moves, remoteMove{remoteID: f.RemoteID, title: f.Title, from: f.FolderPath})
	}
	return moves, nil
}

// relabel moves feeds of the account to their new labels on the server,
// stopping at the first refusal.
func (e *Engine) relabel(ctx context.Context, moves []remoteMove) error {
	for _, m := range moves {
		if m.to == m.from {
			continue
		}
		if err := e.account.Move(ctx, m.remoteID, m.to); err != nil {
			return err
		}
	}
	return nil
}
