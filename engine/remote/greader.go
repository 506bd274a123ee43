package remote

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
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
	// maxPages stops a server whose continuations never end.
	maxPages = 1000
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

func newGReader(o Options) *greader { return &greader{x: exchanger{o: o}} }

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
	body, header := formBody(url.Values{"Email": {g.x.o.User}, "Passwd": {pass}}.Encode())
	text, err := g.x.text(ctx, request{op: "login", method: http.MethodPost,
		url: g.x.o.URL + "/accounts/ClientLogin", body: body, header: header})
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Auth="); ok && v != "" {
			g.auth = v
			return v, nil
		}
	}
	return "", &Error{URL: g.x.o.URL, Op: "login", Err: errors.New("the server gave no Auth token")}
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
	text, err := g.x.text(ctx, request{op: "token", method: http.MethodGet,
		url: g.x.o.URL + "/reader/api/0/token", header: g.authHeader(auth)})
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.post = strings.TrimSpace(text)
	return g.post, nil
}

func (g *greader) authHeader(auth string) http.Header {
	return http.Header{"Authorization": {"GoogleLogin auth=" + auth}}
}

// call makes one API request (GET with query, or POST with form) and
// decodes its JSON answer into out, or returns its text when out is nil.
// A refused token is forgotten and the call made once more after a new
// login.
func (g *greader) call(ctx context.Context, op, path string, query, form url.Values, out any) (string, error) {
	for attempt := 0; ; attempt++ {
		auth, err := g.login(ctx)
		if err != nil {
			return "", err
		}
		text, err := g.callWith(ctx, auth, op, path, query, form, out)
		if errors.Is(err, ErrLoginRefused) && attempt == 0 {
			g.forget(auth)
			continue
		}
		return text, err
	}
}

func (g *greader) callWith(ctx context.Context, auth, op, path string, query, form url.Values, out any) (string, error) {
	q := url.Values{"output": {"json"}}
	for k, v := range query {
		q[k] = v
	}
	r := request{op: op, method: http.MethodGet, url: g.x.o.URL + "/reader/api/0/" + path + "?" + q.Encode(),
		header: g.authHeader(auth)}
	if form != nil {
		t, err := g.actionToken(ctx, auth)
		if err != nil {
			return "", err
		}
		f := url.Values{"T": {t}}
		for k, v := range form {
			f[k] = v
		}
		body, h := formBody(f.Encode())
		r.method, r.body = http.MethodPost, body
		r.header.Set("Content-Type", h.Get("Content-Type"))
	}
	if out == nil {
		return g.x.text(ctx, r)
	}
	_, err := g.x.json(ctx, r, out)
	return "", err
}

