package engine

import (
	"context"
	"errors"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

// storeFailure words a failure of the store met while a feed downloads
// (its claim, the record of its download) for the person reading the
// feed's error on the status line: a fault of the database as the store
// names it (the file and what is wrong with it), a feed removed meanwhile
// as such, anything else as a download that could not be saved. No step
// or id of tidings' own reaches that line; the whole error goes to the
// log. The result still wraps err, so errors.Is and errors.As see the
// store's error (a fault of the database stops the run).
func (e *Engine) storeFailure(feed store.Feed, err error) error {
	e.log.Error("store the download", "feed", feed.URL, "err", err)
	kind, text := fetch.KindPersistenceFailed, "the download could not be saved (the log says why)"
	var de *store.DatabaseError
	switch {
	case errors.As(err, &de):
		text = de.Error()
	case errors.Is(err, store.ErrNotFound):
		text = "the feed was removed while it downloaded"
	case errors.Is(err, context.Canceled):
		kind, text = fetch.KindCanceled, "canceled"
	}
	return &fetch.DownloadError{Kind: kind, URL: feed.URL, Err: worded{text: text, err: err}}
}

// worded is an error told in other words than its cause's.
type worded struct {
	text string
	err  error
}

func (w worded) Error() string { return w.text }

func (w worded) Unwrap() error { return w.err }
