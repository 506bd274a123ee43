package document

import "time"

// Document is one downloaded feed in tidings' native "superset" model: what
// the parser keeps of RSS 0.91/0.92/1.0/2.0 and Atom 0.3/1.0, and what merge
// writes into the store. The engine sanitizes a Document before it reaches
// the store, so every string in it is already safe to keep.
type Document struct {
	// Title, Link and Description describe the channel. Title and
	// Description are plain text once sanitized; Link is http(s) or "".
	Title       string
	Link        string
	Description string

	// Hints are the publisher's scheduling hints from the channel.
	Hints Hints

	// IsList is true for Simple List Extensions feeds (cf:treatAs="list"):
	// their stored items are replaced by the document's, in document order.
	IsList bool
	// NoMoreUpdates is true when the channel carries <cf:noMoreUpdates/>.
	NoMoreUpdates bool
	// NewLocation is set when the document is an XML redirect
	// (<redirect><newLocation>URL</newLocation></redirect>); IsRedirect
	// tells an empty newLocation (feed gone) from no redirect at all.
	IsRedirect  bool
	NewLocation string
	// NewFeedURL is a podcast's itunes:new-feed-url: the publisher moved
	// the feed there. The engine treats it as a permanent move once the new
	// URL returns a feed.
	NewFeedURL string

	// Items in document order.
	Items []Item

	// ListInfo is a list feed's cf:listinfo (its sorts and groups), nil
	// when the channel has none.
	ListInfo *ListInfo
}

// Hints are the channel elements that bound how often a feed may be fetched.
type Hints struct {
	// TTLMinutes is RSS <ttl>, 0 when absent.
	TTLMinutes int
	// SkipHours holds the GMT hours (0-23) the publisher asks to skip.
	SkipHours []int
	// SkipDays holds the days the publisher asks to skip.
	SkipDays []time.Weekday
	// UpdatePeriod is sy:updatePeriod (hourly, daily, weekly, monthly,
	// yearly), "" when absent.
	UpdatePeriod string
	// UpdateFrequency is sy:updateFrequency, 0 when absent.
	UpdateFrequency int
	// UpdateBase is sy:updateBase, nil when absent or unparsable.
	UpdateBase *time.Time
}

// Item is one entry of a Document.
type Item struct {
	// Key, when set, is how the item is known instead of its guid, link
	// or a hash of its text (an item of a sync server: RemoteKey).
	Key        string
	GUID       string // guid / atom:id / rdf:about, byte for byte as the feed gave it
	Title      string // plain text: '<', '>' and '&' are characters, never markup
	Link       string // http(s) or ""
	Author     string // author / dc:creator / atom:author name(s), plain text
	Published  *time.Time
	Updated    *time.Time
	Content    string   // sanitized HTML: content:encoded / xhtml:body / atom:content / description
	Summary    string   // sanitized HTML, only when different from Content
	Categories []string // plain text
	Enclosures []Enclosure
	// DurationSeconds is itunes:duration, 0 when absent.
	DurationSeconds int
	// Image is itunes:image (or a media thumbnail): http(s) or "".
	Image string
	// ListValues holds the item's values for its feed's cf:listinfo, keyed
	// by ListSort.Key and ListGroup.Key; sort values are normalised for
	// their data type (dates RFC 3339 UTC, numbers plain decimals).
	ListValues map[string]string
}

// Enclosure is an enclosure (or atom link rel="enclosure") of an item.
type Enclosure struct {
	URL    string
	Type   string
	Length int64
}
