// Package remote speaks to the feed-sync servers people already run so
// that several machines share one reading state: the subset of the Google
// Reader API that FreshRSS and Miniflux answer (greader.go), Miniflux's
// own REST API (miniflux.go), Tiny Tiny RSS's JSON API (ttrss.go) and the
// Fever API of FreshRSS and Miniflux (fever.go). Each protocol is one
// implementation of Service, registered in protocols; another is one more
// file and one line there.
//
// A Service only exchanges with the server — through the caller's HTTP
// door (engine/fetch) — and turns its answers into plain values; the
// engine decides what to store. Its items are engine/document's values;
// it imports neither the store nor SQLite.
//
// The server is not trusted. Every value it sends passes the entry rules
// in the decoders (entry.go): ids are checked before they are used or
// returned, addresses are weburl.URLs, names plain text of bounded length;
// every answer, page and listing is bounded (limits.go); credentials go
// to the account's origin only, never along a redirect elsewhere; and the
// server's messages are scrubbed of every secret before they reach an
// error (scrub.go).
package remote

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The protocols, as written in the configuration's remote.type.
const (
	TypeGReader  = "greader"
	TypeMiniflux = "miniflux"
	TypeTTRSS    = "ttrss"
	TypeFever    = "fever"
)

// protocols opens each protocol's Service; origin is the configured URL
// as given (a trailing slash kept), o.URL the same without it.
var protocols = map[string]func(o Options, origin weburl.URL) Service{
	TypeGReader:  func(o Options, origin weburl.URL) Service { return newGReader(o, origin) },
	TypeMiniflux: func(o Options, origin weburl.URL) Service { return newMiniflux(o, origin) },
	TypeTTRSS:    func(o Options, origin weburl.URL) Service { return newTTRSS(o, origin) },
	TypeFever:    func(o Options, origin weburl.URL) Service { return newFever(o, origin) },
}

