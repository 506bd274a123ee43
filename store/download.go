package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// Download is one successful download of a feed, as the engine saw it: a
// full document (200), a delta (226 IM Used), or no change (304, or a 200
// byte-identical to the last one, when Document is nil).
type Download struct {
	At time.Time
	// Status is the HTTP status of the response (200, 226, 304).
	Status     int
	NextSyncAt time.Time
	// Document is the sanitized document, nil when nothing changed.
	Document *document.Document
	// Partial marks a delta (RFC 3229 feed): entries absent from Document
	// are not removed, not even in list feeds.
	Partial bool
	// NotModified marks a 304 response.
	NotModified bool
	// ETag and LastModified replace the stored validators when non-empty.
	ETag         string
	LastModified string
	// BodyHash identifies a full body, to skip parsing an identical one.
	BodyHash string
	// BytesReceived is what came over the wire (compressed).
	BytesReceived int64
	// FullBytes is the decompressed size of a full 200 body (0 otherwise);
	// later responses' savings are measured against it.
	FullBytes int64
	// BytesSaved is how much this response saved against a full download.
	BytesSaved int64
	// TTLMinutes is the publisher's minimum interval derived from the hints.
	TTLMinutes int
	// MaxItems is the effective item limit for the purge.
	MaxItems int
	// NewURL, when set, is the feed's new permanent address.
	NewURL weburl.URL
	// Stop, when set (StoppedGone, StoppedEnded), switches the feed to manual.
	Stop string
	// Release, when set, is the owner (see ClaimFeed) whose claim on the
	// feed the same transaction drops: recording the download and ending
	// its claim are one write.
	Release string
	// QueueArticles queues the new items' pages for their articles (a
	// feed with full text) in the same transaction.
	QueueArticles bool
}

// DownloadResult is what a recorded download changed.
type DownloadResult struct {
	New, Updated, Removed int
	// Ruled counts the new and updated items that rules deleted or hid;
	// they are not in New, Updated, NewItems or ChangedItems.
	Ruled int
	// NewItems holds the ids of items that arrived in this download.
	NewItems []int64
	// ChangedItems holds the ids of new and updated items.
	ChangedItems []int64
	// RemovedFiles are enclosure files whose items are gone; delete them.
	RemovedFiles []string
	// ItemCount and UnreadCount are the feed's counts afterwards.
	ItemCount, UnreadCount int
	// Moved is true when the feed's URL changed to NewURL.
	Moved bool
	// buried counts the tombstones this download added (the purge prunes
	// tombstones only then).
	buried int
}

