package remote

import (
	"errors"
	"fmt"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/sanitize"
)

// Sentinel errors of the account.
var (
	// ErrLoginRefused means the server refused the user, password or token.
	ErrLoginRefused = errors.New("login refused — check user and password")
	// ErrNotFound means the server does not know the subscription asked for.
	ErrNotFound = errors.New("not found on the server")
)

// Error is a failed exchange with the account's server. Its message is
// one line of plain text that never holds a credential, nor the body of
// the request: "remote https://…: login refused — check user and
// password". What the server said in it is scrubbed when the error is
// made.
type Error struct {
	// URL is the account's URL (the API root), never a request's query.
	URL string
	// Op is what was asked ("subscription list", "edit-tag"…).
	Op string
	// Status is the HTTP status, 0 when there was no response.
	Status int
	Err    error
	// reason is Err's message as shown, scrubbed of every secret; "" for
	// an Error made elsewhere, whose Err is shown as plain text.
	reason string
}

// Error says which server failed and why.
func (e *Error) Error() string {
	if errors.Is(e.Err, ErrLoginRefused) {
		return fmt.Sprintf("remote %s: %v", e.URL, e.Err)
	}
	reason := e.reason
	if reason == "" {
		reason = sanitize.Text(fetch.Reason(e.Err))
	}
	return fmt.Sprintf("remote %s: %s: %s", e.URL, sanitize.Text(e.Op), reason)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
