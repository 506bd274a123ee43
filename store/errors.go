package store

import "errors"

var (
	// ErrNotFound means the feed, item or folder asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrDuplicate means a feed with that URL is already subscribed.
	ErrDuplicate = errors.New("already subscribed")
	// ErrSchemaTooNew means the database was written by a newer tidings.
	ErrSchemaTooNew = errors.New("database is newer than this tidings")
	// ErrFolderExists means a folder cannot take a path another folder has.
	ErrFolderExists = errors.New("a folder with that path exists")
	// ErrInvalid means a value given to the store is out of range.
	ErrInvalid = errors.New("invalid value")
)
