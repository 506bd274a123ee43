package ui

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize/weburl"
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
	// searches keeps the saved searches' counts between polls.
	searches *searchCache
}

// loadCounts reads the tree's counts, saved searches' included.
func (b backend) loadCounts() tea.Cmd { return b.counts(true) }

// pollCounts is loadCounts for the periodic poll: the saved searches'
// counts are read again only when the feeds' counts or downloads moved.
func (b backend) pollCounts() tea.Cmd { return b.counts(false) }

func (b backend) counts(force bool) tea.Cmd {
	return func() tea.Msg {
		feeds, err := b.store.FeedRows(b.ctx)
		if err != nil {
			return countsMsg{err: err}
		}
		folders, err := b.store.FolderCounts(b.ctx)
		if err != nil {
			return countsMsg{err: err}
		}
		flagged, err := b.store.FlaggedCount(b.ctx)
		if err != nil {
			return countsMsg{err: err}
		}
		fp := countsFingerprint(feeds, flagged)
		searches, fresh := b.searches.get(fp, b.now())
		if force || !fresh {
			if searches, err = b.savedSearches(); err == nil {
				b.searches.put(fp, searches)
			}
		}
		return countsMsg{feeds: feeds, folders: folders, flagged: flagged, searches: searches, err: err}
	}
}

