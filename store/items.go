package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/query"
)

// Item is a stored entry of a feed. Every text is sanitized.
type Item struct {
	ID          int64
	FeedID      int64
	FeedTitle   string
	GUID        string
	Title       string
	Link        string
	Author      string
	Content     string
	Summary     string
	Categories  []string
	PublishedAt *time.Time // as the feed gave it
	UpdatedAt   *time.Time // as the feed gave it
	FirstSeenAt time.Time
	// Date is the sort date (column sort_at): PublishedAt, else UpdatedAt,
	// else FirstSeenAt. Lists, rivers, purge and `items` order by it.
	Date            time.Time
	DurationSeconds int    // itunes:duration, 0 when unknown
	Image           string // itunes:image or a media thumbnail, "" when none
	Read            bool
	Flagged         bool
	// Hidden is set by a hide rule: the item shows only when asked for.
	Hidden     bool
	Enclosures []Enclosure
	// Article is the article of the item's page, when one was queued or
	// fetched (Status ArticleNone otherwise).
	Article Article
	// ListValues are the item's values for its list feed's cf:listinfo
	// sorts and groups (keys ListSort.Key, ListGroup.Key).
	ListValues map[string]string
}

// ItemQuery selects items. Zero values mean "no filter".
type ItemQuery struct {
	FeedID     int64
	FolderPath string // the folder and its whole subtree
	Unread     bool
	Flagged    bool
	// Filter is a query-language expression the items must match.
	Filter query.Expr
	// IncludeHidden lists the items hidden by rules too (tidings items --all).
	IncludeHidden bool
	Limit         int // 0: no limit
	Offset        int
	// AlsoIDs are items listed whatever the Unread and Flagged filters say
	// (the reader keeps items read in the Unread view listed).
	AlsoIDs []int64
	// List orders a list feed's items by its cf:listinfo (with FeedID).
	List *ListOrder
	// Sort orders the items of any other list; "" is SortDate.
	Sort SortOrder
}

const itemColumns = `i.id, i.feed_id, fd.title, i.guid, i.title, i.link, i.author, i.content, i.summary,
	i.categories, i.published_at, i.updated_at, i.first_seen_at, i.sort_at, i.duration_seconds, i.image,
	i.read, i.flagged, i.hidden, i.list_values`

func scanItem(r rowScanner) (Item, error) {
	var it Item
	var cats string
	var pub, upd sql.NullInt64
	var seen, sortAt int64
	var listValues string
	err := r.Scan(&it.ID, &it.FeedID, &it.FeedTitle, &it.GUID, &it.Title, &it.Link, &it.Author,
		&it.Content, &it.Summary, &cats, &pub, &upd, &seen, &sortAt, &it.DurationSeconds, &it.Image,
		&it.Read, &it.Flagged, &it.Hidden, &listValues)
	if err != nil {
		return it, err
	}
	if listValues != "" {
		_ = json.Unmarshal([]byte(listValues), &it.ListValues)
	}
	it.PublishedAt, it.UpdatedAt = timePtr(pub), timePtr(upd)
	it.FirstSeenAt = time.Unix(seen, 0).UTC()
	it.Date = time.Unix(sortAt, 0).UTC()
	_ = json.Unmarshal([]byte(cats), &it.Categories)
	return it, nil
}

// Items returns the items q selects in the order q.Sort names, newest
// first by their sort date (Item.Date) by default; the items of one list
// feed come in document order. Enclosures are included.
func (s *Store) Items(ctx context.Context, q ItemQuery) ([]Item, error) {
	query, args := itemsSQL(ctx, s, q)
	items, err := s.queryItems(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list items: %w", err)
	}
	return items, nil
}

