package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
)

// Folder is a named group of feeds; folders nest.
type Folder struct {
	ID       int64
	ParentID int64 // 0 at the top level
	Name     string
	Path     string // "News/Tech"
}

// CleanFolderPath normalises a user-given folder path: "/A//B/ " → "A/B".
// It rejects names that are "." or "..".
func CleanFolderPath(path string) (string, error) {
	var parts []string
	for _, p := range strings.Split(path, "/") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if p == "." || p == ".." {
			return "", fmt.Errorf("%w: folder name %s", ErrInvalid, sanitize.Named(p))
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "/"), nil
}

// EnsureFolder returns the id of the folder at path, creating it and its
// parents as needed. The empty path is the top level and has id 0.
func (s *Store) EnsureFolder(ctx context.Context, path string) (int64, error) {
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = ensureFolder(ctx, tx, path)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("folder %s: %w", sanitize.Named(path), err)
	}
	return id, nil
}

func ensureFolder(ctx context.Context, tx *sql.Tx, path string) (int64, error) {
	path, err := CleanFolderPath(path)
	if err != nil || path == "" {
		return 0, err
	}
	var parent int64
	names := strings.Split(path, "/")
	for i := range names {
		sub := strings.Join(names[:i+1], "/")
		id, err := folderID(ctx, tx, sub)
		if errors.Is(err, ErrNotFound) {
			id, err = insertFolder(ctx, tx, parent, names[i], sub)
		}
		if err != nil {
			return 0, err
		}
		parent = id
	}
	return parent, nil
}

func folderID(ctx context.Context, tx *sql.Tx, path string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM folders WHERE path = ?`, path).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return id, err
}

func insertFolder(ctx context.Context, tx *sql.Tx, parent int64, name, path string) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO folders (parent_id, name, path) VALUES (?, ?, ?)`,
		nullID(parent), name, path)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// Folders lists every folder, parents before children, sorted by path.
func (s *Store) Folders(ctx context.Context) ([]Folder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, coalesce(parent_id, 0), name, path FROM folders ORDER BY path`)
	if err != nil {
		return nil, fmt.Errorf("list folders: %w", err)
	}
	defer rows.Close()
	var out []Folder
	for rows.Next() {
		var f Folder
		if err := rows.Scan(&f.ID, &f.ParentID, &f.Name, &f.Path); err != nil {
			return nil, fmt.Errorf("list folders: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// FolderCount is the item and unread totals of one folder's whole subtree.
type FolderCount struct {
	Folder
	Items  int
	Unread int
	// Collapsed is the reader's fold of the folder (SetFolderCollapsed).
	Collapsed bool
}

// FolderCounts returns, for every folder, the totals of its subtree.
func (s *Store) FolderCounts(ctx context.Context) ([]FolderCount, error) {
	return s.folderCounts(ctx, `1 = 1`)
}

// FolderCountsOf returns the subtree totals of the folder at path and of
// each of its parents, deepest first.
func (s *Store) FolderCountsOf(ctx context.Context, path string) ([]FolderCount, error) {
	var paths []string
	var args []any
	for p := path; p != ""; p = ParentFolder(p) {
		paths = append(paths, "?")
		args = append(args, p)
	}
	if len(paths) == 0 {
		return nil, nil
	}
	counts, err := s.folderCounts(ctx, `f.path IN (`+strings.Join(paths, ",")+`)`, args...)
	slices.Reverse(counts) // ordered by path: parents first
	return counts, err
}

// folderCounts sums the feeds of each selected folder's subtree; where is a
// condition on folders aliased "f".
func (s *Store) folderCounts(ctx context.Context, where string, args ...any) ([]FolderCount, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT f.id, coalesce(f.parent_id, 0), f.name, f.path,
		       coalesce(sum(fd.item_count), 0), coalesce(sum(fd.unread_count), 0), f.collapsed
		  FROM folders f
		  LEFT JOIN folders sub ON sub.path = f.path OR (sub.path >= f.path || '/' AND sub.path < f.path || '0')
		  LEFT JOIN feeds fd ON fd.folder_id = sub.id
		 WHERE `+where+`
		 GROUP BY f.id ORDER BY f.path`, args...)
	if err != nil {
		return nil, fmt.Errorf("folder counts: %w", err)
	}
	defer rows.Close()
	var out []FolderCount
	for rows.Next() {
		var c FolderCount
		if err := rows.Scan(&c.ID, &c.ParentID, &c.Name, &c.Path, &c.Items, &c.Unread, &c.Collapsed); err != nil {
			return nil, fmt.Errorf("folder counts: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ParentFolder returns the path of the folder holding path ("" at the top).
func ParentFolder(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[:i]
	}
	return ""
}

// subtreeFilter is the SQL condition selecting the feeds of folder path and
// its sub-folders, for a query that names the feeds table "fd".
const subtreeFilter = `fd.folder_id IN (SELECT id FROM folders WHERE path = ? OR (path >= ? || '/' AND path < ? || '0'))`

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// SetFolderCollapsed keeps whether the reader shows the folder at path
// folded (its feeds and sub-folders out of sight) or open.
func (s *Store) SetFolderCollapsed(ctx context.Context, path string, collapsed bool) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE folders SET collapsed = ? WHERE path = ?`, collapsed, path)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("fold folder %s: %w", sanitize.Named(path), err)
	}
	return nil
}
