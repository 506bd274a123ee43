package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// TT-RSS's special feeds that tidings lists.
const (
	ttrssAllArticles = -4
	ttrssStarred     = -1
)

// ttHeadline is one article of getHeadlines (or getArticle).
type ttHeadline struct {
	ID          flexString        `json:"id"`
	FeedID      flexString        `json:"feed_id"`
	Unread      flexBool          `json:"unread"`
	Marked      flexBool          `json:"marked"`
	Updated     flexString        `json:"updated"`
	Title       text              `json:"title"`
	Link        text              `json:"link"`
	Author      text              `json:"author"`
	Content     text              `json:"content"`
	Attachments few[ttAttachment] `json:"attachments"`
}

type ttAttachment struct {
	URL  text `json:"content_url"`
	Type text `json:"content_type"`
}

// flexBool is a JSON true, 1, "t", "1" or "true"; anything else is false.
type flexBool bool

// UnmarshalJSON reads the forms of true a PHP server writes.
func (f *flexBool) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "true", "1", `"t"`, `"1"`, `"true"`:
		*f = true
	default:
		*f = false
	}
	return nil
}

// item is the Item h describes, or an error when its ids break the entry
// rules.
func (h ttHeadline) item() (Item, error) {
	id, ok := positiveID(h.ID)
	feed, okFeed := positiveID(h.FeedID)
	if !ok || !okFeed {
		return Item{}, errBadID
	}
	sid := strconv.FormatInt(id, 10)
	it := Item{ID: sid, FeedID: strconv.FormatInt(feed, 10), State: State{Read: !bool(h.Unread), Starred: bool(h.Marked)}}
	d := &it.Doc
	d.Key, d.Title, d.Link, d.Author, d.Content = ItemKey(sid), cleanName(string(h.Title)), string(h.Link),
		cleanName(string(h.Author)), string(h.Content)
	if s, err := strconv.ParseInt(string(h.Updated), 10, 64); err == nil && s > 0 {
		d.Published = inRange(time.Unix(s, 0))
	}
	for _, a := range h.Attachments {
		if a.URL != "" {
			d.Enclosures = append(d.Enclosures, document.Enclosure{URL: string(a.URL), Type: cleanName(string(a.Type))})
		}
	}
	return it, nil
}

// decodeHeadlines reads a list of articles one at a time, at most limit
// of them, and returns how many there were.
func decodeHeadlines(dec *json.Decoder, limit int, each func(ttHeadline) error) (int, error) {
	n := 0
	err := decodeArray(dec, limit, "articles", func(dec *json.Decoder) error {
		var h ttHeadline
		if err := dec.Decode(&h); err != nil {
			return err
		}
		n++
		return each(h)
	})
	return n, err
}

// headlinesPage is what one getHeadlines call brought.
type headlinesPage struct {
	// n counts the articles, fresh those not seen before in the listing.
	n, fresh int
}

// headlines makes one getHeadlines call and hands each article to each.
// Articles already seen in the listing (seen, updated) do not count as
// fresh.
func (t *ttrss) headlines(ctx context.Context, in map[string]any, limit int, seen map[int64]bool, each func(ttHeadline, int64) error) (headlinesPage, error) {
	var p headlinesPage
	in["limit"] = limit
	err := t.call(ctx, "getHeadlines", in, capItems, func(dec *json.Decoder) (err error) {
		p.n, err = decodeHeadlines(dec, limit, func(h ttHeadline) error {
			id, _ := positiveID(h.ID)
			if id > 0 && !seen[id] {
				seen[id] = true
				p.fresh++
			}
			return each(h, id)
		})
		return err
	})
	return p, err
}

// listing pages through one getHeadlines listing (skip), handing each
// article to each. A listing holds at most MaxItems articles; a full
// page with no article not seen before ends it with ErrTooMuch, as does
// a page too large for capItems even alone. A page over capItems is
// asked again smaller.
func (t *ttrss) listing(ctx context.Context, what string, in func() map[string]any, each func(ttHeadline, int64) error) error {
	seen := map[int64]bool{}
	limit, skip := ttrssPage, 0
	for range t.x.o.MaxItems/ttrssPage + maxListPages {
		q := in()
		q["skip"] = skip
		p, err := t.headlines(ctx, q, limit, seen, each)
		if errors.Is(err, errAnswerTooLarge) && limit > 1 {
			limit /= 2
			continue
		}
		if err != nil {
			return err
		}
		if len(seen) > t.x.o.MaxItems {
			return t.x.fail(request{op: what}, 0, tooMuch("more than %d articles (remote.max_listed_items)", t.x.o.MaxItems))
		}
		if p.n < limit {
			return nil
		}
		if p.fresh == 0 {
			return t.x.fail(request{op: what}, 0, tooMuch("the listing repeats itself (at %d)", skip))
		}
		skip += p.n
	}
	return t.x.fail(request{op: what}, 0, tooMuch("a listing of too many pages"))
}

// Pull brings the articles after the cursor (the highest id seen; every
// article on the first pull) with their content, a page at a time, then
// lists the ids of the unread articles and of the starred ones: the
// snapshot of the account's state. The new cursor is the highest id.
func (t *ttrss) Pull(ctx context.Context, cursor string, known func(string) bool, page func([]Item) error) (Pulled, error) {
	since, err := strconv.ParseInt(cursor, 10, 64)
	if err != nil || since < 0 {
		since = 0
	}
	last, refused := since, 0
	batch := make([]Item, 0, pageItems)
	var sinkErr error // the caller's, not the answer's
	flush := func() error {
		if len(batch) > 0 {
			sinkErr = page(batch)
			batch = batch[:0]
		}
		return sinkErr
	}
	err = t.listing(ctx, "getHeadlines", func() map[string]any {
		return map[string]any{"feed_id": ttrssAllArticles, "view_mode": "all_articles", "since_id": since,
			"show_content": true, "include_attachments": true}
	}, func(h ttHeadline, id int64) error {
		it, err := h.item()
		if err != nil {
			refused++
			return nil
		}
		if id <= since {
			return tooMuch("an article (%d) not after the one asked (%d)", id, since)
		}
		last = max(last, id)
		if known(it.ID) {
			return nil
		}
		if batch = append(batch, it); len(batch) == pageItems {
			return flush()
		}
		return nil
	})
	if sinkErr != nil {
		return Pulled{}, sinkErr
	}
	if err == nil {
		err = flush()
	}
	if err != nil {
		return Pulled{}, err
	}
	unread, err := t.ids(ctx, ttrssAllArticles, "unread")
	if err != nil {
		return Pulled{}, err
	}
	starred, err := t.ids(ctx, ttrssStarred, "all_articles")
	if err != nil {
		return Pulled{}, err
	}
	return Pulled{Cursor: strconv.FormatInt(last, 10), Snapshot: &Snapshot{Unread: unread, Starred: starred}, Refused: refused}, nil
}

// ids lists the ids of a feed's articles in a view, without content.
func (t *ttrss) ids(ctx context.Context, feed int, view string) (map[string]bool, error) {
	out := map[string]bool{}
	err := t.listing(ctx, "getHeadlines", func() map[string]any {
		return map[string]any{"feed_id": feed, "view_mode": view}
	}, func(_ ttHeadline, id int64) error {
		if id > 0 {
			out[strconv.FormatInt(id, 10)] = true
		}
		return nil
	})
	return out, err
}
