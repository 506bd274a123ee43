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
	ttrssAllArticles int64 = -4
	ttrssStarred     int64 = -1
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

// ttrssReconcile is how long the states listed in part (by counts)
// are trusted: a pull lists every unread and every starred article when
// the last such full listing is this old, and the categories' titles
// kept are asked for again.
const ttrssReconcile = time.Hour

// ttCursor is the cursor of a pull with Options.Held: the highest
// article id seen, when the whole state was last listed, and per feed
// the unread and the starred articles of the server that tidings does
// not hold (purged here, deleted by a rule, of a feed not held): the
// difference expected between the server's counts and tidings'. A
// cursor that is a bare number (a pull without Held) is Since alone.
type ttCursor struct {
	Since   int64            `json:"since"`
	Full    int64            `json:"full,omitempty"`
	Unread  map[string]int64 `json:"unread,omitempty"`
	Starred map[string]int64 `json:"starred,omitempty"`
}

// parseTTCursor reads a cursor; one that cannot be read is the zero
// cursor (everything pulled and listed again).
func parseTTCursor(s string) ttCursor {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && n >= 0 {
		return ttCursor{Since: n}
	}
	var c ttCursor
	if json.Unmarshal([]byte(s), &c) != nil || c.Since < 0 {
		return ttCursor{}
	}
	return c
}

// Pull brings the articles after the cursor (the highest id seen; every
// article on the first pull) with their content, a page at a time, then
// the account's read and starred state: the ids of the unread articles
// and of the starred ones. The new cursor is the highest id.
//
// With Options.Held the state is listed where it may have changed only:
// getCounters gives each feed's unread and starred counts, and a feed's
// unread articles are listed when its count differs from the articles
// tidings holds unread in it (plus those of the server it does not hold,
// as the last listing found them); the starred articles when a feed's
// starred count differs. All are listed when that is cheaper, on the
// first pull, and when the last full listing is ttrssReconcile old:
// counts cannot tell an article read on the server and another marked
// unread in the same feed between two syncs, so such a pair shows within
// that time.
func (t *ttrss) Pull(ctx context.Context, cursor string, known func(string) bool, page func([]Item) error) (Pulled, error) {
	c := parseTTCursor(cursor)
	last, refused, err := t.pullNew(ctx, c.Since, known, page)
	if err != nil {
		return Pulled{}, err
	}
	if t.x.o.Held == nil {
		snap, err := t.listState(ctx, nil, true)
		if err != nil {
			return Pulled{}, err
		}
		return Pulled{Cursor: strconv.FormatInt(last, 10), Snapshot: snap.Snapshot, Refused: refused}, nil
	}
	held, err := t.x.o.Held(ctx)
	if err != nil {
		return Pulled{}, err
	}
	now := t.x.o.Now()
	next := ttCursor{Since: last, Full: c.Full, Unread: c.Unread, Starred: c.Starred}
	var snap ttState
	if !recent(now, c.Full) {
		if snap, err = t.listState(ctx, nil, true); err != nil {
			return Pulled{}, err
		}
		next.Full = now.Unix()
	} else {
		counts, err := t.counters(ctx)
		if err != nil {
			return Pulled{}, err
		}
		feeds, starred := staleFeeds(counts, held, c)
		if snap, err = t.listState(ctx, feeds, starred); err != nil {
			return Pulled{}, err
		}
	}
	next.Unread = snap.offsets(snap.unreadFeed, snap.Snapshot.UnreadFeeds, c.Unread, held)
	if !snap.Snapshot.NoStarred {
		next.Starred = snap.offsets(snap.starredFeed, nil, nil, held)
	}
	b, err := json.Marshal(next)
	if err != nil {
		return Pulled{}, err
	}
	return Pulled{Cursor: string(b), Snapshot: snap.Snapshot, Refused: refused}, nil
}

