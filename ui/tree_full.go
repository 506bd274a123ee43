package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/store"
)

// The tree keeps each feed's row (store.FeedRow): what it draws, counts
// and marks. What needs the rest of a feed — its settings, its web site —
// reads the whole feed first, in a Cmd, and acts when it arrives.

// fullFeedFor says what a feed is read in full for.
type fullFeedFor uint8

const (
	fullFeedEdit fullFeedFor = iota // E: the settings form
	fullFeedSite                    // o: its web site
)

// fullFeedMsg carries a feed read in full for purpose.
type fullFeedMsg struct {
	feed    store.Feed
	purpose fullFeedFor
	err     error
}

// fullFeed reads feed id in full, for purpose.
func (b backend) fullFeed(id int64, purpose fullFeedFor) tea.Cmd {
	return func() tea.Msg {
		f, err := b.store.Feed(b.ctx, id)
		return fullFeedMsg{feed: f, purpose: purpose, err: err}
	}
}

// gotFullFeed acts on a feed read in full: the settings form opens, or
// its web site.
func (t *treePane) gotFullFeed(msg fullFeedMsg) tea.Cmd {
	if msg.err != nil {
		t.out.say("", msg.err)
		return nil
	}
	if msg.purpose == fullFeedSite {
		return t.openSiteOf(msg.feed)
	}
	t.showEdit(msg.feed)
	return nil
}
