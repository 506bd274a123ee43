package cli

import (
	"encoding/json"
	"io"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// feedJSON is one element of 'tidings feeds --json' (a public contract).
type feedJSON struct {
	ID                 int64   `json:"id"`
	URL                string  `json:"url"`
	Title              string  `json:"title"`
	Folder             string  `json:"folder"`
	Sync               string  `json:"sync"`
	IntervalMinutes    int     `json:"interval_minutes"`
	TTLMinutes         int     `json:"ttl_minutes"`
	MaxItems           int     `json:"max_items"`
	DownloadEnclosures bool    `json:"download_enclosures"`
	FullText           bool    `json:"full_text"`
	IsList             bool    `json:"is_list"`
	Stopped            string  `json:"stopped"`
	SiteURL            string  `json:"site_url"`
	LastDownloadAt     *string `json:"last_download_at"`
	LastAttemptAt      *string `json:"last_attempt_at"`
	NextSyncAt         *string `json:"next_sync_at"`
	LastError          string  `json:"last_error"`
	Failures           int     `json:"failures"`
	ItemCount          int     `json:"item_count"`
	UnreadCount        int     `json:"unread_count"`
	BytesReceived      int64   `json:"bytes_received"`
	BytesSaved         int64   `json:"bytes_saved"`
	Requests           int64   `json:"requests"`
	NotModified        int64   `json:"not_modified"`
	DeltaResponses     int64   `json:"delta_responses"`
	Remote             bool    `json:"remote"`
}

// itemJSON is one element of 'tidings items --json' (a public contract).
// Title, author and categories are plain text: '<', '>' and '&' in them
// are characters, never markup; content and summary are sanitized HTML.
type itemJSON struct {
	ID          int64   `json:"id"`
	FeedID      int64   `json:"feed_id"`
	GUID        string  `json:"guid"`
	Title       string  `json:"title"`
	Link        string  `json:"link"`
	Author      string  `json:"author"`
	PublishedAt *string `json:"published_at"`
	UpdatedAt   *string `json:"updated_at"`
	// Date is the sort date: published, else updated, else first seen.
	Date            string `json:"date"`
	DurationSeconds int    `json:"duration_seconds"`
	Image           string `json:"image"`
	Read            bool   `json:"read"`
	Flagged         bool   `json:"flagged"`
	// Hidden is set by a hide rule (listed only with items --all).
	Hidden     bool            `json:"hidden"`
	Content    string          `json:"content"`
	Summary    string          `json:"summary"`
	Categories []string        `json:"categories"`
	Enclosures []enclosureJSON `json:"enclosures"`
	// Article is the article of the item's page, sanitized HTML ("" when
	// none); ArticleStatus is "none", "fetched" or "failed"; ArticleError
	// says why it failed, or why the feed's text was kept (status "none").
	Article       string `json:"article"`
	ArticleStatus string `json:"article_status"`
	ArticleError  string `json:"article_error"`
	// ReadingMinutes is the longest text the item has at 230 words a
	// minute, rounded up.
	ReadingMinutes int `json:"reading_minutes"`
}

// enclosureJSON is an item's enclosure in 'tidings items --json'.
type enclosureJSON struct {
	URL        string `json:"url"`
	Type       string `json:"type"`
	Length     int64  `json:"length"`
	Status     string `json:"status"`
	Error      string `json:"error"`
	Path       string `json:"path"`
	BytesDone  int64  `json:"bytes_done"`
	BytesTotal int64  `json:"bytes_total"`
}

func toFeedJSON(cfg config.Config, f store.Feed) feedJSON {
	st := f.State
	return feedJSON{
		ID: f.ID, URL: f.URL, Title: f.Title, Folder: f.FolderPath, Sync: f.Sync,
		IntervalMinutes: engine.Interval(cfg, f), TTLMinutes: f.TTLMinutes,
		MaxItems: engine.MaxItems(cfg, f), DownloadEnclosures: f.DownloadEnclosures, FullText: f.FullText,
		IsList: f.IsList, Stopped: f.Stopped, SiteURL: f.SiteURL,
		LastDownloadAt: rfc3339(st.LastDownloadAt), LastAttemptAt: rfc3339(st.LastAttemptAt),
		NextSyncAt: rfc3339(st.NextSyncAt), LastError: st.LastError, Failures: st.Failures,
		ItemCount: f.ItemCount, UnreadCount: f.UnreadCount,
		BytesReceived: st.BytesReceived, BytesSaved: st.BytesSaved, Requests: st.Requests,
		NotModified: st.NotModified, DeltaResponses: st.DeltaResponses, Remote: f.Remote(),
	}
}

func toItemJSON(it store.Item) itemJSON {
	out := itemJSON{
		ID: it.ID, FeedID: it.FeedID, GUID: it.GUID, Title: it.Title, Link: it.Link, Author: it.Author,
		PublishedAt: rfc3339(it.PublishedAt), UpdatedAt: rfc3339(it.UpdatedAt),
		Date: it.Date.UTC().Format(time.RFC3339), DurationSeconds: it.DurationSeconds, Image: it.Image,
		Read: it.Read, Flagged: it.Flagged, Hidden: it.Hidden, Content: it.Content, Summary: it.Summary,
		Categories: it.Categories, Enclosures: []enclosureJSON{},
	}
	if out.Categories == nil {
		out.Categories = []string{}
	}
	out.Article, out.ArticleStatus, out.ArticleError = articleJSON(it.Article)
	out.ReadingMinutes = engine.ReadingMinutes(it)
	for _, e := range it.Enclosures {
		out.Enclosures = append(out.Enclosures, enclosureJSON{URL: e.URL, Type: e.Type, Length: e.Length,
			Status: e.Status, Error: e.Error, Path: e.Path, BytesDone: e.BytesDone, BytesTotal: e.BytesTotal})
	}
	return out
}

// articleJSON is an item's article as items --json shows it: its three
// states are "none" (never fetched, waiting, being fetched, or kept out
// because the feed's text was longer), "fetched" and "failed".
func articleJSON(a store.Article) (html, status, reason string) {
	switch a.Status {
	case store.ArticleFetched:
		return a.HTML, "fetched", ""
	case store.ArticleFailed:
		return "", "failed", a.Error
	case store.ArticleKept:
		return "", "none", a.Error
	}
	return "", "none", ""
}

// rfc3339 formats a time as RFC 3339 UTC, nil as JSON null.
func rfc3339(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // text fields are text: "<" stays "<"
	return enc.Encode(v)
}
