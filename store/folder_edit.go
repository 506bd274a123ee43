package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
)

// MoveFolder renames or moves the folder at from, with its sub-folders and
// feeds, to the path to ("A/B" → "A/C" renames, "A/B" → "C/B" moves; the
// new parent is created when missing). It fails with ErrNotFound when from
// does not exist, ErrFolderExists when to does, and ErrInvalid when to is the
// top level or inside from; nothing changes then.
func (s *Store) MoveFolder(ctx context.Context, from, to string) error {
	err := s.write(ctx, func(tx *sql.Tx) error { return moveFolder(ctx, tx, from, to) })
	if err != nil {
		return fmt.Errorf("move folder %s to %s: %w", sanitize.Named(from), sanitize.Named(to), err)
	}
	return nil
}

func moveFolder(ctx context.Context, tx *sql.Tx, from, to string) error {
	from, err := CleanFolderPath(from)
	if err != nil {
		return err
	}
	if to, err = CleanFolderPath(to); err != nil {
		return err
	}
	switch {
	case from == "":
		return fmt.Errorf("%w: the top level cannot move", ErrNotFound)
	case to == "":
		return fmt.Errorf("%w: a folder needs a name", ErrInvalid)
	case to == from:
		return nil
	case strings.HasPrefix(to, from+"/"):
		return fmt.Errorf("%w: a folder cannot move into itself", ErrInvalid)
	}
	id, err := folderID(ctx, tx, from)
	if err != nil {
		return err
	}
	if _, err := folderID(ctx, tx, to); err == nil {
		return ErrFolderExists
	} else if !errors.Is(err, ErrNotFound) {
		return err
	}
	parent, err := ensureFolder(ctx, tx, ParentFolder(to))
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE folders SET path = ? || substr(path, length(?) + 1)
		WHERE path >= ? || '/' AND path < ? || '0'`, to, from, from, from); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE folders SET path = ?, name = ?, parent_id = ? WHERE id = ?`,
		to, to[strings.LastIndexByte(to, '/')+1:], nullID(parent), id)
	return err
}

// RemoveFolder removes the folder at path; its feeds and sub-folders move
// up to its parent, so nothing is unsubscribed. A sub-folder whose name the
// parent already has fails the whole removal with ErrFolderExists.
func (s *Store) RemoveFolder(ctx context.Context, path string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		path, err := CleanFolderPath(path)
		if err != nil {
			return err
		}
		id, err := folderID(ctx, tx, path)
		if err != nil {
			return err
		}
		parent := ParentFolder(path)
		children, err := childFolders(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, c := range children {
			if err := moveFolder(ctx, tx, c.Path, strings.TrimPrefix(parent+"/"+c.Name, "/")); err != nil {
				return fmt.Errorf("%s: %w", c.Name, err)
			}
		}
		parentID, err := ensureFolder(ctx, tx, parent)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE feeds SET folder_id = ? WHERE folder_id = ?`, nullID(parentID), id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM folders WHERE id = ?`, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("remove folder %s: %w", sanitize.Named(path), err)
	}
	return nil
}

// childFolders lists the direct sub-folders of folder id.
func childFolders(ctx context.Context, tx *sql.Tx, id int64) ([]Folder, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, name, path FROM folders WHERE parent_id = ? ORDER BY path`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Folder
	for rows.Next() {
		f := Folder{ParentID: id}
		if err := rows.Scan(&f.ID, &f.Name, &f.Path); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
