package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
)

// SavedSearch is a named expression: a virtual feed of every item that
// matches it.
type SavedSearch struct {
	ID        int64
	Name      string
	Expr      string
	CreatedAt time.Time
}

// SavedSearchCount is a saved search with its unread count.
type SavedSearchCount struct {
	SavedSearch
	Unread int
}

// maxSearchName bounds a saved search's name, in characters.
const maxSearchName = 100

// CleanSearchName trims a saved search's name and checks it: not empty,
// at most 100 characters, no control characters.
func CleanSearchName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", fmt.Errorf("%w: a saved search needs a name", ErrInvalid)
	case len([]rune(name)) > maxSearchName:
		return "", fmt.Errorf("%w: name longer than %d characters", ErrInvalid, maxSearchName)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", fmt.Errorf("%w: name %s holds control characters", ErrInvalid, sanitize.Named(name))
	}
	return name, nil
}

// SaveSearch stores expr under name, replacing the expression of a search
// of that name. The expression must parse (else ErrInvalid).
func (s *Store) SaveSearch(ctx context.Context, name, expr string) (SavedSearch, error) {
	name, err := CleanSearchName(name)
	if err != nil {
		return SavedSearch{}, fmt.Errorf("save search: %w", err)
	}
	if _, err := s.parseExpr(expr); err != nil {
		return SavedSearch{}, fmt.Errorf("save search %s: %w: %w", sanitize.Named(name), ErrInvalid, err)
	}
	ss := SavedSearch{Name: name, Expr: expr, CreatedAt: s.now().UTC().Truncate(time.Second)}
	err = s.write(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO saved_searches (name, expr, created_at) VALUES (?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET expr = excluded.expr RETURNING id, created_at`,
			name, expr, ss.CreatedAt.Unix()).Scan(&ss.ID, &unixTime{&ss.CreatedAt})
	})
	if err != nil {
		return SavedSearch{}, fmt.Errorf("save search %s: %w", sanitize.Named(name), err)
	}
	return ss, nil
}

// SavedSearches lists the saved searches by name.
func (s *Store) SavedSearches(ctx context.Context) ([]SavedSearch, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, expr, created_at FROM saved_searches ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("list saved searches: %w", err)
	}
	defer rows.Close()
	var out []SavedSearch
	for rows.Next() {
		var ss SavedSearch
		if err := rows.Scan(&ss.ID, &ss.Name, &ss.Expr, &unixTime{&ss.CreatedAt}); err != nil {
			return nil, fmt.Errorf("list saved searches: %w", err)
		}
		out = append(out, ss)
	}
	return out, rows.Err()
}

// SavedSearchNamed returns the saved search called name (ErrNotFound).
func (s *Store) SavedSearchNamed(ctx context.Context, name string) (SavedSearch, error) {
	var ss SavedSearch
	err := s.db.QueryRowContext(ctx, `SELECT id, name, expr, created_at FROM saved_searches WHERE name = ?`,
		strings.TrimSpace(name)).Scan(&ss.ID, &ss.Name, &ss.Expr, &unixTime{&ss.CreatedAt})
	if errors.Is(err, sql.ErrNoRows) {
		return ss, fmt.Errorf("saved search %s: %w", sanitize.Named(name), ErrNotFound)
	}
	if err != nil {
		return ss, fmt.Errorf("saved search %s: %w", sanitize.Named(name), err)
	}
	return ss, nil
}

// RemoveSavedSearch deletes the saved search called name (ErrNotFound).
func (s *Store) RemoveSavedSearch(ctx context.Context, name string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		return execOne(ctx, tx, `DELETE FROM saved_searches WHERE name = ?`, strings.TrimSpace(name))
	})
	if err != nil {
		return fmt.Errorf("remove saved search %s: %w", sanitize.Named(name), err)
	}
	return nil
}

// Filter is the saved search's expression, parsed.
func (s *Store) Filter(ss SavedSearch) (query.Expr, error) {
	e, err := s.parseExpr(ss.Expr)
	if err != nil {
		return nil, fmt.Errorf("saved search %s: %w", sanitize.Named(ss.Name), err)
	}
	return e, nil
}

// SavedSearchCounts returns every saved search with the number of its
// unread (visible) items, read through the unread index.
func (s *Store) SavedSearchCounts(ctx context.Context) ([]SavedSearchCount, error) {
	searches, err := s.SavedSearches(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]SavedSearchCount, 0, len(searches))
	for _, ss := range searches {
		c := SavedSearchCount{SavedSearch: ss}
		if e, err := s.Filter(ss); err == nil {
			n, err := s.CountItems(ctx, ItemQuery{Filter: e, Unread: true})
			if err != nil {
				return nil, fmt.Errorf("saved search %s: %w", sanitize.Named(ss.Name), err)
			}
			c.Unread = n.Unread
		}
		out = append(out, c)
	}
	return out, nil
}

// unixTime scans Unix seconds into a time.Time (UTC).
type unixTime struct{ t *time.Time }

func (u *unixTime) Scan(v any) error {
	n, ok := v.(int64)
	if !ok {
		return fmt.Errorf("unix time: %T", v)
	}
	*u.t = time.Unix(n, 0).UTC()
	return nil
}
