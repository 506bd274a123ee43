package remote

import (
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

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

const (
	// minifluxPage is how many entries one /v1/entries request asks for
	// (Miniflux's maximum); fewer when a page passes capItems.
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

func newMiniflux(o Options, origin weburl.URL) *miniflux {
	return &miniflux{x: newExchanger(o, origin)}
}

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
// and hands the answer, at most limit bytes, to decode (nil: read and
// dropped).
func (m *miniflux) api(ctx context.Context, op, method, path string, in any, limit int64, decode func(io.Reader) error) (*http.Response, error) {
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
		r.body = string(b)
		header.Set("Content-Type", "application/json")
	}
	if decode == nil {
		decode = func(body io.Reader) error { _, err := io.Copy(io.Discard, body); return err }
	}
	return m.x.read(ctx, r, limit, decode)
}

// Feeds lists the subscriptions (GET /v1/feeds).
func (m *miniflux) Feeds(ctx context.Context) ([]Feed, []string, error) {
	var feeds []Feed
	var refused []string
	_, err := m.api(ctx, "feeds", http.MethodGet, "feeds", nil, capList, func(body io.Reader) (err error) {
		feeds, refused, err = decodeMinifluxFeeds(body)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return feeds, refused, nil
}

// category returns the id of the category titled label, creating it when
// the server has none.
func (m *miniflux) category(ctx context.Context, label string) (int64, error) {
	var found int64
	_, err := m.api(ctx, "categories", http.MethodGet, "categories", nil, capList, func(body io.Reader) error {
		return decodeArray(json.NewDecoder(body), maxFeeds, "categories", func(dec *json.Decoder) error {
			var c mfCategory
			if err := dec.Decode(&c); err != nil {
				return err
			}
			if id, ok := positiveID(c.ID); ok && found == 0 && cleanName(string(c.Title)) == label {
				found = id
			}
			return nil
		})
	})
	if err != nil || found != 0 {
		return found, err
	}
	return m.created(ctx, "create category", "categories", map[string]string{"title": label}, "id")
}

// created makes a POST that creates something and returns the id the
// answer gives under key.
func (m *miniflux) created(ctx context.Context, op, path string, in any, key string) (int64, error) {
	var raw map[string]flexString
	_, err := m.api(ctx, op, http.MethodPost, path, in, capText, func(body io.Reader) error {
		return json.NewDecoder(body).Decode(&raw)
	})
	if err != nil {
		return 0, err
	}
	id, ok := positiveID(raw[key])
	if !ok {
		return 0, m.x.fail(request{op: op}, 0, fmt.Errorf("the server gave no %s", key))
	}
	return id, nil
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
		if derr != nil || found.IsZero() {
			return Feed{}, err
		}
		id, err = m.create(ctx, found.String(), catID)
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
	return m.created(ctx, "subscribe "+rawURL, "feeds", in, "feed_id")
}

// discover asks the server for the first feed a page announces that is a
// web URL.
func (m *miniflux) discover(ctx context.Context, rawURL string) (weburl.URL, error) {
	var found weburl.URL
	_, err := m.api(ctx, "discover "+rawURL, http.MethodPost, "discover", map[string]string{"url": rawURL}, capList,
		func(body io.Reader) error {
			return decodeArray(json.NewDecoder(body), maxFeeds, "feeds found", func(dec *json.Decoder) error {
				var f struct {
					URL text `json:"url"`
				}
				if err := dec.Decode(&f); err != nil {
					return err
				}
				if u, err := weburl.Parse(string(f.URL)); err == nil && found.IsZero() {
					found = u
				}
				return nil
			})
		})
	return found, err
}

// Unsubscribe removes a feed (DELETE /v1/feeds/ID).
func (m *miniflux) Unsubscribe(ctx context.Context, feedID string) error {
	_, err := m.api(ctx, "unsubscribe", http.MethodDelete, "feeds/"+url.PathEscape(feedID), nil, capText, nil)
	return err
}

// Rename names a feed (PUT /v1/feeds/ID).
func (m *miniflux) Rename(ctx context.Context, feedID, title string) error {
	_, err := m.api(ctx, "rename", http.MethodPut, "feeds/"+url.PathEscape(feedID), map[string]string{"title": title}, capList, nil)
	return err
}

// Move puts a feed in the category titled label, made when missing.
func (m *miniflux) Move(ctx context.Context, feedID, label string) error {
	catID, err := m.category(ctx, label)
	if err != nil {
		return err
	}
	_, err = m.api(ctx, "move", http.MethodPut, "feeds/"+url.PathEscape(feedID), map[string]int64{"category_id": catID}, capList, nil)
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
	_, err := m.api(ctx, "entries "+string(c), http.MethodPut, "entries", in, capText, nil)
	return err
}
