package remote

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// mfFeed is a feed of /v1/feeds.
type mfFeed struct {
	ID       flexString `json:"id"`
	FeedURL  text       `json:"feed_url"`
	SiteURL  text       `json:"site_url"`
	Title    text       `json:"title"`
	Category mfCategory `json:"category"`
}

// mfCategory is a category of /v1/categories (and of a feed).
type mfCategory struct {
	ID    flexString `json:"id"`
	Title text       `json:"title"`
}

// positiveID reads a Miniflux id: a decimal above 0.
func positiveID(s flexString) (int64, bool) {
	n, err := strconv.ParseInt(string(s), 10, 64)
	return n, err == nil && n > 0
}

// decodeMinifluxFeeds reads /v1/feeds a feed at a time: those that break
// the entry rules are left out and said in refused.
func decodeMinifluxFeeds(r io.Reader) (feeds []Feed, refused []string, err error) {
	err = decodeArray(json.NewDecoder(r), maxFeeds, "subscriptions", func(dec *json.Decoder) error {
		var f mfFeed
		if err := dec.Decode(&f); err != nil {
			return err
		}
		id := string(f.ID)
		if n, ok := positiveID(f.ID); ok {
			id = strconv.FormatInt(n, 10)
		} else {
			id = "" // refused by feedOf
		}
		feed, err := feedOf(id, string(f.FeedURL), string(f.Title), string(f.SiteURL), string(f.Category.Title))
		if err != nil {
			refused = append(refused, err.Error())
			return nil
		}
		feeds = append(feeds, feed)
		return nil
	})
	return feeds, refused, err
}

// mfEntry is one entry of /v1/entries.
type mfEntry struct {
	ID          flexString       `json:"id"`
	FeedID      flexString       `json:"feed_id"`
	Status      text             `json:"status"`
	Title       text             `json:"title"`
	URL         text             `json:"url"`
	Author      text             `json:"author"`
	Content     text             `json:"content"`
	Starred     bool             `json:"starred"`
	PublishedAt text             `json:"published_at"`
	Enclosures  few[mfEnclosure] `json:"enclosures"`
}

type mfEnclosure struct {
	URL      text       `json:"url"`
	MimeType text       `json:"mime_type"`
	Size     flexString `json:"size"`
}

// item is the Item e describes, or an error when its ids break the entry
// rules; id is its id as a number.
func (e mfEntry) item() (it Item, id int64, err error) {
	id, ok := positiveID(e.ID)
	feed, okFeed := positiveID(e.FeedID)
	if !ok || !okFeed {
		return Item{}, 0, errBadID
	}
	sid := strconv.FormatInt(id, 10)
	it = Item{ID: sid, FeedID: strconv.FormatInt(feed, 10),
		State: State{Read: e.Status == "read", Starred: e.Starred}}
	d := &it.Doc
	d.Key, d.Title, d.Link, d.Author, d.Content = ItemKey(sid), cleanName(string(e.Title)), string(e.URL),
		cleanName(string(e.Author)), string(e.Content)
	if t, err := time.Parse(time.RFC3339Nano, string(e.PublishedAt)); err == nil {
		d.Published = inRange(t)
	}
	for _, enc := range e.Enclosures {
		if enc.URL != "" {
			n, _ := strconv.ParseInt(string(enc.Size), 10, 64)
			d.Enclosures = append(d.Enclosures, document.Enclosure{URL: string(enc.URL), Type: cleanName(string(enc.MimeType)), Length: max(n, 0)})
		}
	}
	return it, id, nil
}

// pageItems is how many items Pull hands over at a time: a page of
// entries is decoded one entry at a time and handed on in these, so a
// first sync of thousands of entries holds few in memory.
const pageItems = 250

// entriesPage is what one page of /v1/entries brought.
type entriesPage struct {
	// n counts the entries of the page, refused those left out; last is
	// the highest id.
	n, refused int
	last       int64
}

