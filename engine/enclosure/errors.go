package enclosure

import (
	"errors"
	"fmt"
)

// Sentinel errors of enclosure downloads.
var (
	// ErrEnclosureBlocked means an enclosure's type (its URL's extension,
	// its declared or served type, or the file name the server gave) is on
	// the configured blocked list; such files are never written.
	ErrEnclosureBlocked = errors.New("blocked")
	// ErrFallbackCap means a server without Range support sent, or
	// announced, more than the configured fallback cap.
	ErrFallbackCap = errors.New("over the fallback cap")
	// ErrEnclosureBusy means another tidings process is downloading the
	// enclosure; it is left to that process.
	ErrEnclosureBusy = errors.New("another tidings process is downloading this enclosure")
	// ErrNoEnclosureDir means no enclosure directory is configured.
	ErrNoEnclosureDir = errors.New("no enclosure directory is configured")
)

// errRestart tells a transfer that the file changed on the server (or the
// server stopped honouring Range): what was downloaded is discarded and the
// download starts over, once.
var errRestart = errors.New("the file changed on the server")

// blockedError words a refusal: what was judged and why.
func blockedError(what, value string) error {
	return fmt.Errorf("%w: %s %s is on the blocked list", ErrEnclosureBlocked, what, value)
}

// capError words a fallback download over the cap.
func capError(limit int64) error {
	return fmt.Errorf("the server ignores Range requests and the file is %w of %s (fallback_cap_bytes)",
		ErrFallbackCap, byteSize(limit))
}

// byteSize writes n as whole MiB or KiB when it is one, else in bytes.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
