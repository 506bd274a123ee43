package enclosure

// Event is what the downloader reports: Queued, then Progress as a file
// arrives, then Completed or Failed. The engine passes them on as its own
// events.
type Event interface {
	// EventName names the event for logs ("enclosure queued").
	EventName() string
}

// Queued is sent when an enclosure enters the download queue: an item of
// a feed that downloads enclosures arrived or changed, a user asked for
// it, or a restart found it waiting.
type Queued struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
}

// Progress is sent as an enclosure downloads: Bytes of Total are in its
// file (Total is 0 while unknown).
type Progress struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	Bytes       int64
	Total       int64
}

// Completed is sent when an enclosure's file is complete at Path.
type Completed struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	Path        string
	Bytes       int64
}

// Failed is sent when an enclosure could not be downloaded; a Blocked one
// was refused for its type and never requested, or stopped at the
// response's headers. Failed enclosures are not retried automatically.
type Failed struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	Err         error
	Blocked     bool
}

// EventName is "enclosure queued".
func (Queued) EventName() string { return "enclosure queued" }

// EventName is "enclosure progress".
func (Progress) EventName() string { return "enclosure progress" }

// EventName is "enclosure completed".
func (Completed) EventName() string { return "enclosure completed" }

// EventName is "enclosure failed".
func (Failed) EventName() string { return "enclosure failed" }
