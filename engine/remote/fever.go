package remote

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

const (
	// feverPage is the most items one Fever items call brings (both
	// servers' cap): a page with fewer ends the listing.
	feverPage = 50
	// feverMaxPage bounds a page a server sends, whatever it claims.
	feverMaxPage = 1000
	// feverPush is how many items one Push marks, one request each.
	feverPush = 50
)

// fever speaks the Fever API: every call a POST of api_key (md5 of
// "user:password") to {URL}?api&<member>, the member and its arguments in
// the query string (Miniflux reads them there only, and answers only the
// first member of a request). Fever reads, marks and stars; it neither
// subscribes nor unsubscribes, renames nor moves: those fail with
// ErrUnsupported. Item ids are decimals, kept as the server gives them.
type fever struct {
	x exchanger
	// endpoint is the configured URL as given: Miniflux answers at
	// /fever/ and redirects /fever there.
	endpoint string
	mu       sync.Mutex
	key      string
}

func newFever(o Options, origin weburl.URL) *fever {
	o.URL = origin.String() // its errors name the endpoint as configured
	return &fever{x: newExchanger(o, origin), endpoint: o.URL}
}

// apiKey returns md5("user:password") in hex, reading the password once;
// the key is a secret as the password is.
func (f *fever) apiKey(ctx context.Context) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.key != "" {
		return f.key, nil
	}
	pass, err := f.x.secret(ctx)
	if err != nil {
		return "", err
	}
	sum := md5.Sum([]byte(f.x.o.User + ":" + pass))
	f.key = hex.EncodeToString(sum[:])
	f.x.secrets.add("", f.key)
	return f.key, nil
}

// call makes one Fever request for member ("" for a mark) with query and hands the
// answer's members to fields. The answer must say auth 1 before any other
// member is read; auth 0 is ErrLoginRefused.
func (f *fever) call(ctx context.Context, member string, query url.Values, limit int64, fields map[string]func(*json.Decoder) error) error {
	key, err := f.apiKey(ctx)
	if err != nil {
		return err
	}
	sep := "?"
	if strings.Contains(f.endpoint, "?") {
		sep = "&"
	}
	u := f.endpoint + sep + "api"
	if member != "" {
		u += "&" + member
	}
	if len(query) > 0 {
		u += "&" + query.Encode()
	}
	op := member
	if m := query.Get("mark"); m != "" {
		op = "mark " + m + " as " + query.Get("as")
	}
	r := request{op: op, method: http.MethodPost, url: u, body: url.Values{"api_key": {key}}.Encode(), header: formHeader()}
	authed, authSeen := false, false
	guarded := map[string]func(*json.Decoder) error{
		"auth": func(dec *json.Decoder) error {
			var a flexString
			if err := dec.Decode(&a); err != nil {
				return err
			}
			authed, authSeen = a == "1", true
			return nil
		},
	}
	for k, read := range fields {
		guarded[k] = func(dec *json.Decoder) error {
			if !authSeen {
				return fmt.Errorf("%w: %s before auth", errNotJSON, k)
			}
			if !authed {
				return skipValue(dec)
			}
			return read(dec)
		}
	}
	_, err = f.x.read(ctx, r, limit, func(body io.Reader) error { return decodeObject(body, guarded) })
	if err != nil {
		return err
	}
	if !authed {
		return f.x.fail(r, 0, ErrLoginRefused)
	}
	return nil
}

// feverID reads a Fever id: a decimal above 0, as the server wrote it
// (FreshRSS: 16 digits in a string; Miniflux: a number).
func feverID(s flexString) (string, uint64, bool) {
	n, err := strconv.ParseUint(strings.TrimSpace(string(s)), 10, 64)
	if err != nil || n == 0 {
		return "", 0, false
	}
	return strconv.FormatUint(n, 10), n, true
}

// Feeds lists the groups, then the feeds (two requests: Miniflux answers
// one member a request); a feed's label is its first group's title.
func (f *fever) Feeds(ctx context.Context) ([]Feed, []string, error) {
	groups := map[string]string{}
	groupOf := map[string]string{}
	err := f.call(ctx, "groups", nil, capList, map[string]func(*json.Decoder) error{
		"groups": func(dec *json.Decoder) error { return decodeFeverGroups(dec, groups) },
		"feeds_groups": func(dec *json.Decoder) error {
			return decodeFeedsGroups(dec, groupOf)
		},
	})
	if err != nil {
		return nil, nil, err
	}
	var feeds []Feed
	var refused []string
	err = f.call(ctx, "feeds", nil, capList, map[string]func(*json.Decoder) error{
		"feeds": func(dec *json.Decoder) (err error) {
			feeds, refused, err = decodeFeverFeeds(dec, func(id string) string { return groups[groupOf[id]] })
			return err
		},
	})
	if err != nil {
		return nil, nil, err
	}
	return feeds, refused, nil
}

// Subscribe fails: Fever subscribes to nothing.
func (f *fever) Subscribe(_ context.Context, rawURL, _, _ string) (Feed, error) {
	return Feed{}, f.x.fail(request{op: "subscribe " + rawURL}, 0, fmt.Errorf("%w: Fever cannot subscribe", ErrUnsupported))
}

