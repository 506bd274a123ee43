package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

const (
	// ttrssPage is how many headlines one getHeadlines call brings (the
	// server's cap).
	ttrssPage = 200
	// ttrssPush is how many article ids one updateArticle carries.
	ttrssPush = 1000
	// ttrssStates is how many articles one getArticle asks for.
	ttrssStates = 200
)

// ttrss speaks Tiny Tiny RSS's JSON API: every call a POST of one JSON
// object to {URL}/api/, answered {"seq", "status", "content"}. A login
// gives a session id that every later call carries; the server binds it
// to the User-Agent, which the door sends the same on every request. The
// session id is kept (Options.Keep, a secret) so that the next run need
// not log in; a session the server forgot (NOT_LOGGED_IN: it expired, or
// another tidings logged out) is opened again once.
//
// The API subscribes (into an existing category) and unsubscribes, but
// makes no category, renames nothing and moves nothing: those fail with
// ErrUnsupported.
type ttrss struct {
	x  exchanger
	mu sync.Mutex
	// sid is the session id (a secret, also kept by Options.Keep).
	sid string
	// loaded is true once the kept session id was looked for.
	loaded bool
	// cats are the categories' titles last asked for (getCategories),
	// with the feeds' categories then and when.
	cats *ttCategories
}

// Names under which the protocol keeps its memory (Options.Keep).
const (
	keptSession    = "ttrss.session"
	keptCategories = "ttrss.categories"
)

func newTTRSS(o Options, origin weburl.URL) *ttrss {
	return &ttrss{x: newExchanger(o, origin)}
}

// errTTRSSSession means the server no longer knows the session.
var errTTRSSSession = errors.New("NOT_LOGGED_IN")

// session returns the session id, logging in when none is held.
func (t *ttrss) session(ctx context.Context) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sid != "" {
		return t.sid, nil
	}
	if !t.loaded && t.x.o.Keep != nil {
		t.loaded = true
		// A kept id that cannot be read (or is no id) costs a login only.
		if v, err := t.x.o.Keep.Kept(ctx, keptSession); err == nil && v != "" {
			if id, err := checkID(v, maxToken); err == nil {
				t.x.secrets.add("", id)
				t.sid = id
				return id, nil
			}
		}
	}
	pass, err := t.x.secret(ctx)
	if err != nil {
		return "", err
	}
	var sid text
	err = t.post(ctx, "login", map[string]any{"op": "login", "user": t.x.o.User, "password": pass}, capText,
		func(dec *json.Decoder) error {
			return objectFields(dec, map[string]func(*json.Decoder) error{
				"session_id": func(dec *json.Decoder) error { return dec.Decode(&sid) },
			})
		})
	if err != nil {
		return "", err
	}
	id, err := checkID(string(sid), maxToken)
	if err != nil {
		return "", t.x.fail(request{op: "login"}, 0, errors.New("the server gave no session id that is printable ASCII"))
	}
	t.x.secrets.add("", id)
	t.sid, t.loaded = id, true
	t.keep(ctx, keptSession, id)
	return id, nil
}

// keep keeps a value when a Keeper is there; a value not kept costs the
// next run a request more, nothing else.
func (t *ttrss) keep(ctx context.Context, name, value string) {
	if t.x.o.Keep != nil {
		_ = t.x.o.Keep.Keep(context.WithoutCancel(ctx), name, value)
	}
}

// forget drops a session the server refused.
func (t *ttrss) forget(ctx context.Context, sid string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sid == sid {
		t.sid = ""
		t.keep(ctx, keptSession, "")
	}
}

// call makes one API call with the session, logging in again once when
// the server forgot it; decode reads the answer's content (nil: skipped).
func (t *ttrss) call(ctx context.Context, op string, in map[string]any, limit int64, decode func(*json.Decoder) error) error {
	for attempt := 0; ; attempt++ {
		sid, err := t.session(ctx)
		if err != nil {
			return err
		}
		body := make(map[string]any, len(in)+2)
		for k, v := range in {
			body[k] = v
		}
		body["op"], body["sid"] = op, sid
		err = t.post(ctx, op, body, limit, decode)
		if errors.Is(err, errTTRSSSession) && attempt == 0 {
			t.forget(ctx, sid)
			continue
		}
		return err
	}
}

