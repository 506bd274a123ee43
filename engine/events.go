package engine

// Event is something the engine did. Events are plain values, sent in order
// for each download: FeedDownloading, FeedDownloadCompleted, then on success
// FeedItemCountChanged and FolderItemCountChanged for the feed's folder and
// each parent. The UI turns them into tea.Msg values.
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

func (FeedDownloading) event()        {}
func (FeedDownloadCompleted) event()  {}
func (FeedItemCountChanged) event()   {}
func (FolderItemCountChanged) event() {}
