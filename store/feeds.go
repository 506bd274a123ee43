package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// Sync settings of a feed (the platform's FEEDS_SYNC_SETTING).
const (
	SyncDefault  = "default"  // the configured default interval
	SyncInterval = "interval" // the feed's own interval
	SyncManual   = "manual"   // never automatically
)

// Reasons a feed's automatic updates stopped.
const (
	StoppedGone  = "gone"  // HTTP 410 or an empty XML redirect
	StoppedEnded = "ended" // <cf:noMoreUpdates/>
)

// Where a feed's document comes from (Feed.Source).
const (
	SourceURL    = "url"    // its URL, fetched through the door
	SourceExec   = "exec"   // the stdout of its Command
	SourceFilter = "filter" // its address's body, rewritten by its Command
)

// Feed is a subscription with its settings, counts and sync state.
type Feed struct {
	ID int64
	// URL is the feed's address, or its source as written for a command
	// feed ("exec:COMMAND") or a filter feed ("filter:COMMAND:URL"); see
	// FetchURL for the address to download.
	URL string
	// Source is SourceURL, SourceExec or SourceFilter.
	Source string
	// Command is a command or filter feed's command, "" for others.
	Command            string
	Title              string
	CustomTitle        bool // the user named it; downloads keep the name
	SiteURL            string
	Description        string
	FolderID           int64
	FolderPath         string
	Sync               string
	IntervalMinutes    int // the feed's own interval, 0 when unset
	MaxItems           int // 0: the configured default
	DownloadEnclosures bool
	// FullText fetches each new item's page and keeps its article.
	FullText    bool
	IsList      bool
	TTLMinutes  int
	SkipHours   []int
	SkipDays    []time.Weekday
	Stopped     string
	Watch       bool
	ItemCount   int
	UnreadCount int
	CreatedAt   time.Time
	State       SyncState
	// RemoteID is the server's id of a feed of the account (fetched by
	// the server, never here); "" for a local feed.
	RemoteID string
}

// FetchURL is the web address to download: URL itself, a filter feed's
// address after its command, "" for a command feed (nothing to download).
func (f Feed) FetchURL() string {
	switch f.Source {
	case SourceExec:
		return ""
	case SourceFilter:
		return strings.TrimPrefix(f.URL, "filter:"+f.Command+":")
	}
	return f.URL
}

// RunsCommand reports whether syncing the feed runs its Command.
func (f Feed) RunsCommand() bool { return f.Source == SourceExec || f.Source == SourceFilter }

// Remote reports whether the feed is one of the account's.
func (f Feed) Remote() bool { return f.RemoteID != "" }

// AnyRemote reports whether one of feeds is the account's.
func AnyRemote(feeds []Feed) bool {
	for _, f := range feeds {
		if f.Remote() {
			return true
		}
	}
	return false
}

// SyncState is what the engine knows of a feed's downloads.
type SyncState struct {
	ETag           string
	LastModified   string
	BodyHash       string
	LastFullBytes  int64
	LastDownloadAt *time.Time
	LastAttemptAt  *time.Time
	NextSyncAt     *time.Time
	Failures       int
	LastError      string
	RetryAfter     *time.Time
	BytesReceived  int64
	BytesSaved     int64
	Requests       int64
	NotModified    int64
	DeltaResponses int64
}

// NewFeed is a subscription to add.
type NewFeed struct {
	// URL is the feed's address; only weburl can make one. A filter feed's
	// is the address its command rewrites; a command feed has none.
	URL weburl.URL
	// Source is "" or SourceURL for a web feed, SourceExec or SourceFilter
	// for a feed whose Command the engine has checked (cmdfeed.Parse).
	Source string
	// Command is a command or filter feed's command.
	Command string
	Title   string // "" until the first download names it
	// CustomTitle keeps Title when downloads bring the publisher's.
	CustomTitle bool
	// SiteURL is the feed's web site, "" until a download gives it.
	SiteURL            string
	FolderPath         string
	Sync               string // "" means SyncDefault
	IntervalMinutes    int
	MaxItems           int
	DownloadEnclosures bool
	FullText           bool
}