// post sends one JSON object and reads the answer: status must come
// before content; status 1 is the server's refusal, content.error.
func (t *ttrss) post(ctx context.Context, op string, in map[string]any, limit int64, decode func(*json.Decoder) error) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	r := request{op: op, method: http.MethodPost, url: t.x.o.URL + "/api/", body: string(b),
		header: http.Header{"Content-Type": {"application/json"}}}
	var refusal string
	_, err = t.x.read(ctx, r, limit, func(body io.Reader) error {
		var ok, refused bool
		return decodeObject(body, map[string]func(*json.Decoder) error{
			"status": func(dec *json.Decoder) error {
				var s flexString
				if err := dec.Decode(&s); err != nil {
					return err
				}
				ok, refused = s == "0", s != "0"
				return nil
			},
			"content": func(dec *json.Decoder) error {
				switch {
				case refused:
					var e struct {
						Error text `json:"error"`
					}
					if err := dec.Decode(&e); err != nil {
						return err
					}
					refusal = string(e.Error)
					if refusal == "" {
						refusal = "refused"
					}
					return nil
				case !ok:
					return fmt.Errorf("%w: content before status", errNotJSON)
				case decode == nil:
					return skipValue(dec)
				}
				return decode(dec)
			},
		})
	})
	if err != nil {
		return err
	}
	switch refusal {
	case "":
		return nil
	case "NOT_LOGGED_IN":
		return t.x.fail(r, 0, errTTRSSSession)
	case "LOGIN_ERROR":
		return t.x.fail(r, 0, ErrLoginRefused)
	case "API_DISABLED":
		return t.x.fail(r, 0, errors.New("API access is off for this user (TT-RSS: Preferences, Enable API)"))
	case "FEED_NOT_FOUND":
		return t.x.fail(r, 0, fmt.Errorf("%w (FEED_NOT_FOUND)", ErrNotFound))
	}
	return t.x.fail(r, 0, errors.New(t.x.secrets.scrub(refusal, r.body)))
}

// ttFeed is a feed of getFeeds.
type ttFeed struct {
	ID      flexString `json:"id"`
	FeedURL text       `json:"feed_url"`
	Title   text       `json:"title"`
	CatID   flexString `json:"cat_id"`
}

// decodeTTRSSFeeds reads getFeeds' content a feed at a time, with the
// id of each feed's category (0 for none; the label is set from it
// later). Feeds that break the entry rules are left out and said in
// refused.
func decodeTTRSSFeeds(dec *json.Decoder) (feeds []Feed, cats []int64, refused []string, err error) {
	err = decodeArray(dec, maxFeeds, "subscriptions", func(dec *json.Decoder) error {
		var f ttFeed
		if err := dec.Decode(&f); err != nil {
			return err
		}
		id := ""
		if n, ok := positiveID(f.ID); ok {
			id = strconv.FormatInt(n, 10)
		}
		feed, err := feedOf(id, string(f.FeedURL), string(f.Title), "", "")
		if err != nil {
			refused = append(refused, err.Error())
			return nil
		}
		cat, _ := positiveID(f.CatID)
		feeds, cats = append(feeds, feed), append(cats, cat)
		return nil
	})
	return feeds, cats, refused, err
}

// decodeTTRSSCategories reads getCategories' content: the real
// categories' titles by id.
func decodeTTRSSCategories(dec *json.Decoder) (map[int64]string, error) {
	cats := map[int64]string{}
	err := decodeArray(dec, maxFeeds, "categories", func(dec *json.Decoder) error {
		var c mfCategory
		if err := dec.Decode(&c); err != nil {
			return err
		}
		if id, ok := positiveID(c.ID); ok {
			cats[id] = cleanName(string(c.Title))
		}
		return nil
	})
	return cats, err
}

// categories lists the account's categories, empty ones too.
func (t *ttrss) categories(ctx context.Context) (cats map[int64]string, err error) {
	err = t.call(ctx, "getCategories", map[string]any{"include_empty": true}, capList, func(dec *json.Decoder) error {
		cats, err = decodeTTRSSCategories(dec)
		return err
	})
	return cats, err
}

// ttCategories are the categories' titles as getCategories gave them,
// with the feeds' categories then (feeds, "feed:cat …") and when (At,
// Unix seconds): what Options.Keep keeps under keptCategories.
type ttCategories struct {
	At     int64            `json:"at"`
	Feeds  string           `json:"feeds"`
	Titles map[int64]string `json:"titles"`
}

// feedCategories is the signature of which feed is in which category.
func feedCategories(feeds []Feed, catIDs []int64) string {
	pairs := make([]string, len(feeds))
	for i, f := range feeds {
		pairs[i] = f.ID + ":" + strconv.FormatInt(catIDs[i], 10)
	}
	slices.Sort(pairs)
	return strings.Join(pairs, " ")
}