// Unsubscribe fails: Fever unsubscribes from nothing.
func (f *fever) Unsubscribe(context.Context, string) error {
	return f.x.fail(request{op: "unsubscribe"}, 0, fmt.Errorf("%w: Fever cannot unsubscribe: unsubscribe on the server", ErrUnsupported))
}

// Rename fails: Fever names nothing.
func (f *fever) Rename(context.Context, string, string) error {
	return f.x.fail(request{op: "rename"}, 0, fmt.Errorf("%w: Fever cannot rename a feed: rename it on the server", ErrUnsupported))
}

// Move fails: Fever moves nothing.
func (f *fever) Move(context.Context, string, string) error {
	return f.x.fail(request{op: "move"}, 0, fmt.Errorf("%w: Fever cannot move a feed: move it on the server", ErrUnsupported))
}

// PushLimit is the items one Push marks.
func (f *fever) PushLimit() int { return feverPush }

// Push marks items one request each (mark=item). Stars are sent only for
// the items whose star differs on the server: Miniflux's as=saved and
// as=unsaved both toggle it.
func (f *fever) Push(ctx context.Context, c Change, itemIDs []string) error {
	var as string
	switch c {
	case ChangeRead, ChangeUnread:
		as = string(c)
	case ChangeStar:
		as = "saved"
	case ChangeUnstar:
		as = "unsaved"
	default:
		return fmt.Errorf("remote: unknown change %q", c)
	}
	var saved map[string]bool
	if c == ChangeStar || c == ChangeUnstar {
		var err error
		if saved, err = f.idList(ctx, "saved_item_ids"); err != nil {
			return err
		}
	}
	for _, raw := range itemIDs {
		id, _, ok := feverID(flexString(raw))
		if !ok || saved != nil && saved[id] == (c == ChangeStar) {
			continue
		}
		q := url.Values{"mark": {"item"}, "as": {as}, "id": {id}}
		if err := f.call(ctx, "", q, capIDs, nil); err != nil {
			return err
		}
	}
	return nil
}

// States reads the unread and the saved ids; an item in neither is read
// and not starred (Fever cannot tell an item it no longer has).
func (f *fever) States(ctx context.Context, itemIDs []string) (map[string]State, error) {
	unread, err := f.idList(ctx, "unread_item_ids")
	if err != nil {
		return nil, err
	}
	saved, err := f.idList(ctx, "saved_item_ids")
	if err != nil {
		return nil, err
	}
	out := make(map[string]State, len(itemIDs))
	for _, raw := range itemIDs {
		if id, _, ok := feverID(flexString(raw)); ok {
			out[id] = State{Read: !unread[id], Starred: saved[id]}
		}
	}
	return out, nil
}

// idList reads unread_item_ids or saved_item_ids: at most MaxItems ids.
func (f *fever) idList(ctx context.Context, member string) (map[string]bool, error) {
	out := map[string]bool{}
	err := f.call(ctx, member, nil, capIDs, map[string]func(*json.Decoder) error{
		member: func(dec *json.Decoder) error { return decodeFeverIDList(dec, out, f.x.o.MaxItems) },
	})
	return out, err
}

// Pull pages through the items after the cursor (the highest id seen;
// every item on the first pull), ascending by id, then reads the unread
// and saved ids: the snapshot of the account's state. Every page must
// move forward, and a pull brings at most MaxItems items.
func (f *fever) Pull(ctx context.Context, cursor string, known func(string) bool, page func([]Item) error) (Pulled, error) {
	_, since, _ := feverID(flexString(cursor))
	last, total, refused := since, 0, 0
	for pages := 0; ; pages++ {
		if pages > f.x.o.MaxItems/feverPage+maxListPages {
			return Pulled{}, f.x.fail(request{op: "items"}, 0, tooMuch("a listing of too many pages"))
		}
		var items []Item
		n, next := 0, last
		err := f.call(ctx, "items", url.Values{"since_id": {strconv.FormatUint(last, 10)}}, capItems,
			map[string]func(*json.Decoder) error{
				"items": func(dec *json.Decoder) error {
					return decodeFeverItems(dec, func(it Item, id uint64, err error) error {
						n++
						if err != nil {
							refused++
							return nil
						}
						if id <= last {
							return tooMuch("an item (%d) not after the one asked (%d)", id, last)
						}
						next = max(next, id)
						if !known(it.ID) {
							items = append(items, it)
						}
						return nil
					})
				},
			})
		if err != nil {
			return Pulled{}, err
		}
		if total += n; total > f.x.o.MaxItems {
			return Pulled{}, f.x.fail(request{op: "items"}, 0, tooMuch("more than %d items (remote.max_listed_items)", f.x.o.MaxItems))
		}
		if len(items) > 0 {
			if err := page(items); err != nil {
				return Pulled{}, err
			}
		}
		if n < feverPage || next == last {
			last = next
			break
		}
		last = next
	}
	unread, err := f.idList(ctx, "unread_item_ids")
	if err != nil {
		return Pulled{}, err
	}
	saved, err := f.idList(ctx, "saved_item_ids")
	if err != nil {
		return Pulled{}, err
	}
	return Pulled{Cursor: strconv.FormatUint(last, 10), Snapshot: &Snapshot{Unread: unread, Starred: saved}, Refused: refused}, nil
}