// Feeds lists the subscriptions (subscription/list).
func (g *greader) Feeds(ctx context.Context) ([]Feed, error) {
	var list struct {
		Subscriptions []struct {
			ID         string `json:"id"`
			Title      string `json:"title"`
			URL        string `json:"url"`
			HTMLURL    string `json:"htmlUrl"`
			Categories []struct {
				ID    string `json:"id"`
				Label string `json:"label"`
			} `json:"categories"`
		} `json:"subscriptions"`
	}
	if _, err := g.call(ctx, "subscription list", "subscription/list", nil, nil, &list); err != nil {
		return nil, err
	}
	out := make([]Feed, 0, len(list.Subscriptions))
	for _, s := range list.Subscriptions {
		f := Feed{ID: s.ID, URL: s.URL, Title: unescapeName(s.Title), SiteURL: s.HTMLURL}
		for _, c := range s.Categories {
			if l := labelOf(c.ID, c.Label); l != "" {
				f.Label = l
				break
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// labelOf is a category's label: its label, else the name after
// "user/…/label/" in its id.
func labelOf(id, label string) string {
	if label != "" {
		return label
	}
	if i := strings.Index(id, "/label/"); i >= 0 && strings.HasPrefix(id, "user/") {
		return id[i+len("/label/"):]
	}
	return ""
}

// Subscribe adds a subscription with quickadd (the server finds the feed
// a page announces), then names and labels it with subscription/edit.
func (g *greader) Subscribe(ctx context.Context, rawURL, title, label string) (Feed, error) {
	var added struct {
		NumResults int    `json:"numResults"`
		StreamID   string `json:"streamId"`
		Error      string `json:"error"`
	}
	if _, err := g.call(ctx, "subscribe", "subscription/quickadd", nil, url.Values{"quickadd": {rawURL}}, &added); err != nil {
		return Feed{}, err
	}
	if added.NumResults == 0 || added.StreamID == "" {
		why := cleanMessage(added.Error)
		if why == "" {
			why = "no feed found there"
		}
		return Feed{}, &Error{URL: g.x.o.URL, Op: "subscribe " + rawURL, Err: errors.New(why)}
	}
	if title != "" || label != "" {
		form := url.Values{"ac": {"edit"}, "s": {added.StreamID}}
		if title != "" {
			form.Set("t", title)
		}
		if label != "" {
			form.Set("a", labelPrefix+label)
		}
		if _, err := g.call(ctx, "subscription edit", "subscription/edit", nil, form, nil); err != nil {
			return Feed{}, err
		}
	}
	return findFeed(ctx, g, added.StreamID)
}

// findFeed lists the subscriptions and returns the one with id.
func findFeed(ctx context.Context, s Service, id string) (Feed, error) {
	feeds, err := s.Feeds(ctx)
	if err != nil {
		return Feed{}, err
	}
	for _, f := range feeds {
		if f.ID == id {
			return f, nil
		}
	}
	return Feed{}, fmt.Errorf("subscription %s: %w", id, ErrNotFound)
}

// Unsubscribe removes a subscription (subscription/edit ac=unsubscribe).
func (g *greader) Unsubscribe(ctx context.Context, feedID string) error {
	_, err := g.call(ctx, "unsubscribe", "subscription/edit", nil, url.Values{"ac": {"unsubscribe"}, "s": {feedID}}, nil)
	return err
}

// Rename names a subscription (subscription/edit with t).
func (g *greader) Rename(ctx context.Context, feedID, title string) error {
	_, err := g.call(ctx, "rename", "subscription/edit", nil, url.Values{"ac": {"edit"}, "s": {feedID}, "t": {title}}, nil)
	return err
}

// Move labels a subscription (subscription/edit with a).
func (g *greader) Move(ctx context.Context, feedID, label string) error {
	_, err := g.call(ctx, "move", "subscription/edit", nil,
		url.Values{"ac": {"edit"}, "s": {feedID}, "a": {labelPrefix + label}}, nil)
	return err
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
	_, err := g.call(ctx, "edit-tag "+string(c), "edit-tag", nil, form, nil)
	return err
}

// States reads items' states from their contents.
func (g *greader) States(ctx context.Context, itemIDs []string) (map[string]State, error) {
	out := make(map[string]State, len(itemIDs))
	err := g.contents(ctx, itemIDs, func(items []Item) error {
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
	for _, id := range all {
		if !known(id) {
			missing = append(missing, id)
		}
	}
	sortIDs(missing)
	if err := g.contents(ctx, missing, page); err != nil {
		return Pulled{}, err
	}
	return Pulled{Snapshot: &Snapshot{Unread: set(unread), Starred: set(starred)}, All: set(all)}, nil
}

// ids lists a stream's item ids (stream/items/ids), every page of them;
// exclude, when not "", is a state the items must not have (xt).
func (g *greader) ids(ctx context.Context, stream, exclude string) ([]string, error) {
	var out []string
	cont := ""
	for range maxPages {
		q := url.Values{"s": {stream}, "n": {fmt.Sprint(greaderIDsPage)}}
		if exclude != "" {
			q.Set("xt", exclude)
		}
		if cont != "" {
			q.Set("c", cont)
		}
		var page struct {
			ItemRefs []struct {
				ID string `json:"id"`
			} `json:"itemRefs"`
			Continuation flexString `json:"continuation"`
		}
		if _, err := g.call(ctx, "item ids", "stream/items/ids", q, nil, &page); err != nil {
			return nil, err
		}
		for _, r := range page.ItemRefs {
			out = append(out, normalizeItemID(r.ID))
		}
		next := string(page.Continuation)
		if next == "" || next == "0" || next == cont || len(page.ItemRefs) == 0 {
			return out, nil
		}
		cont = next
	}
	return out, nil
}

// contents fetches items by id (stream/items/contents), a batch at a time,
// and hands each batch to page.
func (g *greader) contents(ctx context.Context, ids []string, page func([]Item) error) error {
	for start := 0; start < len(ids); start += greaderBatch {
		batch := ids[start:min(start+greaderBatch, len(ids))]
		form := url.Values{}
		for _, id := range batch {
			form.Add("i", longItemID(id))
		}
		var got grContents
		if _, err := g.call(ctx, "item contents", "stream/items/contents", nil, form, &got); err != nil {
			return err
		}
		if err := page(got.items()); err != nil {
			return err
		}
	}
	return nil
}

// set makes a set of ids.
func set(ids []string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
