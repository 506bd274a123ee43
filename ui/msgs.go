package ui

import (
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/store"
)

// The messages that tea.Cmds send back to the model. Every store or engine
// call happens in a Cmd; its result arrives as one of these.

// countsMsg carries the feeds and folder totals, read for the tree.
type countsMsg struct {
	feeds    []store.FeedRow
	folders  []store.FolderCount
	flagged  int
	searches []searchEntry
	err      error
	// root marks the root's own read (loads.go), at most one at a time.
	root bool
	// unchanged says the poll read nothing: no other process wrote.
	unchanged bool
}

// itemsMsg carries one page of the item list. gen identifies the list it
// was asked for, so a page for a list no longer shown is dropped.
type itemsMsg struct {
	gen    int
	offset int
	limit  int
	items  []store.Item
	err    error
	// reload marks a re-read of every loaded row (counts changed).
	reload bool
}

// renderedMsg carries an item's content rendered for a width; a render
// for another item, width or text than the reader shows now is dropped.
type renderedMsg struct {
	id    int64
	width int
	// whole marks a render of the whole article.
	whole bool
	doc   rendered
}

// actionMsg reports a finished store action (mark, flag, settings …).
type actionMsg struct {
	status string
	err    error
	// reload re-reads counts and the visible list.
	reload bool
}

// engineMsg is one engine event: what the list, the reader and the
// dialog get of a batch (engineBatchMsg), and what a test hands the root.
type engineMsg struct{ ev engine.Event }

// engineClosedMsg says the engine's event channel was closed.
type engineClosedMsg struct{}

// quietPollMsg says a poll found nothing written by another process: the
// tree lays out again what it has (under l, a feed read and left goes).
type quietPollMsg struct{}

// pollMsg is the periodic tick that notices another process's changes.
type pollMsg struct{}

// toastMsg ends a toast's bright phase (fade) or removes it.
type toastMsg struct {
	id   int
	fade bool
}

// syncDoneMsg reports the end of a user-asked refresh.
type syncDoneMsg struct {
	feeds  int
	failed int
	// offline counts the feeds an offline round left waiting (the status
	// line's offline notice speaks for them).
	offline int
	err     error
	// background marks a download the reader started on its own (new
	// feeds), which says nothing when it ends.
	background bool
	// skipped is the notice of feeds another process was downloading.
	skipped string
}

// subscribedMsg reports the subscribe dialog's outcome.
type subscribedMsg struct {
	feedID int64
	title  string
	// notices are the engine's lines about the subscription (a Fever
	// account subscribes here).
	notices []string
	err     error
}

// searchMsg carries search results.
type searchMsg struct {
	query string
	// words are highlighted in the results: the words searched for, an
	// expression's text:"…" terms.
	words string
	items []store.Item
	err   error
}

// statsMsg carries what the statistics screen shows.
type statsMsg struct {
	feeds []store.Feed
	days  []store.DayStats
	feed  *store.FeedRow // the selected feed, nil for all feeds
	err   error
}

// notifiedMsg reports the notification command's end, or why it was
// refused before it ran.
type notifiedMsg struct{ err, refused error }

// markedMsg reports a mark-all-read; ids are what changed, for undo.
type markedMsg struct {
	label string
	ids   []int64
	err   error
}

// syncLogMsg carries the sync log's downloads with new items since the
// last read; start marks the first read, which only sets the cursor.
type syncLogMsg struct {
	start   bool
	base    int64
	entries []store.SyncLogEntry
	err     error
}

// healthMsg carries a feed's health for the health view.
type healthMsg struct {
	health engine.FeedHealth
	err    error
}

// listInfoMsg carries a list feed's cf:listinfo for the sort dialog.
type listInfoMsg struct {
	feed store.FeedRow
	info *document.ListInfo
	err  error
}

// playMsg carries the downloaded enclosure to play.
type playMsg struct {
	enc store.Enclosure
	err error
}

// articleMsg carries an item read again for its article: after the
// reader's own fetch (f; asked, with the engine's result) or after the
// engine said an article arrived. It comes back routed to the component
// that asked.
type articleMsg struct {
	id     int64
	item   store.Item
	asked  bool
	result engine.ArticleResult
	err    error
}