const feedColumns = `fd.id, fd.url, fd.title, fd.custom_title, fd.site_url, fd.description,
	coalesce(fd.folder_id, 0), coalesce(fo.path, ''), fd.sync, fd.interval_minutes, fd.max_items,
	fd.download_enclosures, fd.is_list, fd.ttl_minutes, fd.skip_hours, fd.skip_days, fd.stopped,
	fd.watch, fd.item_count, fd.unread_count, fd.created_at,
	fs.etag, fs.last_modified, fs.body_hash, fs.last_full_bytes, fs.last_download_at,
	fs.last_attempt_at, fs.next_sync_at, fs.failures, fs.last_error, fs.retry_after,
	fs.bytes_received, fs.bytes_saved, fs.requests, fs.not_modified, fs.delta_responses,
	coalesce(fd.remote_id, ''), fd.full_text, fd.source, fd.command`

const feedFrom = ` FROM feeds fd JOIN feed_sync fs ON fs.feed_id = fd.id LEFT JOIN folders fo ON fo.id = fd.folder_id `

type rowScanner interface{ Scan(dest ...any) error }

func scanFeed(r rowScanner) (Feed, error) {
	var f Feed
	var skipHours, skipDays string
	var created int64
	var lastDl, lastAt, next, retry sql.NullInt64
	st := &f.State
	err := r.Scan(&f.ID, &f.URL, &f.Title, &f.CustomTitle, &f.SiteURL, &f.Description,
		&f.FolderID, &f.FolderPath, &f.Sync, &f.IntervalMinutes, &f.MaxItems,
		&f.DownloadEnclosures, &f.IsList, &f.TTLMinutes, &skipHours, &skipDays, &f.Stopped,
		&f.Watch, &f.ItemCount, &f.UnreadCount, &created,
		&st.ETag, &st.LastModified, &st.BodyHash, &st.LastFullBytes, &lastDl,
		&lastAt, &next, &st.Failures, &st.LastError, &retry,
		&st.BytesReceived, &st.BytesSaved, &st.Requests, &st.NotModified, &st.DeltaResponses,
		&f.RemoteID, &f.FullText, &f.Source, &f.Command)
	if err != nil {
		return f, err
	}
	f.CreatedAt = time.Unix(created, 0).UTC()
	st.LastDownloadAt, st.LastAttemptAt = timePtr(lastDl), timePtr(lastAt)
	st.NextSyncAt, st.RetryAfter = timePtr(next), timePtr(retry)
	f.SkipHours = parseInts(skipHours)
	for _, d := range parseInts(skipDays) {
		f.SkipDays = append(f.SkipDays, time.Weekday(d))
	}
	return f, nil
}

// AddFeed subscribes to a feed and returns its id. A URL already subscribed
// fails with ErrDuplicate.
func (s *Store) AddFeed(ctx context.Context, nf NewFeed) (int64, error) {
	addr, err := nf.address()
	if err != nil {
		return 0, err
	}
	if nf.Sync != "" {
		if err := checkSync(nf.Sync); err != nil {
			return 0, fmt.Errorf("add %s: %w", addr, err)
		}
	}
	var id int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = s.insertFeed(ctx, tx, nf)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("add %s: %w", addr, err)
	}
	return id, nil
}

// address is what the url column holds for nf: its URL, or its source as
// newsboat writes it.
func (nf NewFeed) address() (string, error) {
	switch nf.Source {
	case "", SourceURL:
		if nf.URL.IsZero() {
			return "", errors.New("add a feed: no URL")
		}
		return nf.URL.String(), nil
	case SourceExec:
		if nf.Command == "" || !nf.URL.IsZero() {
			return "", errors.New("add a command feed: a command and no URL")
		}
		return "exec:" + nf.Command, nil
	case SourceFilter:
		if nf.Command == "" || nf.URL.IsZero() || strings.Contains(nf.Command, ":") {
			return "", errors.New("add a filter feed: a command without a colon and a URL")
		}
		return "filter:" + nf.Command + ":" + nf.URL.String(), nil
	}
	return "", fmt.Errorf("add a feed: unknown source %q", nf.Source)
}

