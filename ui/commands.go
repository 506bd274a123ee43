package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// pageSize is how many items one SQL page of the item list holds.
const pageSize = 100

// backend runs the store and engine calls as tea.Cmds.
type backend struct {
	ctx    context.Context
	store  *store.Store
	engine *engine.Engine
	now    func() time.Time
}

func (b backend) loadCounts() tea.Cmd {
	return func() tea.Msg {
		feeds, err := b.store.Feeds(b.ctx)
		if err != nil {
			return countsMsg{err: err}
		}
		folders, err := b.store.FolderCounts(b.ctx)
		return countsMsg{feeds: feeds, folders: folders, err: err}
	}
}

func (b backend) loadItems(gen int, q store.ItemQuery, reload bool) tea.Cmd {
	return func() tea.Msg {
		items, err := b.store.Items(b.ctx, q)
		return itemsMsg{gen: gen, offset: q.Offset, limit: q.Limit, items: items, err: err, reload: reload}
	}
}

func (b backend) setRead(ids []int64, read bool) tea.Cmd {
	mark := engine.MarkUnread
	if read {
		mark = engine.MarkRead
	}
	return func() tea.Msg {
		return actionMsg{err: b.engine.MarkItems(b.ctx, mark, ids), reload: true}
	}
}

func (b backend) setFlagged(id int64, flagged bool) tea.Cmd {
	mark, status := engine.MarkUnflag, "unflagged"
	if flagged {
		mark, status = engine.MarkFlag, "flagged"
	}
	return func() tea.Msg {
		return actionMsg{status: status, err: b.engine.MarkItems(b.ctx, mark, []int64{id})}
	}
}

// markRead marks a tree node's items read.
func (b backend) markRead(n node) tea.Cmd {
	return func() tea.Msg {
		var count int
		var err error
		switch n.kind {
		case nodeFeed:
			count, err = b.engine.MarkFeedRead(b.ctx, n.feedID)
		case nodeFolder:
			count, err = b.engine.MarkFolderRead(b.ctx, n.path)
		case nodeFlagged:
			err = errors.New("mark read: choose a feed or folder")
		default:
			count, err = b.engine.MarkFolderRead(b.ctx, "")
		}
		return actionMsg{status: fmt.Sprintf("%d marked read in %s", count, n.label), err: err, reload: true}
	}
}

// updateSettings applies settings through the engine's one check; its
// notices (a value raised or clamped) join the status.
func (b backend) updateSettings(id int64, fs store.FeedSettings, status string) tea.Cmd {
	return func() tea.Msg {
		notices, err := b.engine.ChangeSettings(b.ctx, id, fs)
		if len(notices) > 0 {
			status = strings.Join(notices, "; ") + " — " + status
		}
		return actionMsg{status: status, err: err, reload: true}
	}
}

// removeFeed unsubscribes: the feed's rows and every file of its
// enclosures go.
func (b backend) removeFeed(f store.Feed) tea.Cmd {
	return func() tea.Msg {
		_, err := b.engine.Unsubscribe(b.ctx, f.ID)
		return actionMsg{status: "unsubscribed from " + f.Title, err: err, reload: true}
	}
}

// sync downloads feeds now (a user's refresh; schedule and TTL ignored);
// feeds of the account come with a sync of the account.
func (b backend) sync(feeds []store.Feed) tea.Cmd {
	download := func() tea.Msg {
		res := b.engine.SyncFeeds(b.ctx, feeds, true, nil)
		return syncResult(len(feeds), res, nil)
	}
	if store.AnyRemote(feeds) {
		return tea.Batch(download, b.syncAccount())
	}
	return download
}

// syncAll downloads every automatic feed and syncs the account.
func (b backend) syncAll() tea.Cmd {
	return tea.Batch(func() tea.Msg {
		res, err := b.engine.SyncAll(b.ctx, nil)
		return syncResult(len(res), res, err)
	}, b.syncAccount())
}

func syncResult(n int, res []engine.Result, err error) syncDoneMsg {
	m := syncDoneMsg{feeds: n, err: err}
	for _, r := range res {
		if r.Err != nil {
			m.failed++
		}
	}
	return m
}

// subscribe subscribes through the engine (web pages are searched for
// their feeds; the configuration's enclosure setting applies) and
// downloads the new feed.
func (b backend) subscribe(url, folder string) tea.Cmd {
	return func() tea.Msg {
		got, err := b.engine.Subscribe(b.ctx, engine.Subscription{URL: url, Folder: folder})
		if err != nil {
			return subscribedMsg{err: err}
		}
		if got.Feed.Remote() {
			b.engine.SyncAccount(b.ctx)
		} else {
			b.engine.SyncFeeds(b.ctx, []store.Feed{got.Feed}, true, nil)
		}
		return subscribedMsg{feedID: got.Feed.ID, title: got.Feed.Title}
	}
}

// queueEnclosures queues an item's enclosures for download.
func (b backend) queueEnclosures(itemID int64) tea.Cmd {
	return func() tea.Msg {
		return actionMsg{status: "enclosure queued", err: b.engine.QueueItemEnclosures(b.ctx, itemID)}
	}
}

func (b backend) search(text string) tea.Cmd {
	return func() tea.Msg {
		items, err := b.store.Search(b.ctx, text, 500)
		return searchMsg{query: text, items: items, err: err}
	}
}

// stats reads the statistics screen: every feed's counters and 30 days of
// downloads for feed (nil: all feeds).
func (b backend) stats(feed *store.Feed) tea.Cmd {
	return func() tea.Msg {
		feeds, err := b.store.Feeds(b.ctx)
		if err != nil {
			return statsMsg{err: err}
		}
		var id int64
		if feed != nil {
			id = feed.ID
		}
		days, err := b.store.DailyStats(b.ctx, id, 30, b.now())
		return statsMsg{feeds: feeds, days: days, feed: feed, err: err}
	}
}

// notify runs the configured notification command with the feed's title
// and the count of new items in its environment.
func (b backend) notify(command, feedTitle string, n int) tea.Cmd {
	return func() tea.Msg {
		cmd := exec.CommandContext(b.ctx, "sh", "-c", command)
		cmd.Env = append(os.Environ(), "TIDINGS_FEED="+feedTitle, "TIDINGS_NEW_ITEMS="+strconv.Itoa(n))
		return notifiedMsg{err: cmd.Run()}
	}
}

// openURL opens u in $BROWSER, else xdg-open (open on macOS), detached.
func openURL(u string) error {
	name := os.Getenv("BROWSER")
	if name == "" {
		name = "xdg-open"
		if runtime.GOOS == "darwin" {
			name = "open"
		}
	}
	cmd := exec.Command(name, u)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}

// statusCmd sets the status line.
func statusCmd(status string, err error) tea.Cmd {
	return func() tea.Msg { return actionMsg{status: status, err: err} }
}
