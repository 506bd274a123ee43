package remote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The Google Reader API's names that tidings uses.
const (
	streamReadingList = "user/-/state/com.google/reading-list"
	streamStarred     = "user/-/state/com.google/starred"
	stateRead         = "user/-/state/com.google/read"
	labelPrefix       = "user/-/label/"
	// greaderIDsPage is how many ids one stream/items/ids request asks
	// for (Miniflux's maximum).
	greaderIDsPage = 10000
	// greaderBatch is how many item ids one edit-tag or items/contents
	// request carries: far below PHP's 1,000 input variables.
	greaderBatch = 250
	// maxToken is the longest session token (Auth, T) accepted, in bytes.
	maxToken = 1024
)

// greader speaks the subset of the Google Reader API that both FreshRSS
// and Miniflux answer: ClientLogin, token, subscription/list|edit|quickadd,
// edit-tag, stream/items/ids and stream/items/contents (POST, i= ids), with
// output=json in every query (Miniflux wants it even on POST).
type greader struct {
	x  exchanger
	mu sync.Mutex
	// auth is the ClientLogin token, post the action token (T) that
	// POSTs carry; both are kept in memory only, for this process.
	auth, post string
}

func newGReader(o Options, origin weburl.URL) *greader {
	return &greader{x: newExchanger(o, origin)}
}

// login returns the ClientLogin token, logging in when none is held.
func (g *greader) login(ctx context.Context) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.auth != "" {
		return g.auth, nil
	}
	pass, err := g.x.secret(ctx)
	if err != nil {
		return "", err
	}
	r := request{op: "login", method: http.MethodPost, url: g.x.o.URL + "/accounts/ClientLogin",
		body: url.Values{"Email": {g.x.o.User}, "Passwd": {pass}}.Encode(), header: formHeader()}
	text, err := g.x.text(ctx, r)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Auth="); ok && v != "" {
			if _, err := checkID(v, maxToken); err != nil {
				return "", g.x.fail(r, 0, errors.New("the server gave an Auth token that is not printable ASCII"))
			}
			g.x.secrets.add("", v)
			g.auth = v
			return v, nil
		}
	}
	return "", g.x.fail(r, 0, errors.New("the server gave no Auth token"))
}

// forget drops the tokens after the server refused them.
func (g *greader) forget(auth string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.auth == auth {
		g.auth, g.post = "", ""
	}
}

// actionToken returns the token POSTs carry (T), asking for it once.
func (g *greader) actionToken(ctx context.Context, auth string) (string, error) {
	g.mu.Lock()
	post := g.post
	g.mu.Unlock()
	if post != "" {
		return post, nil
	}
	r := request{op: "token", method: http.MethodGet, url: g.x.o.URL + "/reader/api/0/token", header: g.authHeader(auth)}
	text, err := g.x.text(ctx, r)
	if err != nil {
		return "", err
	}
	t, err := checkID(strings.TrimSpace(text), maxToken)
	if err != nil {
		return "", g.x.fail(r, 0, errors.New("the server gave an action token that is not printable ASCII"))
	}
	g.x.secrets.add("", t)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.post = t
	return t, nil
}

func (g *greader) authHeader(auth string) http.Header {
	return http.Header{"Authorization": {"GoogleLogin auth=" + auth}}
}

// call makes one API request (GET with query, or POST with form) and
// hands its answer, at most limit bytes, to decode (nil: the answer is
// read and dropped). A refused token is forgotten and the call made once
// more after a new login.
func (g *greader) call(ctx context.Context, op, path string, query, form url.Values, limit int64, decode func(io.Reader) error) error {
	for attempt := 0; ; attempt++ {
		auth, err := g.login(ctx)
		if err != nil {
			return err
		}
		err = g.callWith(ctx, auth, op, path, query, form, limit, decode)
		if errors.Is(err, ErrLoginRefused) && attempt == 0 {
			g.forget(auth)
			continue
		}
		return err
	}
}

func (g *greader) callWith(ctx context.Context, auth, op, path string, query, form url.Values, limit int64, decode func(io.Reader) error) error {
	q := url.Values{"output": {"json"}}
	for k, v := range query {
		q[k] = v
	}
	r := request{op: op, method: http.MethodGet, url: g.x.o.URL + "/reader/api/0/" + path + "?" + q.Encode(),
		header: g.authHeader(auth)}
	if form != nil {
		t, err := g.actionToken(ctx, auth)
		if err != nil {
			return err
		}
		f := url.Values{"T": {t}}
		for k, v := range form {
			f[k] = v
		}
		r.method, r.body = http.MethodPost, f.Encode()
		r.header.Set("Content-Type", formHeader().Get("Content-Type"))
	}
	if decode == nil {
		decode = func(body io.Reader) error { _, err := io.Copy(io.Discard, body); return err }
	}
	_, err := g.x.read(ctx, r, limit, decode)
	return err
}

