package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// RemoteFeed is a subscription of the account as the store keeps it: its
// title (already sanitized) and the folder its label names.
type RemoteFeed struct {
	RemoteID string
	// URL is the subscription's address, checked by weburl when the
	// server's answer was decoded.
	URL        weburl.URL
	Title      string
	SiteURL    string
	FolderPath string
}

// ErrURLTaken means the account's server lists a subscription whose URL
// another feed here already has: a feed of this machine (added with
// --local, or before the account was configured) or another subscription
// of the server. The feed here stays as it is; the server's is not taken.
var ErrURLTaken = errors.New("another feed here has its URL")

// SkippedFeed is a subscription of the server not taken here, and why.
type SkippedFeed struct {
	RemoteID, URL, Title string
	// Local is true when the feed that has its URL is one of this
	// machine's.
	Local bool
}

// RemoteFeedChanges is what applying the account's subscriptions changed.
type RemoteFeedChanges struct {
	Added, Removed, Changed int
	// Skipped are the subscriptions not taken (ErrURLTaken).
	Skipped []SkippedFeed
	// RemovedFeeds are the ids of the feeds removed.
	RemovedFeeds []int64
	// RemovedFiles are enclosure files of removed feeds; delete them.
	RemovedFiles []string
}

// ApplyRemoteFeeds makes the account's feeds here what the server lists,
// in one transaction: a new subscription is added, a renamed or moved one
// is renamed or moved, and a feed of the account the server no longer
// lists is removed with its items. The server manages only the feeds it
// created: a local feed is never taken over, changed or removed, whatever
// the server lists; a subscription whose URL a feed here already has is
// skipped (Skipped). newFeed gives the local settings of an added feed.
func (s *Store) ApplyRemoteFeeds(ctx context.Context, feeds []RemoteFeed, newFeed NewFeed) (RemoteFeedChanges, error) {
	var ch RemoteFeedChanges
	err := s.write(ctx, func(tx *sql.Tx) error {
		held, err := remoteFeedIDs(ctx, tx)
		if err != nil {
			return err
		}
		for _, f := range feeds {
			_, added, changed, err := s.upsertRemoteFeed(ctx, tx, f, newFeed)
			var taken *urlTakenError
			if errors.As(err, &taken) {
				ch.Skipped = append(ch.Skipped, SkippedFeed{RemoteID: f.RemoteID, URL: f.URL.String(), Title: f.Title, Local: taken.local})
				continue
			}
			if err != nil {
				return fmt.Errorf("feed %s: %w", f.URL, err)
			}
			delete(held, f.RemoteID)
			ch.Added += btoi(added)
			ch.Changed += btoi(changed)
		}
		for _, id := range held {
			files, err := enclosureFiles(ctx, tx, `i.feed_id = ?`, id)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM feeds WHERE id = ?`, id); err != nil {
				return err
			}
			ch.Removed++
			ch.RemovedFeeds = append(ch.RemovedFeeds, id)
			ch.RemovedFiles = append(ch.RemovedFiles, files...)
		}
		return nil
	})
	if err != nil {
		return RemoteFeedChanges{}, fmt.Errorf("apply the account's subscriptions: %w", err)
	}
	return ch, nil
}

// UpsertRemoteFeed adds or updates one feed of the account (just
// subscribed, renamed or moved through it) and returns its id. It fails
// with ErrURLTaken when another feed here has the subscription's URL.
func (s *Store) UpsertRemoteFeed(ctx context.Context, f RemoteFeed, newFeed NewFeed) (int64, error) {
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		id, _, _, err = s.upsertRemoteFeed(ctx, tx, f, newFeed)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("feed %s: %w", f.URL, err)
	}
	return id, nil
}

// remoteFeedIDs maps the server's id of each feed of the account to its id.
func remoteFeedIDs(ctx context.Context, tx *sql.Tx) (map[string]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT remote_id, id FROM feeds WHERE remote_id IS NOT NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var rid string
		var id int64
		if err := rows.Scan(&rid, &id); err != nil {
			return nil, err
		}
		out[rid] = id
	}
	return out, rows.Err()
}

// urlTakenError is ErrURLTaken, saying whether the feed with the URL is
// a local one.
type urlTakenError struct{ local bool }

func (e *urlTakenError) Error() string {
	if e.local {
		return "a local feed has its URL: " + ErrURLTaken.Error()
	}
	return ErrURLTaken.Error()
}

func (e *urlTakenError) Unwrap() error { return ErrURLTaken }

// upsertRemoteFeed finds the feed by its remote id, else adds it (unless
// another feed has its URL: urlTakenError); then brings its URL, title
// and folder in line. A feed without a remote id is never matched.
func (s *Store) upsertRemoteFeed(ctx context.Context, tx *sql.Tx, f RemoteFeed, nf NewFeed) (id int64, added, changed bool, err error) {
	var url, title, siteURL string
	var folder sql.NullInt64
	err = tx.QueryRowContext(ctx, `SELECT id, url, title, site_url, folder_id FROM feeds WHERE remote_id = ?`,
		f.RemoteID).Scan(&id, &url, &title, &siteURL, &folder)
	if errors.Is(err, sql.ErrNoRows) {
		var other sql.NullString
		err = tx.QueryRowContext(ctx, `SELECT remote_id FROM feeds WHERE url = ?`, f.URL).Scan(&other)
		switch {
		case err == nil:
			return 0, false, false, &urlTakenError{local: !other.Valid}
		case !errors.Is(err, sql.ErrNoRows):
			return 0, false, false, err
		}
		nf.URL, nf.Title, nf.CustomTitle, nf.FolderPath = f.URL, f.Title, true, f.FolderPath
		id, err = s.insertFeed(ctx, tx, nf)
		if err != nil {
			return 0, false, false, err
		}
		_, err = tx.ExecContext(ctx, `UPDATE feeds SET remote_id = ?, site_url = ? WHERE id = ?`, f.RemoteID, f.SiteURL, id)
		return id, true, false, err
	}
	if err != nil {
		return 0, false, false, err
	}
	folderID, err := ensureFolder(ctx, tx, f.FolderPath)
	if err != nil {
		return 0, false, false, err
	}
	changed = url != f.URL.String() || title != f.Title || siteURL != f.SiteURL || folder.Int64 != folderID
	_, err = tx.ExecContext(ctx, `UPDATE feeds SET remote_id = ?, title = ?, custom_title = 1, site_url = ?, folder_id = ?,
		url = CASE WHEN EXISTS (SELECT 1 FROM feeds WHERE url = ? AND id <> ?) THEN url ELSE ? END
		WHERE id = ?`, f.RemoteID, f.Title, f.SiteURL, nullID(folderID), f.URL, id, f.URL, id)
	return id, false, changed, err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