// RecordDownload stores one successful download in a single transaction:
// channel details, merged items, purge and sync state. Nothing is written
// if any step fails.
func (s *Store) RecordDownload(ctx context.Context, feedID int64, d Download) (DownloadResult, error) {
	var res DownloadResult
	err := s.write(ctx, func(tx *sql.Tx) error {
		isList, err := feedExists(ctx, tx, feedID)
		if err != nil {
			return err
		}
		if d.Document != nil {
			isList = d.Document.IsList
			if err := updateChannel(ctx, tx, feedID, d.Document, d.TTLMinutes); err != nil {
				return err
			}
			if err := mergeItems(ctx, tx, feedID, d, &res); err != nil {
				return err
			}
			if err := saveListInfo(ctx, tx, feedID, d.Document); err != nil {
				return err
			}
			if err := s.applyRules(ctx, tx, feedID, d.At, &res); err != nil {
				return err
			}
			if d.QueueArticles {
				if err := queueArticles(ctx, tx, res.NewItems, d.At); err != nil {
					return err
				}
			}
		}
		if err := purge(ctx, tx, feedID, d.MaxItems, isList, &res); err != nil {
			return err
		}
		if res.Moved, err = moveFeed(ctx, tx, feedID, d.NewURL.String()); err != nil {
			return err
		}
		if err := stopFeed(ctx, tx, feedID, d.Stop); err != nil {
			return err
		}
		if err := recordSuccess(ctx, tx, feedID, d); err != nil {
			return err
		}
		if err := logSync(ctx, tx, feedID, d.At, d.Status, true, d.BytesReceived, d.BytesSaved, res.New); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT item_count, unread_count FROM feeds WHERE id = ?`, feedID).
			Scan(&res.ItemCount, &res.UnreadCount)
	})
	if err != nil {
		return DownloadResult{}, fmt.Errorf("record download of feed %d: %w", feedID, err)
	}
	return res, nil
}

func updateChannel(ctx context.Context, tx *sql.Tx, feedID int64, doc *document.Document, ttl int) error {
	_, err := tx.ExecContext(ctx, `UPDATE feeds SET
		title = CASE WHEN custom_title OR ? = '' THEN title ELSE ? END,
		feed_title = CASE WHEN ? = '' THEN feed_title ELSE ? END,
		site_url = ?, description = ?, is_list = ?, ttl_minutes = ?, skip_hours = ?, skip_days = ?
		WHERE id = ?`,
		doc.Title, doc.Title, doc.Title, doc.Title, doc.Link, doc.Description, doc.IsList, ttl,
		joinInts(doc.Hints.SkipHours), joinInts(doc.Hints.SkipDays), feedID)
	return err
}

// moveFeed stores a permanent move unless another subscription already has
// that URL (then the feed keeps its address).
func moveFeed(ctx context.Context, tx *sql.Tx, feedID int64, newURL string) (bool, error) {
	if newURL == "" {
		return false, nil
	}
	var source, command string
	if err := tx.QueryRowContext(ctx, `SELECT source, command FROM feeds WHERE id = ?`, feedID).Scan(&source, &command); err != nil {
		return false, err
	}
	switch source {
	case SourceExec:
		return false, nil // a command has no address to move
	case SourceFilter:
		newURL = "filter:" + command + ":" + newURL // the filter stays
	}
	res, err := tx.ExecContext(ctx, `UPDATE feeds SET url = ? WHERE id = ?
		AND NOT EXISTS (SELECT 1 FROM feeds WHERE url = ?)`, newURL, feedID, newURL)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func stopFeed(ctx context.Context, tx *sql.Tx, feedID int64, why string) error {
	if why == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE feeds SET sync = 'manual', stopped = ? WHERE id = ?`, why, feedID)
	return err
}

func recordSuccess(ctx context.Context, tx *sql.Tx, feedID int64, d Download) error {
	_, err := tx.ExecContext(ctx, `UPDATE feed_sync SET
		etag = CASE WHEN ? = '' THEN etag ELSE ? END,
		last_modified = CASE WHEN ? = '' THEN last_modified ELSE ? END,
		body_hash = CASE WHEN ? = '' THEN body_hash ELSE ? END,
		last_full_bytes = CASE WHEN ? > 0 THEN ? ELSE last_full_bytes END,
		last_download_at = ?, last_attempt_at = ?, next_sync_at = ?,
		failures = 0, last_error = '', retry_after = NULL,
		requests = requests + 1,
		bytes_received = bytes_received + ?, bytes_saved = bytes_saved + ?,
		not_modified = not_modified + ?, delta_responses = delta_responses + ?,
		`+releaseColumns+`
		WHERE feed_id = ?`,
		d.ETag, d.ETag, d.LastModified, d.LastModified, d.BodyHash, d.BodyHash,
		d.FullBytes, d.FullBytes, d.At.Unix(), d.At.Unix(), d.NextSyncAt.Unix(),
		d.BytesReceived, d.BytesSaved, d.NotModified, d.Partial, d.Release, d.Release, feedID)
	return err
}

// Failure is one failed download attempt.
type Failure struct {
	At time.Time
	// Status is the HTTP status, 0 when there was no response.
	Status     int
	NextSyncAt time.Time
	Error      string
	// RetryAfter is the server's Retry-After, when it sent one.
	RetryAfter *time.Time
	// Counted is false for a failure that must not grow the back-off
	// (e.g. cancelled by the user).
	Counted       bool
	BytesReceived int64
	// Stop, when set, switches the feed to manual (410 Gone).
	Stop string
	// Release, when set, is the owner whose claim on the feed the same
	// transaction drops (see Download.Release).
	Release string
}

// RecordFailure stores a failed attempt: the error, the back-off and, for a
// feed that is gone, the switch to manual. Items are untouched.
func (s *Store) RecordFailure(ctx context.Context, feedID int64, f Failure) (SyncState, error) {
	var st SyncState
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := feedExists(ctx, tx, feedID); err != nil {
			return err
		}
		if err := stopFeed(ctx, tx, feedID, f.Stop); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE feed_sync SET
			last_attempt_at = ?, next_sync_at = ?, failures = failures + ?, last_error = ?,
			retry_after = ?, requests = requests + 1, bytes_received = bytes_received + ?,
			`+releaseColumns+`
			WHERE feed_id = ?`,
			f.At.Unix(), f.NextSyncAt.Unix(), f.Counted, f.Error, unixOrNil(f.RetryAfter),
			f.BytesReceived, f.Release, f.Release, feedID)
		if err != nil {
			return err
		}
		return logSync(ctx, tx, feedID, f.At, f.Status, false, f.BytesReceived, 0, 0)
	})
	if err != nil {
		return st, fmt.Errorf("record failure of feed %d: %w", feedID, err)
	}
	feed, err := s.Feed(ctx, feedID)
	return feed.State, err
}