// savedSearches reads the saved searches with their unread counts,
// parsed queries, and the moment each may change with time alone
// (searchEntry.changeAt).
func (b backend) savedSearches() ([]searchEntry, error) {
	counts, err := b.engine.SavedSearches(b.ctx)
	if err != nil {
		return nil, err
	}
	out := make([]searchEntry, 0, len(counts))
	ages := ageChanges{}
	for _, c := range counts {
		q, err := b.engine.SearchQuery(c.SavedSearch)
		e := searchEntry{SavedSearchCount: c, q: q, err: err}
		if err == nil {
			if e.changeAt, err = ages.next(b, engine.AgeLimits(q.Filter)); err != nil {
				return nil, err
			}
		}
		out = append(out, e)
	}
	return out, nil
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

// setFolded keeps a folder folded or open for the next reader.
func (b backend) setFolded(path string, fold bool) tea.Cmd {
	return func() tea.Msg { return actionMsg{err: b.store.SetFolderCollapsed(b.ctx, path, fold)} }
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

// markRead marks a tree node's unread items read, returning their ids so
// that u can undo it.
func (b backend) markRead(n node) tea.Cmd {
	return func() tea.Msg {
		if n.kind == nodeFlagged {
			return markedMsg{err: errors.New("A marks a feed or a folder read; select one")}
		}
		ids, err := b.engine.MarkQueryRead(b.ctx, n.query())
		return markedMsg{label: n.label, ids: ids, err: err}
	}
}

// undoMarkRead marks unread again what a mark-all-read changed.
func (b backend) undoMarkRead(u markUndo) tea.Cmd {
	return func() tea.Msg {
		n, err := b.engine.UndoMarkRead(b.ctx, u.ids)
		return actionMsg{status: fmt.Sprintf("undone: %s unread again in %s", plural(n, "item"), u.label), err: err, reload: true}
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
func (b backend) removeFeed(id int64, title string) tea.Cmd {
	return func() tea.Msg {
		_, err := b.engine.Unsubscribe(b.ctx, id)
		return actionMsg{status: "unsubscribed from " + title, err: err, reload: true}
	}
}

// sync downloads feeds now (a user's refresh; schedule and TTL ignored),
// read in full first; feeds of the account come with a sync of the
// account. A person waits: it is the foreground (engine.Foreground).
func (b backend) sync(feeds []store.FeedRow) tea.Cmd {
	var local []int64
	for _, f := range feeds {
		if !f.Remote {
			local = append(local, f.ID)
		}
	}
	download := func() tea.Msg {
		full, err := b.store.FeedsByID(b.ctx, local)
		if err != nil {
			return syncResult(len(local), nil, err)
		}
		res := b.engine.SyncFeeds(engine.Foreground(b.ctx), full, true, nil)
		return syncResult(len(full), res, nil)
	}
	switch {
	case len(local) == 0:
		return b.syncAccount()
	case len(local) < len(feeds):
		return tea.Batch(download, b.syncAccount())
	}
	return download
}

// syncAll downloads every automatic feed and syncs the account, in the
// foreground: a person pressed R and waits.
func (b backend) syncAll() tea.Cmd {
	return tea.Batch(func() tea.Msg {
		res, err := b.engine.SyncAll(engine.Foreground(b.ctx), nil)
		return syncResult(len(res), res, err)
	}, b.syncAccount())
}

// syncNew downloads the feeds ids never downloaded (just imported or
// added by another process) if they are still due, without waiting for
// the tick: in the foreground, as the person looking at the empty feeds
// waits.
func (b backend) syncNew(ids []int64) tea.Cmd {
	return func() tea.Msg {
		feeds, err := b.store.FeedsByID(b.ctx, ids)
		if err != nil {
			m := syncResult(len(ids), nil, err)
			m.background = true
			return m
		}
		res := b.engine.SyncFeeds(engine.Foreground(b.ctx), feeds, false, nil)
		m := syncResult(len(feeds), res, nil)
		m.background = true
		return m
	}
}

func syncResult(n int, res []engine.Result, err error) syncDoneMsg {
	m := syncDoneMsg{feeds: n, err: cmp.Or(err, engine.DatabaseFault(res)), skipped: engine.SkipNotice(res)}
	for _, r := range res {
		switch {
		case r.Offline:
			m.offline++
		case r.Err != nil:
			m.failed++
		}
	}
	return m
}

// subscribe subscribes through the engine (web pages are searched for
// their feeds; the configuration's enclosure setting applies) and
// downloads the new feed, in the foreground.
func (b backend) subscribe(raw, folder string) tea.Cmd {
	return func() tea.Msg {
		sub := engine.Subscription{Folder: folder}
		spec, isCommand, err := engine.CommandSource(raw)
		if isCommand {
			sub.Command = spec
		} else {
			sub.URL, err = weburl.Parse(raw)
		}
		if err != nil {
			return subscribedMsg{err: fmt.Errorf("add: %w", err)}
		}
		ctx := engine.Foreground(b.ctx)
		got, err := b.engine.Subscribe(ctx, sub)
		if err != nil {
			return subscribedMsg{err: err}
		}
		if got.Feed.Remote() {
			b.engine.SyncAccount(b.ctx)
		} else {
			b.engine.SyncFeeds(ctx, []store.Feed{got.Feed}, true, nil)
		}
		return subscribedMsg{feedID: got.Feed.ID, title: got.Feed.Title, notices: got.Notices}
	}
}

// queueEnclosures queues an item's enclosures for download.
func (b backend) queueEnclosures(itemID int64) tea.Cmd {
	return func() tea.Msg {
		// The queue's events say the rest: queued, then progress and the
		// file, or why it was refused.
		return actionMsg{err: b.engine.QueueItemEnclosures(b.ctx, itemID), reload: true}
	}
}

// downloadedEnclosure finds an item's downloaded enclosure to play.
func (b backend) downloadedEnclosure(itemID int64) tea.Cmd {
	return func() tea.Msg {
		enc, err := b.engine.DownloadedEnclosure(b.ctx, itemID)
		return playMsg{enc: enc, err: err}
	}
}

// enclosureQueue reads the podcast queue.
func (b backend) enclosureQueue() tea.Cmd {
	return func() tea.Msg {
		rows, err := b.engine.EnclosureQueue(b.ctx)
		return queueMsg{rows: rows, err: err}
	}
}

// enclosureAction runs an action of the podcast queue; its actionMsg says
// done, or the error.
func (b backend) enclosureAction(done string, do func(ctx context.Context, e *engine.Engine) error) tea.Cmd {
	return func() tea.Msg {
		if err := do(b.ctx, b.engine); err != nil {
			return actionMsg{err: err}
		}
		return actionMsg{status: done}
	}
}

// fetchArticle fetches an item's page now through the engine (its door,
// its limits) and reads the item again with the article stored.
func (b backend) fetchArticle(id int64) tea.Cmd {
	return func() tea.Msg {
		res, err := b.engine.FetchArticles(b.ctx, []int64{id})
		if err != nil {
			return articleMsg{id: id, asked: true, err: err}
		}
		it, err := b.store.Item(b.ctx, id)
		return articleMsg{id: id, item: it, asked: true, result: res[0], err: err}
	}
}

// itemArticle reads an item again after the engine stored its article.
func (b backend) itemArticle(id int64) tea.Cmd {
	return func() tea.Msg {
		it, err := b.store.Item(b.ctx, id)
		return articleMsg{id: id, item: it, err: err}
	}
}

// health reads a feed's health.
func (b backend) health(feedID int64) tea.Cmd {
	return func() tea.Msg {
		h, err := b.engine.Health(b.ctx, feedID)
		return healthMsg{health: h, err: err}
	}
}

// listInfo reads a list feed's sorts and groups.
func (b backend) listInfo(f store.FeedRow) tea.Cmd {
	return func() tea.Msg {
		info, err := b.store.FeedListInfo(b.ctx, f.ID)
		return listInfoMsg{feed: f, info: info, err: err}
	}
}

// syncLogStart reads where the sync log ends, so only later downloads
// raise toasts.
func (b backend) syncLogStart() tea.Cmd {
	return func() tea.Msg {
		id, err := b.store.LastSyncLogID(b.ctx)
		return syncLogMsg{start: true, base: id, err: err}
	}
}

// syncLogSince reads the downloads with new items after log entry id, by
// this process or any other (a cron sync).
func (b backend) syncLogSince(id int64) tea.Cmd {
	return func() tea.Msg {
		entries, err := b.store.SyncLogSince(b.ctx, id)
		return syncLogMsg{entries: entries, err: err}
	}
}

// folderAction runs a folder or move action of the engine, then reloads;
// the status line says done, or failed and the reason.
func (b backend) folderAction(done, failed string, do func(ctx context.Context, e *engine.Engine) error) tea.Cmd {
	return func() tea.Msg {
		if err := do(b.ctx, b.engine); err != nil {
			return actionMsg{status: failed, err: err, reload: true}
		}
		return actionMsg{status: done, reload: true}
	}
}

func (b backend) search(text string) tea.Cmd {
	return func() tea.Msg {
		items, err := b.store.Search(b.ctx, text, 500)
		return searchMsg{query: text, words: text, items: items, err: err}
	}
}

// searchQuery lists the items of an expression, as search results.
func (b backend) searchQuery(text string, q store.ItemQuery) tea.Cmd {
	return func() tea.Msg {
		q.Limit = 500
		items, err := b.store.Items(b.ctx, q)
		return searchMsg{query: text, words: engine.ExpressionWords(q.Filter), items: items, err: err}
	}
}

// saveSearch saves expr under name (nothing when name is empty).
func (b backend) saveSearch(name, expr string) tea.Cmd {
	if name == "" {
		return nil
	}
	return func() tea.Msg {
		_, err := b.engine.SaveSearch(b.ctx, name, expr)
		return actionMsg{status: "saved search " + name, err: err, reload: true}
	}
}

// stats reads the statistics screen: every feed's counters and 30 days of
// downloads for feed (nil: all feeds).
func (b backend) stats(feed *store.FeedRow) tea.Cmd {
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
// and the count of new items in its environment, once config.CheckRunnable
// allows it.
func (b backend) notify(command, feedTitle string, n int) tea.Cmd {
	return func() tea.Msg {
		cmd, err := config.ShellCommand(b.ctx, command)
		if err != nil {
			return notifiedMsg{refused: fmt.Errorf("notify_command: %w", err)}
		}
		cmd.Env = append(os.Environ(), "TIDINGS_FEED="+feedTitle, "TIDINGS_NEW_ITEMS="+strconv.Itoa(n))
		return notifiedMsg{err: cmd.Run()}
	}
}

// feedRows reads feeds' rows again (their state after a download).
func (b backend) feedRows(ids []int64) tea.Cmd {
	return func() tea.Msg {
		var out []store.FeedRow
		for _, id := range ids {
			f, err := b.store.FeedRow(b.ctx, id)
			if errors.Is(err, store.ErrNotFound) {
				continue // unsubscribed meanwhile
			}
			if err != nil {
				return feedRowsMsg{err: err}
			}
			out = append(out, f)
		}
		return feedRowsMsg{feeds: out}
	}
}
