package engine

// Event is something the engine did. Events are plain values, sent in order
// for each download: FeedDownloading, FeedDownloadCompleted, then on success
// FeedItemCountChanged and FolderItemCountChanged for the feed's folder and
// each parent. Enclosures report EnclosureQueued, then EnclosureProgress as
// they download, then EnclosureCompleted or EnclosureFailed. The UI turns
// them into tea.Msg values.
type Event interface{ event() }

// FeedDownloading is sent when a feed's download starts.
type FeedDownloading struct {
	FeedID int64
	URL    string
}

// FeedDownloadCompleted is sent when a feed's download ends; Err is nil on
// success (a 304 included).
type FeedDownloadCompleted struct {
	FeedID       int64
	URL          string
	Err          error
	NewItems     int
	UpdatedItems int
}

// FeedItemCountChanged carries a feed's counts after a download.
type FeedItemCountChanged struct {
	FeedID int64
	Count  int
	Unread int
}

// FolderItemCountChanged carries a folder's subtree counts after one of its
// feeds was downloaded.
type FolderItemCountChanged struct {
	FolderID int64
	Path     string
	Count    int
	Unread   int
}

// EnclosureQueued is sent when an enclosure enters the download queue: an
// item of a feed that downloads enclosures arrived or changed, a user asked
// for it, or a restart found it waiting.
type EnclosureQueued struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
}

// EnclosureProgress is sent as an enclosure downloads: Bytes of Total are
// in its file (Total is 0 while unknown).
type EnclosureProgress struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	Bytes       int64
	Total       int64
}

// EnclosureCompleted is sent when an enclosure's file is complete at Path.
type EnclosureCompleted struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	Path        string
	Bytes       int64
}

// EnclosureFailed is sent when an enclosure could not be downloaded; a
// Blocked one was refused for its type and never requested, or stopped at
// the response's headers. Failed enclosures are not retried automatically.
type EnclosureFailed struct {
	EnclosureID int64
	ItemID      int64
	FeedID      int64
	URL         string
	Err         error
	Blocked     bool
}

func (FeedDownloading) event()        {}
func (FeedDownloadCompleted) event()  {}
func (FeedItemCountChanged) event()   {}
func (FolderItemCountChanged) event() {}
func (EnclosureQueued) event()        {}
func (EnclosureProgress) event()      {}
func (EnclosureCompleted) event()     {}
func (EnclosureFailed) event()        {}