// Feeds lists the subscriptions (subscription/list).
func (g *greader) Feeds(ctx context.Context) ([]Feed, []string, error) {
	var feeds []Feed
	var refused []string
	err := g.call(ctx, "subscription list", "subscription/list", nil, nil, capList, func(body io.Reader) (err error) {
		feeds, refused, err = decodeGReaderFeeds(body)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return feeds, refused, nil
}

// Subscribe adds a subscription with quickadd (the server finds the feed
// a page announces), then names and labels it with subscription/edit.
func (g *greader) Subscribe(ctx context.Context, rawURL, title, label string) (Feed, error) {
	var added grQuickadd
	op := "subscribe " + rawURL
	err := g.call(ctx, op, "subscription/quickadd", nil, url.Values{"quickadd": {rawURL}}, capText, func(body io.Reader) (err error) {
		added, err = decodeQuickadd(body)
		return err
	})
	if err != nil {
		return Feed{}, err
	}
	if added.StreamID == "" {
		why := g.x.secrets.scrub(added.Error, rawURL)
		if why == "" {
			why = "no feed found there"
		}
		return Feed{}, g.x.fail(request{op: op}, 0, errors.New(why))
	}
	if title != "" || label != "" {
		form := url.Values{"ac": {"edit"}, "s": {added.StreamID}}
		if title != "" {
			form.Set("t", title)
		}
		if label != "" {
			form.Set("a", labelPrefix+label)
		}
		if err := g.call(ctx, "subscription edit", "subscription/edit", nil, form, capText, nil); err != nil {
			return Feed{}, err
		}
	}
	return findFeed(ctx, g, added.StreamID)
}

// findFeed lists the subscriptions and returns the one with id.
func findFeed(ctx context.Context, s Service, id string) (Feed, error) {
	feeds, _, err := s.Feeds(ctx)
	if err != nil {
		return Feed{}, err
	}
	for _, f := range feeds {
		if f.ID == id {
			return f, nil
		}
	}
	return Feed{}, fmt.Errorf("subscription %s: %w", quoteShort(id), ErrNotFound)
}

// Unsubscribe removes a subscription (subscription/edit ac=unsubscribe).
func (g *greader) Unsubscribe(ctx context.Context, feedID string) error {
	return g.call(ctx, "unsubscribe", "subscription/edit", nil, url.Values{"ac": {"unsubscribe"}, "s": {feedID}}, capText, nil)
}

// Rename names a subscription (subscription/edit with t).
func (g *greader) Rename(ctx context.Context, feedID, title string) error {
	return g.call(ctx, "rename", "subscription/edit", nil, url.Values{"ac": {"edit"}, "s": {feedID}, "t": {title}}, capText, nil)
}

// Move labels a subscription (subscription/edit with a).
func (g *greader) Move(ctx context.Context, feedID, label string) error {
	return g.call(ctx, "move", "subscription/edit", nil,
		url.Values{"ac": {"edit"}, "s": {feedID}, "a": {labelPrefix + label}}, capText, nil)
}

// PushLimit is the ids one edit-tag carries.
func (g *greader) PushLimit() int { return greaderBatch }

// Push applies one change with edit-tag: a= adds a state, r= removes it.
func (g *greader) Push(ctx context.Context, c Change, itemIDs []string) error {
	form := url.Values{}
	switch c {
	case ChangeRead:
		form.Set("a", stateRead)
	case ChangeUnread:
		form.Set("r", stateRead)
	case ChangeStar:
		form.Set("a", streamStarred)
	case ChangeUnstar:
		form.Set("r", streamStarred)
	default:
		return fmt.Errorf("remote: unknown change %q", c)
	}
	for _, id := range itemIDs {
		form.Add("i", longItemID(id))
	}
	return g.call(ctx, "edit-tag "+string(c), "edit-tag", nil, form, capText, nil)
}

// States reads items' states from their contents.
func (g *greader) States(ctx context.Context, itemIDs []string) (map[string]State, error) {
	out := make(map[string]State, len(itemIDs))
	_, err := g.contents(ctx, itemIDs, func(items []Item) error {
		for _, it := range items {
			out[it.ID] = it.State
		}
		return nil
	})
	return out, err
}

// Pull lists every item id, the unread ones and the starred ones, then
// fetches the contents of the items tidings lacks, oldest first, a batch
// at a time. The lists are the snapshot of the account's state.
func (g *greader) Pull(ctx context.Context, _ string, known func(string) bool, page func([]Item) error) (Pulled, error) {
	all, err := g.ids(ctx, streamReadingList, "")
	if err != nil {
		return Pulled{}, err
	}
	unread, err := g.ids(ctx, streamReadingList, stateRead)
	if err != nil {
		return Pulled{}, err
	}
	starred, err := g.ids(ctx, streamStarred, "")
	if err != nil {
		return Pulled{}, err
	}
	var missing []string
	for id := range all {
		if !known(id) {
			missing = append(missing, id)
		}
	}
	sortIDs(missing)
	refused, err := g.contents(ctx, missing, page)
	if err != nil {
		return Pulled{}, err
	}
	return Pulled{Snapshot: &Snapshot{Unread: unread, Starred: starred}, All: all, Refused: refused}, nil
}

// ids lists a stream's item ids (stream/items/ids), every page of them;
// exclude, when not "", is a state the items must not have (xt). A
// listing holds at most MaxItems ids in at most maxListPages pages; a
// continuation seen before, or a page that brings no new id, ends it with
// ErrTooMuch: a server that never stops is stopped. Ids that break the
// entry rules are left out.
func (g *greader) ids(ctx context.Context, stream, exclude string) (map[string]bool, error) {
	out := map[string]bool{}
	seen := map[string]bool{"": true}
	cont := ""
	for range maxListPages {
		q := url.Values{"s": {stream}, "n": {fmt.Sprint(greaderIDsPage)}}
		if exclude != "" {
			q.Set("xt", exclude)
		}
		if cont != "" {
			q.Set("c", cont)
		}
		var p idsPage
		err := g.call(ctx, "item ids", "stream/items/ids", q, nil, capIDs, func(body io.Reader) (err error) {
			p, err = decodeIDsPage(body, out, g.x.o.MaxItems)
			return err
		})
		if err != nil {
			return nil, err
		}
		if p.next == "" || p.next == "0" || p.refs == 0 {
			return out, nil
		}
		if seen[p.next] || p.added == 0 {
			return nil, g.x.fail(request{op: "item ids"}, 0, tooMuch("the listing repeats itself (continuation %s)", quoteShort(p.next)))
		}
		seen[p.next] = true
		cont = p.next
	}
	return nil, g.x.fail(request{op: "item ids"}, 0, tooMuch("a listing of more than %d pages", maxListPages))
}

// contents fetches items by id (stream/items/contents), a batch at a
// time, and hands them to page. A batch whose answer passes capItems is
// asked again in halves; an item alone over it is left out. It returns
// how many items were left out (too large, breaking the entry rules, or
// not asked for).
func (g *greader) contents(ctx context.Context, ids []string, page func([]Item) error) (int, error) {
	refused := 0
	for start := 0; start < len(ids); start += greaderBatch {
		n, err := g.contentsBatch(ctx, ids[start:min(start+greaderBatch, len(ids))], page)
		if err != nil {
			return refused, err
		}
		refused += n
	}
	return refused, nil
}

func (g *greader) contentsBatch(ctx context.Context, batch []string, page func([]Item) error) (int, error) {
	form := url.Values{}
	asked := make(map[string]bool, len(batch))
	for _, id := range batch {
		form.Add("i", longItemID(id))
		asked[id] = true
	}
	var sinkErr error // the caller's, not the answer's
	refused := 0
	err := g.call(ctx, "item contents", "stream/items/contents", nil, form, capItems, func(body io.Reader) error {
		var err error
		refused, err = decodeGReaderContents(body, asked, func(items []Item) error {
			sinkErr = page(items)
			return sinkErr
		})
		return err
	})
	switch {
	case sinkErr != nil:
		return refused, sinkErr
	case errors.Is(err, errAnswerTooLarge) && len(batch) > 1:
		half := len(batch) / 2
		a, err := g.contentsBatch(ctx, batch[:half], page)
		if err != nil {
			return a, err
		}
		b, err := g.contentsBatch(ctx, batch[half:], page)
		return a + b, err
	case errors.Is(err, errAnswerTooLarge):
		return 1, nil // one item larger than capItems: left out
	}
	return refused, err
}
