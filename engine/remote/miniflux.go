package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

const (
	// minifluxPage is how many entries one /v1/entries request asks for
	// (Miniflux's maximum).
	minifluxPage = 1000
	// minifluxPush is how many entry ids one PUT /v1/entries carries.
	minifluxPush = 1000
	// cursorOverlap is how far before the server's clock of the last pull
	// the next one starts again: an entry written by a transaction still
	// open during a pull carries a changed_at before its commit.
	cursorOverlap = 30 * time.Second
)

// miniflux speaks Miniflux's own REST API (/v1) with HTTP basic auth or
// an API key (X-Auth-Token). Its entries carry a changed_at, so a pull
// asks only for what changed since the last one.
type miniflux struct {
	x  exchanger
	mu sync.Mutex
	// pass is the password once read (password_command runs once).
	pass string
}

func newMiniflux(o Options) *miniflux { return &miniflux{x: exchanger{o: o}} }

// auth returns the header that authenticates a request.
func (m *miniflux) auth(ctx context.Context) (http.Header, error) {
	if m.x.o.Token != "" {
		return http.Header{"X-Auth-Token": {m.x.o.Token}}, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pass == "" {
		p, err := m.x.secret(ctx)
		if err != nil {
			return nil, err
		}
		m.pass = p
	}
	req := http.Request{Header: http.Header{}}
	req.SetBasicAuth(m.x.o.User, m.pass)
	return req.Header, nil
}

// api makes one request to /v1/path with a JSON body (when in is not nil)
// and decodes the JSON answer into out (when not nil).
func (m *miniflux) api(ctx context.Context, op, method, path string, in, out any) (*http.Response, error) {
	header, err := m.auth(ctx)
	if err != nil {
		return nil, err
	}
	r := request{op: op, method: method, url: m.x.o.URL + "/v1/" + path, header: header}
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		r.body = bytes.NewReader(b)
		header.Set("Content-Type", "application/json")
	}
	if out != nil {
		return m.x.json(ctx, r, out)
	}
	resp, err := m.x.send(ctx, r)
	if err != nil {
		return nil, err
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	return resp, nil
}

// stream makes a GET of /v1/path and hands its body to read.
func (m *miniflux) stream(ctx context.Context, op, path string, read func(io.Reader) error) (*http.Response, error) {
	header, err := m.auth(ctx)
	if err != nil {
		return nil, err
	}
	resp, err := m.x.send(ctx, request{op: op, method: http.MethodGet, url: m.x.o.URL + "/v1/" + path, header: header})
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if err := read(io.LimitReader(resp.Body, maxResponseBytes)); err != nil {
		return resp, &Error{URL: m.x.o.URL, Op: op, Status: resp.StatusCode, Err: fmt.Errorf("unreadable answer: %w", err)}
	}
	return resp, nil
}

// mfFeed is a feed of /v1/feeds.
type mfFeed struct {
	ID       int64  `json:"id"`
	FeedURL  string `json:"feed_url"`
	SiteURL  string `json:"site_url"`
	Title    string `json:"title"`
	Category struct {
		ID    int64  `json:"id"`
		Title string `json:"title"`
	} `json:"category"`
}

// Feeds lists the subscriptions (GET /v1/feeds).
func (m *miniflux) Feeds(ctx context.Context) ([]Feed, error) {
	var feeds []mfFeed
	if _, err := m.api(ctx, "feeds", http.MethodGet, "feeds", nil, &feeds); err != nil {
		return nil, err
	}
	out := make([]Feed, 0, len(feeds))
	for _, f := range feeds {
		out = append(out, Feed{ID: strconv.FormatInt(f.ID, 10), URL: f.FeedURL, Title: f.Title,
			SiteURL: f.SiteURL, Label: f.Category.Title})
	}
	return out, nil
}

// category returns the id of the category titled label, creating it when
// the server has none.
func (m *miniflux) category(ctx context.Context, label string) (int64, error) {
	var cats []struct {
		ID    int64  `json:"id"`
		Title string `json:"title"`
	}
	if _, err := m.api(ctx, "categories", http.MethodGet, "categories", nil, &cats); err != nil {
		return 0, err
	}
	for _, c := range cats {
		if c.Title == label {
			return c.ID, nil
		}
	}
	var made struct {
		ID int64 `json:"id"`
	}
	_, err := m.api(ctx, "create category", http.MethodPost, "categories", map[string]string{"title": label}, &made)
	return made.ID, err
}

// Subscribe creates the feed (POST /v1/feeds); when the URL is not a feed
// the server is asked to discover the feeds the page announces and the
// first is taken. A title is set afterwards (PUT /v1/feeds/ID).
func (m *miniflux) Subscribe(ctx context.Context, rawURL, title, label string) (Feed, error) {
	var catID int64
	if label != "" {
		var err error
		if catID, err = m.category(ctx, label); err != nil {
			return Feed{}, err
		}
	}
	id, err := m.create(ctx, rawURL, catID)
	if err != nil && !errors.Is(err, ErrLoginRefused) {
		found, derr := m.discover(ctx, rawURL)
		if derr != nil || found == "" {
			return Feed{}, err
		}
		id, err = m.create(ctx, found, catID)
	}
	if err != nil {
		return Feed{}, err
	}
	sid := strconv.FormatInt(id, 10)
	if title != "" {
		if err := m.Rename(ctx, sid, title); err != nil {
			return Feed{}, err
		}
	}
	return findFeed(ctx, m, sid)
}

func (m *miniflux) create(ctx context.Context, rawURL string, catID int64) (int64, error) {
	in := map[string]any{"feed_url": rawURL}
	if catID != 0 {
		in["category_id"] = catID
	}
	var out struct {
		FeedID int64 `json:"feed_id"`
	}
	_, err := m.api(ctx, "subscribe "+rawURL, http.MethodPost, "feeds", in, &out)
	return out.FeedID, err
}

// discover asks the server for the first feed a page announces.
func (m *miniflux) discover(ctx context.Context, rawURL string) (string, error) {
	var found []struct {
		URL string `json:"url"`
	}
	if _, err := m.api(ctx, "discover "+rawURL, http.MethodPost, "discover", map[string]string{"url": rawURL}, &found); err != nil {
		return "", err
	}
	if len(found) == 0 {
		return "", nil
	}
	return found[0].URL, nil
}

// Unsubscribe removes a feed (DELETE /v1/feeds/ID).
func (m *miniflux) Unsubscribe(ctx context.Context, feedID string) error {
	_, err := m.api(ctx, "unsubscribe", http.MethodDelete, "feeds/"+url.PathEscape(feedID), nil, nil)
	return err
}

// Rename names a feed (PUT /v1/feeds/ID).
func (m *miniflux) Rename(ctx context.Context, feedID, title string) error {
	_, err := m.api(ctx, "rename", http.MethodPut, "feeds/"+url.PathEscape(feedID), map[string]string{"title": title}, &struct{}{})
	return err
}

// Move puts a feed in the category titled label, made when missing.
func (m *miniflux) Move(ctx context.Context, feedID, label string) error {
	catID, err := m.category(ctx, label)
	if err != nil {
		return err
	}
	_, err = m.api(ctx, "move", http.MethodPut, "feeds/"+url.PathEscape(feedID), map[string]int64{"category_id": catID}, &struct{}{})
	return err
}

// PushLimit is the ids one PUT /v1/entries carries.
func (m *miniflux) PushLimit() int { return minifluxPush }

// Push sets the status or the starred flag of entries (PUT /v1/entries).
func (m *miniflux) Push(ctx context.Context, c Change, itemIDs []string) error {
	ids := make([]int64, 0, len(itemIDs))
	for _, s := range itemIDs {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			continue // not an entry of this server: nothing to push
		}
		ids = append(ids, n)
	}
	if len(ids) == 0 {
		return nil
	}
	in := map[string]any{"entry_ids": ids}
	switch c {
	case ChangeRead, ChangeUnread:
		in["status"] = string(c)
	case ChangeStar, ChangeUnstar:
		in["starred"] = c == ChangeStar
	default:
		return fmt.Errorf("remote: unknown change %q", c)
	}
	_, err := m.api(ctx, "entries "+string(c), http.MethodPut, "entries", in, nil)
	return err
}
