package remote

import (
	"errors"
	"fmt"
)

// The bounds on what a server may send. A real server stays far below
// them; a hostile one meets them and the sync fails with one line, with
// nothing stored from the exchange that passed them.
const (
	// capText caps a short answer: a login, a token, a refusal's message,
	// the answer to a change.
	capText = 64 << 10
	// capList caps a list of subscriptions or categories.
	capList = 16 << 20
	// capIDs caps one page of item ids (greaderIDsPage of them).
	capIDs = 8 << 20
	// capItems caps one page of items: an answer larger than this is
	// asked again in smaller pages, down to one item.
	capItems = 16 << 20
	// maxFeeds is the most subscriptions a listing may hold.
	maxFeeds = 20000
	// maxListPages is the most pages one listing may take.
	maxListPages = 500
	// maxCursor is the longest continuation or cursor accepted, in bytes.
	maxCursor = 1024
	// DefaultMaxItems is the most item ids one listing may hold, and the
	// most items one pull may bring, unless Options.MaxItems says
	// otherwise.
	DefaultMaxItems = 200000
)

// ErrTooMuch means the server sent more than a bound allows: a larger
// answer, more items or pages than a listing may hold, a continuation
// that repeats.
var ErrTooMuch = errors.New("the server sent too much")

// tooMuch words a passed bound.
func tooMuch(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrTooMuch, fmt.Sprintf(format, args...))
}
