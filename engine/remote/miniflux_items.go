package remote

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/tidings-rss/tidings/store"
)

// mfEntries is a page of /v1/entries.
type mfEntries struct {
	Total   int       `json:"total"`
	Entries []mfEntry `json:"entries"`
}

// mfEntry is one entry of /v1/entries.
type mfEntry struct {
	ID          int64     `json:"id"`
	FeedID      int64     `json:"feed_id"`
	Status      string    `json:"status"`
	Title       string    `json:"title"`
	URL         string    `json:"url"`
	Author      string    `json:"author"`
	Content     string    `json:"content"`
	Starred     bool      `json:"starred"`
	PublishedAt time.Time `json:"published_at"`
	ChangedAt   time.Time `json:"changed_at"`
	Enclosures  []struct {
		URL      string `json:"url"`
		MimeType string `json:"mime_type"`
		Size     int64  `json:"size"`
	} `json:"enclosures"`
}

func (e mfEntry) item() Item {
	id := strconv.FormatInt(e.ID, 10)
	it := Item{ID: id, FeedID: strconv.FormatInt(e.FeedID, 10),
		State: State{Read: e.Status == "read", Starred: e.Starred}}
	d := &it.Doc
	d.Key, d.Title, d.Link, d.Author, d.Content = ItemKey(id), e.Title, e.URL, e.Author, e.Content
	if !e.PublishedAt.IsZero() {
		t := e.PublishedAt.UTC()
		d.Published = &t
	}
	for _, enc := range e.Enclosures {
		if enc.URL != "" {
			d.Enclosures = append(d.Enclosures, store.DocEnclosure{URL: enc.URL, Type: enc.MimeType, Length: max(enc.Size, 0)})
		}
	}
	return it
}

// pageItems is how many items Pull hands over at a time: a page of
// entries is decoded one entry at a time and handed on in these, so a
// first sync of thousands of entries holds few in memory.
const pageItems = 250

// Pull pages through the entries changed after the cursor (every entry on
// the first pull), by id, a thousand at a time. The new cursor is the
// server's clock when the pull began, less an overlap.
func (m *miniflux) Pull(ctx context.Context, cursor string, _ func(string) bool, page func([]Item) error) (Pulled, error) {
	since, _ := strconv.ParseInt(cursor, 10, 64)
	var serverNow time.Time
	var after int64
	for range maxPages {
		q := m.entriesQuery(after, 0)
		if since > 0 {
			q.Set("changed_after", strconv.FormatInt(since, 10))
		}
		n, last, resp, err := m.entries(ctx, q, page)
		if err != nil {
			return Pulled{}, err
		}
		if serverNow.IsZero() {
			serverNow, _ = http.ParseTime(resp.Header.Get("Date"))
		}
		if n < minifluxPage {
			break
		}
		after = last
	}
	next := cursor
	if !serverNow.IsZero() {
		next = strconv.FormatInt(serverNow.Add(-cursorOverlap).Unix(), 10)
	}
	return Pulled{Cursor: next}, nil
}

// entries reads one page of /v1/entries, handing its items to page a few
// hundred at a time; it returns how many entries came and the last id.
func (m *miniflux) entries(ctx context.Context, q url.Values, page func([]Item) error) (n int, last int64, resp *http.Response, err error) {
	batch := make([]Item, 0, pageItems)
	var sinkErr error // the caller's, not the answer's
	flush := func() error {
		if len(batch) > 0 {
			sinkErr = page(batch)
			batch = batch[:0]
		}
		return sinkErr
	}
	resp, err = m.stream(ctx, "entries", "entries?"+q.Encode(), func(r io.Reader) error {
		return decodeEntries(r, func(e mfEntry) error {
			n, last = n+1, e.ID
			if batch = append(batch, e.item()); len(batch) == pageItems {
				return flush()
			}
			return nil
		})
	})
	if sinkErr != nil {
		return n, last, resp, sinkErr
	}
	if err == nil {
		err = flush()
	}
	return n, last, resp, err
}

// decodeEntries reads {"total": …, "entries": [ … ]} one entry at a time.
func decodeEntries(r io.Reader, each func(mfEntry) error) error {
	dec := json.NewDecoder(r)
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		if key != "entries" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return err
			}
			continue
		}
		if tok, err := dec.Token(); err != nil || tok == nil { // [ or null
			return err
		}
		for dec.More() {
			var e mfEntry
			if err := dec.Decode(&e); err != nil {
				return err
			}
			if err := each(e); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil { // ]
			return err
		}
	}
	return nil
}

// entriesQuery asks for entries by id after one id (and before another,
// when not 0), read and unread, oldest first.
func (m *miniflux) entriesQuery(after, before int64) url.Values {
	q := url.Values{"order": {"id"}, "direction": {"asc"}, "limit": {strconv.Itoa(minifluxPage)},
		"status": {"unread", "read"}}
	if after > 0 {
		q.Set("after_entry_id", strconv.FormatInt(after, 10))
	}
	if before > 0 {
		q.Set("before_entry_id", strconv.FormatInt(before, 10))
	}
	return q
}

func entryItems(entries []mfEntry) []Item {
	out := make([]Item, 0, len(entries))
	for _, e := range entries {
		out = append(out, e.item())
	}
	return out
}

// States reads the entries in the range of ids asked for (the API has no
// filter by id) and keeps those asked for.
func (m *miniflux) States(ctx context.Context, itemIDs []string) (map[string]State, error) {
	var ids []int64
	want := map[string]bool{}
	for _, s := range itemIDs {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			ids = append(ids, n)
			want[s] = true
		}
	}
	out := map[string]State{}
	if len(ids) == 0 {
		return out, nil
	}
	slices.Sort(ids)
	after, last := ids[0]-1, ids[len(ids)-1]
	for range maxPages {
		var got mfEntries
		q := m.entriesQuery(after, last+1)
		if _, err := m.api(ctx, "entries", http.MethodGet, "entries?"+q.Encode(), nil, &got); err != nil {
			return nil, err
		}
		for _, it := range entryItems(got.Entries) {
			if want[it.ID] {
				out[it.ID] = it.State
			}
		}
		if len(got.Entries) < minifluxPage {
			break
		}
		after = got.Entries[len(got.Entries)-1].ID
	}
	return out, nil
}