// Pull pages through the entries changed after the cursor (every entry on
// the first pull), by id, a thousand at a time (fewer when a page passes
// capItems). The new cursor is the server's clock when the pull began,
// less an overlap. A pull brings at most MaxItems entries in at most
// maxListPages pages, and each page must move forward.
func (m *miniflux) Pull(ctx context.Context, cursor string, _ func(string) bool, page func([]Item) error) (Pulled, error) {
	since, _ := strconv.ParseInt(cursor, 10, 64)
	var serverNow time.Time
	var after int64
	limit, total, refused := minifluxPage, 0, 0
	for range maxListPages {
		q := m.entriesQuery(after, 0, limit)
		if since > 0 {
			q.Set("changed_after", strconv.FormatInt(since, 10))
		}
		p, resp, err := m.entries(ctx, q, after, limit, page)
		if errors.Is(err, errAnswerTooLarge) && limit > 1 {
			limit /= 2
			continue
		}
		if err != nil {
			return Pulled{}, err
		}
		if serverNow.IsZero() {
			serverNow, _ = http.ParseTime(resp.Header.Get("Date"))
		}
		total, refused = total+p.n, refused+p.refused
		if total > m.x.o.MaxItems {
			return Pulled{}, m.x.fail(request{op: "entries"}, 0,
				tooMuch("more than %d entries changed since the last sync (remote.max_listed_items)", m.x.o.MaxItems))
		}
		if p.n < limit {
			next := cursor
			if !serverNow.IsZero() {
				next = strconv.FormatInt(serverNow.Add(-cursorOverlap).Unix(), 10)
			}
			return Pulled{Cursor: next, Refused: refused}, nil
		}
		after = p.last
	}
	return Pulled{}, m.x.fail(request{op: "entries"}, 0, tooMuch("a listing of more than %d pages", maxListPages))
}

// entries reads one page of /v1/entries, handing its items to page a few
// hundred at a time. Every entry must come after the id asked (the pages
// go forward: a server that repeats itself is stopped) and there may be
// at most limit of them.
func (m *miniflux) entries(ctx context.Context, q url.Values, after int64, limit int, page func([]Item) error) (entriesPage, *http.Response, error) {
	var p entriesPage
	batch := make([]Item, 0, pageItems)
	var sinkErr error // the caller's, not the answer's
	flush := func() error {
		if len(batch) > 0 {
			sinkErr = page(batch)
			batch = batch[:0]
		}
		return sinkErr
	}
	resp, err := m.api(ctx, "entries", http.MethodGet, "entries?"+q.Encode(), nil, capItems, func(r io.Reader) error {
		return decodeEntries(r, limit, func(e mfEntry) error {
			p.n++
			it, id, err := e.item()
			if err != nil {
				p.refused++
				return nil
			}
			if id <= after {
				return tooMuch("an entry (%d) not after the one asked (%d): the listing repeats itself", id, after)
			}
			p.last = max(p.last, id)
			if batch = append(batch, it); len(batch) == pageItems {
				return flush()
			}
			return nil
		})
	})
	if sinkErr != nil {
		return p, resp, sinkErr
	}
	if err == nil {
		err = flush()
	}
	if err == nil && p.n == limit && p.last == 0 {
		err = m.x.fail(request{op: "entries"}, 0, tooMuch("a full page without one entry id"))
	}
	return p, resp, err
}

// decodeEntries reads {"total": …, "entries": [ … ]} one entry at a
// time, at most limit entries.
func decodeEntries(r io.Reader, limit int, each func(mfEntry) error) error {
	return decodeObject(r, map[string]func(*json.Decoder) error{
		"entries": func(dec *json.Decoder) error {
			return decodeArray(dec, limit, "entries", func(dec *json.Decoder) error {
				var e mfEntry
				if err := dec.Decode(&e); err != nil {
					return err
				}
				return each(e)
			})
		},
	})
}

// entriesQuery asks for limit entries by id after one id (and before
// another, when not 0), read and unread, oldest first.
func (m *miniflux) entriesQuery(after, before int64, limit int) url.Values {
	q := url.Values{"order": {"id"}, "direction": {"asc"}, "limit": {strconv.Itoa(limit)},
		"status": {"unread", "read"}}
	if after > 0 {
		q.Set("after_entry_id", strconv.FormatInt(after, 10))
	}
	if before > 0 {
		q.Set("before_entry_id", strconv.FormatInt(before, 10))
	}
	return q
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
	limit := minifluxPage
	for range maxListPages {
		q := m.entriesQuery(after, last+1, limit)
		p, _, err := m.entries(ctx, q, after, limit, func(items []Item) error {
			for _, it := range items {
				if want[it.ID] {
					out[it.ID] = it.State
				}
			}
			return nil
		})
		if errors.Is(err, errAnswerTooLarge) && limit > 1 {
			limit /= 2
			continue
		}
		if err != nil {
			return nil, err
		}
		if p.n < limit {
			return out, nil
		}
		after = p.last
	}
	return nil, m.x.fail(request{op: "entries"}, 0, tooMuch("a listing of more than %d pages", maxListPages))
}
