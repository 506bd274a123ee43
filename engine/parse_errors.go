package engine

import (
	"errors"

	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
)

// parseErrorKind classifies a parse failure: a document too large to parse
// within its memory bound is a size limit, like a body past the cap; any
// other is an invalid feed.
func parseErrorKind(err error) fetch.ErrorKind {
	if errors.Is(err, feed.ErrTooLarge) {
		return fetch.KindSizeLimit
	}
	return fetch.KindInvalidFeed
}