func (s *Store) insertFeed(ctx context.Context, tx *sql.Tx, nf NewFeed) (int64, error) {
	addr, err := nf.address()
	if err != nil {
		return 0, err
	}
	source := nf.Source
	if source == "" {
		source = SourceURL
	}
	var exists int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM feeds WHERE url = ?`, addr).Scan(&exists); err != nil {
		return 0, err
	}
	if exists > 0 {
		return 0, ErrDuplicate
	}
	folder, err := ensureFolder(ctx, tx, nf.FolderPath)
	if err != nil {
		return 0, err
	}
	if nf.Sync == "" {
		nf.Sync = SyncDefault
	}
	now := s.now().Unix()
	custom := nf.CustomTitle && nf.Title != ""
	feedTitle := nf.Title
	if custom {
		feedTitle = ""
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO feeds (url, title, custom_title, feed_title, site_url, folder_id, sync,
		interval_minutes, max_items, download_enclosures, enclosures_since, created_at, full_text, source, command)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN ? END, ?, ?, ?, ?)`,
		addr, nf.Title, custom, feedTitle, nf.SiteURL, nullID(folder), nf.Sync, nf.IntervalMinutes, nf.MaxItems,
		nf.DownloadEnclosures, nf.DownloadEnclosures, now, now, nf.FullText, source, nf.Command)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO feed_sync (feed_id) VALUES (?)`, id)
	return id, err
}

// Feed returns one feed by id.
func (s *Store) Feed(ctx context.Context, id int64) (Feed, error) {
	f, err := scanFeed(s.db.QueryRowContext(ctx, `SELECT `+feedColumns+feedFrom+` WHERE fd.id = +?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return f, fmt.Errorf("feed %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return f, fmt.Errorf("feed %d: %w", id, err)
	}
	return f, nil
}

// ResolveFeed finds a feed by its id (digits) or its URL.
func (s *Store) ResolveFeed(ctx context.Context, idOrURL string) (Feed, error) {
	ref := strings.TrimSpace(idOrURL)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		return s.Feed(ctx, id)
	}
	f, err := scanFeed(s.db.QueryRowContext(ctx, `SELECT `+feedColumns+feedFrom+` WHERE fd.url = ?`, ref))
	if errors.Is(err, sql.ErrNoRows) {
		return f, fmt.Errorf("feed %s: %w", sanitize.Named(ref), ErrNotFound)
	}
	if err != nil {
		return f, fmt.Errorf("feed %s: %w", sanitize.Named(ref), err)
	}
	return f, nil
}

// Feeds lists every subscription, ordered by folder path then title.
func (s *Store) Feeds(ctx context.Context) ([]Feed, error) {
	return s.feedsWhere(ctx, `1 = 1 ORDER BY coalesce(fo.path, ''), lower(fd.title), fd.id`)
}

// RemoveFeed unsubscribes a feed with its items, and returns the paths of
// the enclosure files it had downloaded so the caller can delete them.
func (s *Store) RemoveFeed(ctx context.Context, id int64) ([]string, error) {
	var files []string
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if files, err = enclosureFiles(ctx, tx, `i.feed_id = ?`, id); err != nil {
			return err
		}
		return execOne(ctx, tx, `DELETE FROM feeds WHERE id = ?`, id)
	})
	if err != nil {
		return nil, fmt.Errorf("remove feed %d: %w", id, err)
	}
	return files, nil
}

func checkSync(v string) error {
	switch v {
	case SyncDefault, SyncInterval, SyncManual:
		return nil
	}
	return fmt.Errorf("%w: sync %s (want default, interval or manual)", ErrInvalid, sanitize.Named(v))
}

func timePtr(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := time.Unix(v.Int64, 0).UTC()
	return &t
}

func unixOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.Unix()
}

func parseInts(s string) []int {
	var out []int
	for _, p := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(p)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func joinInts[T ~int](vs []T) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(int(v))
	}
	return strings.Join(parts, ",")
}
