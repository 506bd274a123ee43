package remote

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The entry rules: every value a server sends passes them in the decoders,
// before the engine sees it. Ids are checked (length, charset) before they
// are used in a request or stored; addresses are weburl.URLs; names are
// plain text of bounded length.
const (
	// maxItemID is the longest item id accepted, in bytes.
	maxItemID = 256
	// maxFeedID is the longest subscription id accepted, in bytes: a
	// Google Reader stream id may hold a feed's address ("feed/http://…").
	maxFeedID = len("feed/") + weburl.MaxLen
	// maxName is the longest title or label kept, in bytes.
	maxName = 1024
)

// errBadID means an id breaks the entry rules.
var errBadID = errors.New("bad id")

// checkID returns id when it is 1 to maxLen bytes of printable ASCII
// without spaces, else an error that quotes it safely.
func checkID(id string, maxLen int) (string, error) {
	if id == "" || len(id) > maxLen {
		return "", fmt.Errorf("%w: %d bytes (1 to %d)", errBadID, len(id), maxLen)
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c <= ' ' || c >= 0x7f {
			return "", fmt.Errorf("%w %s: byte %#x", errBadID, quoteShort(id), c)
		}
	}
	return id, nil
}

// checkItemID checks an item's id (already normalized).
func checkItemID(id string) (string, error) { return checkID(id, maxItemID) }

// checkFeedID checks a subscription's id.
func checkFeedID(id string) (string, error) { return checkID(id, maxFeedID) }

// cleanName is a title or label as plain text of at most maxName bytes.
func cleanName(s string) string {
	if len(s) > 4*maxName { // no need to clean megabytes to keep a kilobyte
		s = s[:4*maxName]
	}
	return strings.TrimSpace(shorten(sanitize.Text(s), maxName))
}

// quoteShort quotes s for a message: printable ASCII, at most 60 bytes
// of s.
func quoteShort(s string) string {
	if len(s) > 60 {
		s = s[:60]
	}
	return fmt.Sprintf("%+q", s)
}

// feedOf checks a subscription as the server lists it: its id, its
// address (refused: the subscription is skipped, with why), its site's
// address (refused: none), its title and label as plain text.
func feedOf(id, rawURL, title, siteURL, label string) (Feed, error) {
	fid, err := checkFeedID(id)
	if err != nil {
		return Feed{}, fmt.Errorf("subscription %q: %w", cleanName(title), err)
	}
	u, err := weburl.Parse(rawURL)
	if err != nil {
		return Feed{}, fmt.Errorf("subscription %s (%q): %w", quoteShort(fid), cleanName(title), err)
	}
	site, _ := weburl.Parse(siteURL)
	return Feed{ID: fid, URL: u, Title: cleanName(title), SiteURL: site, Label: cleanName(label)}, nil
}