// keptCategoryTitles returns the categories' titles kept from an earlier
// getCategories when the feeds are in the same categories as then and
// that was less than ttrssReconcile ago: a category renamed on the
// server shows within that time.
func (t *ttrss) keptCategoryTitles(ctx context.Context, sig string) map[int64]string {
	t.mu.Lock()
	c := t.cats
	t.mu.Unlock()
	if c == nil && t.x.o.Keep != nil {
		if v, err := t.x.o.Keep.Kept(ctx, keptCategories); err == nil && v != "" {
			var k ttCategories
			if json.Unmarshal([]byte(v), &k) == nil {
				c = &k
			}
		}
	}
	if c == nil || c.Feeds != sig || !recent(t.x.o.Now(), c.At) {
		return nil
	}
	titles := make(map[int64]string, len(c.Titles))
	for id, title := range c.Titles {
		titles[id] = cleanName(title)
	}
	return titles
}

// recent reports whether the Unix time at is less than ttrssReconcile
// before now (and not after it: a clock put back makes nothing recent).
func recent(now time.Time, at int64) bool {
	d := now.Sub(time.Unix(at, 0))
	return at > 0 && d >= 0 && d < ttrssReconcile
}

// Feeds lists every real feed (getFeeds, cat_id -3) with its category's
// title as label. The categories are asked for only when a feed is in
// one, and then only when a feed changed category (or came, or went)
// since they were last asked for, or that was ttrssReconcile ago.
func (t *ttrss) Feeds(ctx context.Context) ([]Feed, []string, error) {
	var feeds []Feed
	var catIDs []int64
	var refused []string
	err := t.call(ctx, "getFeeds", map[string]any{"cat_id": -3}, capList, func(dec *json.Decoder) (err error) {
		feeds, catIDs, refused, err = decodeTTRSSFeeds(dec)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	if slices.ContainsFunc(catIDs, func(id int64) bool { return id > 0 }) {
		sig := feedCategories(feeds, catIDs)
		cats := t.keptCategoryTitles(ctx, sig)
		if cats == nil {
			if cats, err = t.categories(ctx); err != nil {
				return nil, nil, err
			}
			c := &ttCategories{At: t.x.o.Now().Unix(), Feeds: sig, Titles: cats}
			t.mu.Lock()
			t.cats = c
			t.mu.Unlock()
			if b, err := json.Marshal(c); err == nil {
				t.keep(ctx, keptCategories, string(b))
			}
		}
		for i := range feeds {
			feeds[i].Label = cats[catIDs[i]]
		}
	}
	return feeds, refused, nil
}

// Subscribe subscribes (subscribeToFeed) into the category titled label,
// which must exist: the API makes none. A page announcing several feeds
// gets the first. The server fetches nothing on subscribing: the feed is
// fetched once at once (updateFeed) so that its items come with the next
// sync. The API names nothing: a title fails with ErrUnsupported.
func (t *ttrss) Subscribe(ctx context.Context, rawURL, title, label string) (Feed, error) {
	op := "subscribe " + rawURL
	if title != "" {
		return Feed{}, t.x.fail(request{op: op}, 0, errors.New("TT-RSS's API cannot name a feed (add it without a title)"))
	}
	in := map[string]any{"feed_url": rawURL}
	if label != "" {
		cats, err := t.categories(ctx)
		if err != nil {
			return Feed{}, err
		}
		for id, name := range cats {
			if name == label {
				in["category_id"] = id
			}
		}
		if in["category_id"] == nil {
			return Feed{}, t.x.fail(request{op: op}, 0, fmt.Errorf("TT-RSS's API cannot make the category %q: make it on the server first", label))
		}
	}
	id, err := t.subscribeTo(ctx, op, in, true)
	if err != nil {
		return Feed{}, err
	}
	sid := strconv.FormatInt(id, 10)
	if err := t.call(ctx, "updateFeed", map[string]any{"feed_id": id}, capText, nil); err != nil && ctx.Err() != nil {
		return Feed{}, err
	}
	return findFeed(ctx, t, sid)
}

// subscribeTo makes one subscribeToFeed and returns the feed's id; when
// the page announces several feeds (code 4) and again is true, the first
// that is a web URL is subscribed to.
func (t *ttrss) subscribeTo(ctx context.Context, op string, in map[string]any, again bool) (int64, error) {
	var code, feedID flexString
	var message text
	var found weburl.URL
	err := t.call(ctx, "subscribeToFeed", in, capList, func(dec *json.Decoder) error {
		return objectFields(dec, map[string]func(*json.Decoder) error{
			"status": func(dec *json.Decoder) error {
				return objectFields(dec, map[string]func(*json.Decoder) error{
					"code":    func(dec *json.Decoder) error { return dec.Decode(&code) },
					"feed_id": func(dec *json.Decoder) error { return dec.Decode(&feedID) },
					"message": func(dec *json.Decoder) error { return dec.Decode(&message) },
					"feeds": func(dec *json.Decoder) error {
						var feeds map[string]text
						if err := dec.Decode(&feeds); err != nil {
							return nil
						}
						for u := range feeds {
							if w, err := weburl.Parse(u); err == nil && (found.IsZero() || w.String() < found.String()) {
								found = w
							}
						}
						return nil
					},
				})
			},
		})
	})
	if err != nil {
		return 0, err
	}
	switch code {
	case "0", "1":
		if id, ok := positiveID(feedID); ok {
			return id, nil
		}
		return 0, t.x.fail(request{op: op}, 0, errors.New("the server gave no feed id"))
	case "2":
		return 0, t.x.fail(request{op: op}, 0, errors.New("not a URL the server takes"))
	case "3":
		return 0, t.x.fail(request{op: op}, 0, errors.New("no feed found there"))
	case "4":
		if again && !found.IsZero() {
			in["feed_url"] = found.String()
			return t.subscribeTo(ctx, op, in, false)
		}
		return 0, t.x.fail(request{op: op}, 0, errors.New("the page announces several feeds: give one"))
	case "5":
		why := t.x.secrets.scrub(string(message))
		if why == "" {
			why = "the server could not download it"
		}
		return 0, t.x.fail(request{op: op}, 0, errors.New("the server could not download it: "+why))
	}
	return 0, t.x.fail(request{op: op}, 0, fmt.Errorf("unknown answer code %s", quoteShort(string(code))))
}

// Unsubscribe removes a feed (unsubscribeFeed).
func (t *ttrss) Unsubscribe(ctx context.Context, feedID string) error {
	id, err := strconv.ParseInt(feedID, 10, 64)
	if err != nil || id <= 0 {
		return t.x.fail(request{op: "unsubscribe"}, 0, fmt.Errorf("%w: feed %s", ErrNotFound, quoteShort(feedID)))
	}
	return t.call(ctx, "unsubscribeFeed", map[string]any{"feed_id": id}, capText, nil)
}

// Rename fails: TT-RSS's API names no feed.
func (t *ttrss) Rename(context.Context, string, string) error {
	return t.x.fail(request{op: "rename"}, 0, fmt.Errorf("%w: TT-RSS's API cannot rename a feed: rename it on the server", ErrUnsupported))
}

// Move fails: TT-RSS's API moves no feed.
func (t *ttrss) Move(context.Context, string, string) error {
	return t.x.fail(request{op: "move"}, 0, fmt.Errorf("%w: TT-RSS's API cannot move a feed: move it on the server", ErrUnsupported))
}

// PushLimit is the ids one updateArticle carries.
func (t *ttrss) PushLimit() int { return ttrssPush }

// Push sets the unread or the starred field of articles (updateArticle:
// field 2 unread, 0 starred; mode 0 false, 1 true).
func (t *ttrss) Push(ctx context.Context, c Change, itemIDs []string) error {
	ids := articleIDs(itemIDs)
	if len(ids) == 0 {
		return nil
	}
	var field, mode int
	switch c {
	case ChangeRead:
		field, mode = 2, 0
	case ChangeUnread:
		field, mode = 2, 1
	case ChangeStar:
		field, mode = 0, 1
	case ChangeUnstar:
		field, mode = 0, 0
	default:
		return fmt.Errorf("remote: unknown change %q", c)
	}
	return t.call(ctx, "updateArticle", map[string]any{"article_ids": strings.Join(ids, ","), "field": field, "mode": mode}, capText, nil)
}

// articleIDs keeps the ids that are TT-RSS's (decimals above 0).
func articleIDs(itemIDs []string) []string {
	ids := make([]string, 0, len(itemIDs))
	for _, s := range itemIDs {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n > 0 {
			ids = append(ids, strconv.FormatInt(n, 10))
		}
	}
	return ids
}

// States reads articles' states (getArticle, a batch at a time).
func (t *ttrss) States(ctx context.Context, itemIDs []string) (map[string]State, error) {
	ids := articleIDs(itemIDs)
	out := make(map[string]State, len(ids))
	for start := 0; start < len(ids); start += ttrssStates {
		batch := ids[start:min(start+ttrssStates, len(ids))]
		asked := make(map[string]bool, len(batch))
		for _, id := range batch {
			asked[id] = true
		}
		err := t.call(ctx, "getArticle", map[string]any{"article_id": strings.Join(batch, ",")}, capItems,
			func(dec *json.Decoder) error {
				_, err := decodeHeadlines(dec, len(batch), func(h ttHeadline) error {
					if it, err := h.item(); err == nil && asked[it.ID] {
						out[it.ID] = it.State
					}
					return nil
				})
				return err
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