// Types lists the protocols New opens, sorted.
func Types() []string {
	out := make([]string, 0, len(protocols))
	for t := range protocols {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// ErrUnsupported means the account's protocol cannot do what was asked:
// Fever subscribes to nothing, TT-RSS's API renames and moves nothing.
// Subscribe failing with it lets the caller subscribe here instead.
var ErrUnsupported = errors.New("not possible through this protocol")

// Service is one account on a feed-sync server.
type Service interface {
	// Feeds lists the account's subscriptions with their labels; refused
	// says, a line each, which subscriptions broke the entry rules and
	// were left out.
	Feeds(ctx context.Context) (feeds []Feed, refused []string, err error)
	// Subscribe subscribes the account to a feed (or the feed a page
	// announces, when the server finds it), under label when not "", named
	// title when not "". A protocol that cannot subscribe fails with
	// ErrUnsupported (and so do Unsubscribe, Rename and Move when it
	// cannot do them).
	Subscribe(ctx context.Context, url, title, label string) (Feed, error)
	// Unsubscribe removes a subscription.
	Unsubscribe(ctx context.Context, feedID string) error
	// Rename names a subscription.
	Rename(ctx context.Context, feedID, title string) error
	// Move puts a subscription under another label.
	Move(ctx context.Context, feedID, label string) error
	// PushLimit is how many item ids one Push may carry.
	PushLimit() int
	// Push applies one change to items (at most PushLimit ids).
	Push(ctx context.Context, c Change, itemIDs []string) error
	// States returns the read and starred state of items, for changes
	// whose push was never acknowledged. Items the server no longer has
	// are absent.
	States(ctx context.Context, itemIDs []string) (map[string]State, error)
	// Pull sends the server's items that tidings lacks (or, for protocols
	// that report changes, that changed since cursor) to page, a page at a
	// time; known reports whether tidings holds an item already. It returns
	// the cursor to give the next pull and, for protocols that list the
	// whole state, the read and starred sets.
	Pull(ctx context.Context, cursor string, known func(itemID string) bool, page func([]Item) error) (Pulled, error)
}

// Feed is a subscription of the account, as the entry rules let it in.
type Feed struct {
	// ID is the server's id of the subscription ("feed/12" or "12"):
	// printable ASCII.
	ID  string
	URL weburl.URL
	// Title is plain text, at most 1 KiB; "" when the server gave none.
	Title string
	// SiteURL is the zero URL when the server gave none it could give.
	SiteURL weburl.URL
	// Label is the subscription's label (category) on the server, plain
	// text.
	Label string
}

// Item is one entry the server holds.
type Item struct {
	// ID is the server's id of the item, in one normalized form:
	// printable ASCII, at most 256 bytes.
	ID string
	// FeedID is the server's id of the item's subscription (checked as
	// Feed.ID).
	FeedID string
	// Doc is the item as tidings stores it, its Key set from ID, its
	// title and author plain text, its date in range; its HTML and links
	// are not yet sanitized (feed.Clean does that, as for a feed's items).
	Doc   document.Item
	State State
}

// State is an item's read and starred state on the server.
type State struct {
	Read, Starred bool
}

// Change is one kind of state change pushed to the server.
type Change string

// The changes tidings pushes.
const (
	ChangeRead   Change = "read"
	ChangeUnread Change = "unread"
	ChangeStar   Change = "star"
	ChangeUnstar Change = "unstar"
)

// Pulled is what a pull learnt besides the items it sent.
type Pulled struct {
	// Cursor is given to the next pull.
	Cursor string
	// Snapshot, when not nil, is the whole read and starred state of the
	// account (protocols that list it); nil when the items sent carried
	// every change (protocols that report changes).
	Snapshot *Snapshot
	// All, when not nil, holds the id of every item the server has (to
	// forget purged items it no longer has).
	All map[string]bool
	// Refused counts the items the server sent that the entry rules left
	// out (an id that is not one, an item not asked for, one too large).
	Refused int
}

// Snapshot is the whole read and starred state of the account: the ids
// of its unread items and of its starred ones.
type Snapshot struct {
	Unread, Starred map[string]bool
	// UnreadFeeds, when not nil, are the only subscriptions (by id) whose
	// read state Unread gives: the items of the others keep theirs (a
	// protocol that listed the unread items of some subscriptions only).
	UnreadFeeds map[string]bool
	// NoStarred means Starred was not listed: every item keeps its star.
	NoStarred bool
}

// Held is an item of the account that tidings holds, with its state
// there.
type Held struct {
	// FeedID is the server's id of the item's subscription.
	FeedID string
	State  State
}

// Keeper keeps, for one account, what its protocol remembers between
// runs, by name. Values may be secrets (TT-RSS's session id opens the
// account as the password does): a Keeper stores them where the
// account's other state is and never prints them.
type Keeper interface {
	// Kept returns the value kept under name, "" when none.
	Kept(ctx context.Context, name string) (string, error)
	// Keep keeps value under name; "" forgets it.
	Keep(ctx context.Context, name, value string) error
}

// ItemKey is the key under which tidings stores a remote item
// (document.Item.Key).
func ItemKey(itemID string) string { return document.RemoteKey(itemID) }

// Doer sends one request; the engine's fetch.Client is one (every
// request goes through its door). The caller closes the response body.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Options configure a Service.
type Options struct {
	// Type is one of Types().
	Type string
	// URL is the API root (greader: {URL}/accounts/ClientLogin,
	// {URL}/reader/api/0/…), the base URL (miniflux: {URL}/v1/…; ttrss:
	// {URL}/api/) or the Fever endpoint itself (fever: {URL}?api).
	URL string
	// User names the account.
	User string
	// Secret returns the password (running password_command, say); it is
	// called when a login needs it and its result never leaves the
	// Service.
	Secret func(ctx context.Context) (string, error)
	// Token is a Miniflux API key, used instead of user and password.
	Token string
	// HTTP is the door every request goes through.
	HTTP Doer
	// Timeout bounds one exchange; 0 means 60 seconds.
	Timeout time.Duration
	// MaxItems bounds the item ids one listing may hold and the items one
	// pull may bring; 0 means DefaultMaxItems.
	MaxItems int
	// Keep, when not nil, keeps what the protocol remembers of the
	// account between runs (TT-RSS: its session id and its categories'
	// titles); nil: it remembers them for the life of the Service only.
	Keep Keeper
	// Held, when not nil, returns the account's items that tidings holds,
	// by id, with their state here. Pull calls it after the new items went
	// to its page function; TT-RSS compares the server's counts with it to
	// list the states of the subscriptions whose counts differ only. nil:
	// every pull lists the whole state.
	Held func(ctx context.Context) (map[string]Held, error)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// New returns the Service for o.Type.
func New(o Options) (Service, error) {
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if o.HTTP == nil {
		return nil, errors.New("remote: no HTTP door")
	}
	if o.MaxItems <= 0 {
		o.MaxItems = DefaultMaxItems
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	origin, err := weburl.Parse(o.URL)
	if err != nil {
		return nil, fmt.Errorf("remote: url: %w", err)
	}
	o.URL = strings.TrimRight(o.URL, "/")
	open := protocols[o.Type]
	if open == nil {
		return nil, fmt.Errorf("remote: type %q: want one of %s", o.Type, strings.Join(Types(), ", "))
	}
	return open(o, origin), nil
}