// queryItems runs a query selecting itemColumns and returns its items with
// their enclosures.
func (s *Store) queryItems(ctx context.Context, query string, args ...any) ([]Item, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	var out []Item
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := s.attachEnclosures(ctx, out); err != nil {
		return nil, err
	}
	if err := s.attachArticles(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}

func itemsSQL(ctx context.Context, s *Store, q ItemQuery) (string, []any) {
	return plannedItemsSQL(ctx, s, q, s.textPlan(ctx, q))
}

// plannedItemsSQL is itemsSQL with the plan of its full-text tests
// chosen (see textPlan).
func plannedItemsSQL(ctx context.Context, s *Store, q ItemQuery, plan textPlan) (string, []any) {
	order := q.Sort.orderSQL()
	if q.FeedID != 0 && s.isList(ctx, q.FeedID) {
		order = `i.list_pos ASC, i.id DESC`
	}
	where, args := itemsWhere(s, q, plan)
	var orderArgs []any
	if q.List != nil && q.FeedID != 0 {
		order, orderArgs = q.List.orderSQL()
	}
	query := `SELECT ` + itemColumns + ` FROM items i JOIN feeds fd ON fd.id = i.feed_id`
	if q.Limit <= 0 && q.Offset <= 0 {
		return query + ` WHERE ` + where + ` ORDER BY ` + order, append(args, orderArgs...)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = -1
	}
	// The page's ids are picked first, walking an index, and only then
	// their rows read: skipping offset rows never reads them. The feeds are
	// joined there only when the condition needs them.
	page := `SELECT i.id FROM items i`
	switch {
	case q.Sort == SortFeed && q.FeedID == 0: // feeds by title, each one's items by index
		page = `SELECT i.id FROM feeds fd CROSS JOIN items i ON i.feed_id = fd.id`
	case strings.Contains(where+order, "fd."):
		page += ` JOIN feeds fd ON fd.id = i.feed_id`
	}
	page += ` WHERE ` + where + ` ORDER BY ` + order + ` LIMIT ? OFFSET ?`
	args = append(append(args, orderArgs...), limit, q.Offset)
	return query + ` WHERE i.id IN (` + page + `) ORDER BY ` + order, append(args, orderArgs...)
}

// itemsWhere is the condition selecting q's items, over items aliased
// "i" joined with feeds aliased "fd", its full-text tests written for
// plan. Hidden items are left out unless asked for.
func itemsWhere(s *Store, q ItemQuery, plan textPlan) (string, []any) {
	where := []string{`1 = 1`}
	var args []any
	if q.FeedID != 0 {
		where, args = append(where, `i.feed_id = ?`), append(args, q.FeedID)
	}
	if q.FolderPath != "" {
		where, args = append(where, subtreeFilter), append(args, q.FolderPath, q.FolderPath, q.FolderPath)
	}
	var state []string
	if q.Unread {
		state = append(state, `i.read = 0`)
	}
	if q.Flagged {
		state = append(state, `i.flagged = 1`)
	}
	if len(state) > 0 {
		cond := strings.Join(state, ` AND `)
		if len(q.AlsoIDs) > 0 {
			cond = `(` + cond + ` OR i.id IN (` + strings.TrimSuffix(strings.Repeat("?,", len(q.AlsoIDs)), ",") + `))`
			for _, id := range q.AlsoIDs {
				args = append(args, id)
			}
		}
		where = append(where, cond)
	}
	if !q.IncludeHidden {
		where = append(where, `i.hidden = 0`)
	}
	if q.Filter != nil {
		cond, fargs := compilePlanned(q.Filter, s.now(), plan)
		where, args = append(where, cond), append(args, fargs...)
	}
	return strings.Join(where, ` AND `), args
}

// ItemCount is how many items a query selects, and how many of them are
// unread.
type ItemCount struct {
	Items, Unread int
}

// CountItems counts the items q selects (Limit and Offset aside).
func (s *Store) CountItems(ctx context.Context, q ItemQuery) (ItemCount, error) {
	where, args := itemsWhere(s, q, s.countPlan(ctx, q))
	var c ItemCount
	err := s.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(i.read = 0), 0)
		FROM items i JOIN feeds fd ON fd.id = i.feed_id WHERE `+where, args...).Scan(&c.Items, &c.Unread)
	if err != nil {
		return c, fmt.Errorf("count items: %w", err)
	}
	return c, nil
}

func (s *Store) isList(ctx context.Context, feedID int64) bool {
	var isList bool
	_ = s.db.QueryRowContext(ctx, `SELECT is_list FROM feeds WHERE id = ?`, feedID).Scan(&isList)
	return isList
}

// Item returns one item with its enclosures.
func (s *Store) Item(ctx context.Context, id int64) (Item, error) {
	it, err := scanItem(s.db.QueryRowContext(ctx, `SELECT `+itemColumns+
		` FROM items i JOIN feeds fd ON fd.id = i.feed_id WHERE i.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return it, fmt.Errorf("item %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return it, fmt.Errorf("item %d: %w", id, err)
	}
	items := []Item{it}
	if err := s.attachEnclosures(ctx, items); err != nil {
		return it, fmt.Errorf("item %d: %w", id, err)
	}
	if err := s.attachArticles(ctx, items); err != nil {
		return it, fmt.Errorf("item %d: %w", id, err)
	}
	return items[0], nil
}

