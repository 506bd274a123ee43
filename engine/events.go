package engine

import (
	"fmt"

	"github.com/tidings-rss/tidings/engine/account"
	"github.com/tidings-rss/tidings/engine/enclosure"
)

// Event is something the engine did. Events are plain values, sent in order
// for each download: FeedDownloading, FeedDownloadCompleted, then on success
// FeedItemCountChanged and FolderItemCountChanged for the feed's folder and
// each parent. Enclosures report EnclosureQueued, then EnclosureProgress as
// they download, then EnclosureCompleted or EnclosureFailed; one the
// person cancels or deletes sends EnclosureRemoved. A sync of the
// account sends AccountSyncing, then AccountSynced. The UI turns them into
// tea.Msg values.
type Event interface {
	// EventName names the event for logs ("feed downloading").
	EventName() string
}

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

// Offline is sent when a sync round reached no server (see SyncFeeds):
// Waiting feeds stay due, their failure counts unchanged, until the network
// is back. It is sent again, with a fresh count, at each offline round.
type Offline struct {
	Waiting int
}

// Online is sent when a server answers again after Offline.
type Online struct{}

// SyncDeferred is sent when the scheduler starts no automatic sync because
// of the [sync] on_battery or on_metered setting; Reason is "on battery"
// or "on a metered network". A user's refresh still works.
type SyncDeferred struct {
	Reason  string
	Waiting int
}

// SyncResumed is sent when automatic syncing resumes after SyncDeferred.
type SyncResumed struct{}

// AccountSyncing is sent when a sync of the account starts.
type AccountSyncing struct {
	URL string
}

// AccountSynced is sent when a sync of the account ends (Result.Err nil on
// success).
type AccountSynced struct {
	Result account.Result
}

// The enclosure downloader's events, passed on as the engine's.
type (
	EnclosureQueued    = enclosure.Queued
	EnclosureProgress  = enclosure.Progress
	EnclosureCompleted = enclosure.Completed
	EnclosureFailed    = enclosure.Failed
)

// EventName is "feed downloading".
func (FeedDownloading) EventName() string { return "feed downloading" }

// EventName is "feed download completed".
func (FeedDownloadCompleted) EventName() string { return "feed download completed" }

// EventName is "feed item count changed".
func (FeedItemCountChanged) EventName() string { return "feed item count changed" }

// EventName is "folder item count changed".
func (FolderItemCountChanged) EventName() string { return "folder item count changed" }

// EventName is "offline".
func (Offline) EventName() string { return "offline" }

// EventName is "online".
func (Online) EventName() string { return "online" }

// EventName is "sync deferred".
func (SyncDeferred) EventName() string { return "sync deferred" }

// EventName is "sync resumed".
func (SyncResumed) EventName() string { return "sync resumed" }

// String is the notice both front ends show: "offline — 37 feeds waiting".
func (o Offline) String() string { return "offline — " + feedsWaiting(o.Waiting) }

// String is the notice both front ends show: "sync deferred on battery —
// 5 feeds waiting".
func (d SyncDeferred) String() string {
	return fmt.Sprintf("sync deferred %s — %s", d.Reason, feedsWaiting(d.Waiting))
}

func feedsWaiting(n int) string {
	if n == 1 {
		return "1 feed waiting"
	}
	return fmt.Sprintf("%d feeds waiting", n)
}

// EventName is "account syncing".
func (AccountSyncing) EventName() string { return "account syncing" }

// EventName is "account synced".
func (AccountSynced) EventName() string { return "account synced" }
