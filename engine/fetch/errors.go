package fetch

import (
	"errors"
	"fmt"
	"net/http"
)

// ErrorKind classifies a failed download, after the platform's
// FEEDS_DOWNLOAD_ERROR.
type ErrorKind string

// The kinds of download failure.
const (
	KindDownloadFailed    ErrorKind = "download failed"     // network or server error
	KindInvalidFeed       ErrorKind = "invalid feed format" // the body is not a readable feed
	KindPersistenceFailed ErrorKind = "persistence failed"  // the store refused the result
	KindBlocked           ErrorKind = "download blocked"    // scheme or address not allowed
	KindUnsupportedAuth   ErrorKind = "unsupported authentication"
	KindSizeLimit         ErrorKind = "size limit exceeded"
	KindGone              ErrorKind = "gone"
	KindCanceled          ErrorKind = "canceled"
)

// Sentinel errors of fetching.
var (
	// ErrGone means the server said the feed is gone for good (410, or an
	// XML redirect with an empty newLocation).
	ErrGone = errors.New("feed is gone")
	// ErrScheme means a URL is not http or https.
	ErrScheme = errors.New("only http and https URLs are supported")
	// ErrTooLarge means a response body passed the configured cap.
	ErrTooLarge = errors.New("response body too large")
	// ErrTooManyRedirects means a chain of more than 10 redirects.
	ErrTooManyRedirects = errors.New("more than 10 redirects")
)

// DownloadError is a failed download of one URL.
type DownloadError struct {
	Kind   ErrorKind
	URL    string
	Status int // HTTP status, 0 when no response
	Err    error
	// Network is true when the request reached no server (see
	// IsNetworkError): the network's failure more likely than the feed's.
	Network bool
}

// Error says what failed first: "fetch https://…: 503 Service Unavailable".
func (e *DownloadError) Error() string {
	return fmt.Sprintf("fetch %s: %v", e.URL, e.Err)
}

// Unwrap returns the cause.
func (e *DownloadError) Unwrap() error { return e.Err }

// KindOf returns the kind of a download error (KindDownloadFailed for any
// other error).
func KindOf(err error) ErrorKind {
	var de *DownloadError
	if errors.As(err, &de) {
		return de.Kind
	}
	return KindDownloadFailed
}

// Reason is an error's message without the URL it is about, for output
// that already shows the URL ("https://…: 503 Service Unavailable").
func Reason(err error) string {
	var de *DownloadError
	if errors.As(err, &de) && de.Err != nil {
		if de.Kind == KindInvalidFeed || de.Kind == KindSizeLimit || de.Kind == KindUnsupportedAuth {
			return fmt.Sprintf("%s: %v", de.Kind, de.Err)
		}
		return de.Err.Error()
	}
	return err.Error()
}

// StatusError maps an HTTP status that is not a success (200, 226, 304)
// to a *DownloadError of its kind: 410 is gone, 401 and 403 unsupported
// authentication, anything else a failed download. It returns nil for a
// success.
func StatusError(rawURL string, status int) error {
	switch status {
	case http.StatusOK, http.StatusIMUsed, http.StatusNotModified:
		return nil
	case http.StatusGone:
		return &DownloadError{Kind: KindGone, URL: rawURL, Status: status, Err: fmt.Errorf("%w: 410 Gone", ErrGone)}
	case http.StatusUnauthorized, http.StatusForbidden:
		return &DownloadError{Kind: KindUnsupportedAuth, URL: rawURL, Status: status, Err: errors.New(StatusText(status))}
	}
	return &DownloadError{Kind: KindDownloadFailed, URL: rawURL, Status: status, Err: errors.New(StatusText(status))}
}

// StatusText words a status: "503 Service Unavailable".
func StatusText(code int) string {
	return fmt.Sprintf("%d %s", code, http.StatusText(code))
}

func canceled(rawURL string, err error) error {
	return &DownloadError{Kind: KindCanceled, URL: rawURL, Err: err}
}