// SetRead marks items read or unread. Unknown ids fail with ErrNotFound and
// change nothing. For items of the account the change is journalled, in
// the same transaction, to be pushed.
func (s *Store) SetRead(ctx context.Context, ids []int64, read bool) error {
	return s.setItemFlag(ctx, "read", ids, read)
}

// SetFlagged flags or unflags items. Unknown ids fail with ErrNotFound and
// change nothing. For items of the account the change is journalled, in
// the same transaction, to be pushed.
func (s *Store) SetFlagged(ctx context.Context, ids []int64, flagged bool) error {
	return s.setItemFlag(ctx, "flagged", ids, flagged)
}

func (s *Store) setItemFlag(ctx context.Context, column string, ids []int64, v bool) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if err := execOne(ctx, tx, `UPDATE items SET `+column+` = ? WHERE id = ?`, v, id); err != nil {
				return fmt.Errorf("item %d: %w", id, err)
			}
			if err := journalItems(ctx, tx, column, v, s.now(), `id = ?`, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("set %s: %w", column, err)
	}
	return nil
}

// SetReadExisting marks those of ids that still exist read or unread
// (others may have been purged meanwhile) and returns how many changed.
// For items of the account each change is journalled, in the same
// transaction, to be pushed.
func (s *Store) SetReadExisting(ctx context.Context, ids []int64, read bool) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if err := journalItems(ctx, tx, "read", read, s.now(), `id = ? AND read <> ?`, id, read); err != nil {
				return err
			}
			res, err := tx.ExecContext(ctx, `UPDATE items SET read = ? WHERE id = ? AND read <> ?`, read, id, read)
			if err != nil {
				return err
			}
			c, _ := res.RowsAffected()
			n += c
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("set read: %w", err)
	}
	return int(n), nil
}

// MarkFeedRead marks every item of a feed read and returns how many
// changed (journalled to be pushed for a feed of the account).
func (s *Store) MarkFeedRead(ctx context.Context, feedID int64) (int, error) {
	return s.markRead(ctx, `feed_id = ?`, feedID)
}

// MarkFolderRead marks every item in a folder's subtree read ("" = all).
func (s *Store) MarkFolderRead(ctx context.Context, path string) (int, error) {
	if path == "" {
		return s.markRead(ctx, `1 = 1`)
	}
	return s.markRead(ctx, `feed_id IN (SELECT fd.id FROM feeds fd WHERE `+subtreeFilter+`)`, path, path, path)
}

func (s *Store) markRead(ctx context.Context, where string, args ...any) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := journalItems(ctx, tx, "read", true, s.now(), `read = 0 AND `+where, args...); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE items SET read = 1 WHERE read = 0 AND `+where, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("mark read: %w", err)
	}
	return int(n), nil
}