// pullNew brings the articles after since with their content, a page at
// a time, and returns the highest id seen and how many articles the entry
// rules refused.
func (t *ttrss) pullNew(ctx context.Context, since int64, known func(string) bool, page func([]Item) error) (int64, int, error) {
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
	err := t.listing(ctx, "getHeadlines", func() map[string]any {
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
		return 0, 0, sinkErr
	}
	if err == nil {
		err = flush()
	}
	return last, refused, err
}

// ttCount is a feed's unread and starred counts.
type ttCount struct{ unread, starred int64 }

// counters reads getCounters: the unread and starred counts of each feed
// that has articles (a feed left out has none).
func (t *ttrss) counters(ctx context.Context) (map[string]ttCount, error) {
	out := map[string]ttCount{}
	err := t.call(ctx, "getCounters", map[string]any{"output_mode": "flc"}, capList, func(dec *json.Decoder) error {
		return decodeArray(dec, 3*maxFeeds, "counters", func(dec *json.Decoder) error {
			var c struct {
				ID      flexString `json:"id"`
				Kind    text       `json:"kind"`
				Counter flexString `json:"counter"`
				Marked  flexString `json:"markedcounter"`
			}
			if err := dec.Decode(&c); err != nil {
				return err
			}
			id, ok := positiveID(c.ID)
			if !ok || c.Kind != "" { // the special feeds, labels, categories, the totals
				return nil
			}
			unread, err1 := strconv.ParseInt(string(c.Counter), 10, 64)
			starred, err2 := strconv.ParseInt(string(c.Marked), 10, 64)
			if err1 != nil || err2 != nil || unread < 0 || starred < 0 {
				// A count that is not one: the feed's state is listed.
				unread, starred = -1, -1
			}
			out[strconv.FormatInt(id, 10)] = ttCount{unread, starred}
			return nil
		})
	})
	return out, err
}

// staleFeeds compares the server's counts with the articles held here and
// the cursor's offsets: it returns the feeds whose unread articles must be
// listed (nil: every unread article, when that takes fewer calls), and
// whether the starred ones must.
func staleFeeds(counts map[string]ttCount, held map[string]Held, c ttCursor) (map[string]bool, bool) {
	here := map[string]ttCount{}
	for _, h := range held {
		n := here[h.FeedID]
		if !h.State.Read {
			n.unread++
		}
		if h.State.Starred {
			n.starred++
		}
		here[h.FeedID] = n
	}
	feeds := map[string]bool{}
	for id := range here {
		feeds[id] = true
	}
	for id := range counts {
		feeds[id] = true
	}
	// A feed the server counts no article of, and of which none is held
	// here, has none to list (the offsets of a feed gone are dropped).
	stale, starred := map[string]bool{}, false
	for id := range feeds {
		server, local := counts[id], here[id]
		off := ttCount{c.Unread[id], c.Starred[id]}
		if _, ok := counts[id]; !ok {
			off = ttCount{}
		}
		if server.unread != local.unread+off.unread {
			stale[id] = true
		}
		if server.starred != local.starred+off.starred {
			starred = true
		}
	}
	// A listing of every unread article costs a call per ttrssPage; a
	// listing per feed at least a call each: the cheaper is taken.
	var all, each int64
	for id, n := range counts {
		all += max(n.unread, 0)
		if stale[id] {
			each += max(n.unread, 0)/ttrssPage + 1
		}
		if n.unread < 0 {
			return nil, true
		}
	}
	if each > all/ttrssPage+1 {
		return nil, starred
	}
	return stale, starred
}

// ttState is the state a pull listed, with the feed of each article
// listed.
type ttState struct {
	*Snapshot
	unreadFeed, starredFeed map[string]string
}

// listState lists the ids of the unread articles of feeds (nil: of every
// feed; the snapshot then gives the read state of every article) and,
// when starred, of the starred ones.
func (t *ttrss) listState(ctx context.Context, feeds map[string]bool, starred bool) (ttState, error) {
	st := ttState{Snapshot: &Snapshot{Unread: map[string]bool{}, Starred: map[string]bool{}, NoStarred: !starred},
		unreadFeed: map[string]string{}, starredFeed: map[string]string{}}
	if feeds == nil {
		if err := t.ids(ctx, ttrssAllArticles, "unread", st.unreadFeed); err != nil {
			return ttState{}, err
		}
	} else {
		st.UnreadFeeds = map[string]bool{}
		for id := range feeds {
			n, err := strconv.ParseInt(id, 10, 64)
			if err != nil || n <= 0 {
				continue
			}
			st.UnreadFeeds[id] = true
			if err := t.ids(ctx, n, "unread", st.unreadFeed); err != nil {
				return ttState{}, err
			}
		}
	}
	for id := range st.unreadFeed {
		st.Unread[id] = true
	}
	if starred {
		if err := t.ids(ctx, ttrssStarred, "all_articles", st.starredFeed); err != nil {
			return ttState{}, err
		}
		for id := range st.starredFeed {
			st.Starred[id] = true
		}
	}
	return st, nil
}

// offsets counts, per feed, the articles listed (listed: article → feed)
// that tidings does not hold. scope, when not nil, are the feeds the
// listing covered: the other feeds keep their offsets of before.
func (st ttState) offsets(listed map[string]string, scope map[string]bool, before map[string]int64, held map[string]Held) map[string]int64 {
	out := map[string]int64{}
	if scope != nil {
		for id, n := range before {
			if !scope[id] {
				out[id] = n
			}
		}
	}
	for id, feed := range listed {
		if _, ok := held[id]; !ok {
			out[feed]++
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ids lists the ids of a feed's articles in a view, without content,
// into out (article id → feed id).
func (t *ttrss) ids(ctx context.Context, feed int64, view string, out map[string]string) error {
	return t.listing(ctx, "getHeadlines", func() map[string]any {
		return map[string]any{"feed_id": feed, "view_mode": view}
	}, func(h ttHeadline, id int64) error {
		if id > 0 {
			f, _ := positiveID(h.FeedID)
			out[strconv.FormatInt(id, 10)] = strconv.FormatInt(f, 10)
		}
		return nil
	})
}
