package remote

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// itemIDPrefix starts an item id in its long form.
const itemIDPrefix = "tag:google.com,2005:reader/item/"

// grSubscription is one subscription of subscription/list.
type grSubscription struct {
	ID         text            `json:"id"`
	Title      text            `json:"title"`
	URL        text            `json:"url"`
	HTMLURL    text            `json:"htmlUrl"`
	Categories few[grCategory] `json:"categories"`
}

type grCategory struct {
	ID    text `json:"id"`
	Label text `json:"label"`
}

// decodeGReaderFeeds reads subscription/list, a subscription at a time:
// those that break the entry rules are left out and said in refused.
func decodeGReaderFeeds(r io.Reader) (feeds []Feed, refused []string, err error) {
	err = decodeObject(r, map[string]func(*json.Decoder) error{
		"subscriptions": func(dec *json.Decoder) error {
			return decodeArray(dec, maxFeeds, "subscriptions", func(dec *json.Decoder) error {
				var s grSubscription
				if err := dec.Decode(&s); err != nil {
					return err
				}
				label := ""
				for _, c := range s.Categories {
					if label = labelOf(string(c.ID), string(c.Label)); label != "" {
						break
					}
				}
				f, err := feedOf(string(s.ID), string(s.URL), unescapeName(string(s.Title)), string(s.HTMLURL), label)
				if err != nil {
					refused = append(refused, err.Error())
					return nil
				}
				feeds = append(feeds, f)
				return nil
			})
		},
	})
	return feeds, refused, err
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

// grQuickadd is the answer of subscription/quickadd: the new
// subscription's id (checked; "" when none), else the server's error.
type grQuickadd struct {
	StreamID string
	Error    string
}

// decodeQuickadd reads subscription/quickadd.
func decodeQuickadd(r io.Reader) (grQuickadd, error) {
	var a struct {
		NumResults flexString `json:"numResults"`
		StreamID   text       `json:"streamId"`
		Error      text       `json:"error"`
	}
	if err := json.NewDecoder(r).Decode(&a); err != nil {
		return grQuickadd{}, err
	}
	out := grQuickadd{Error: string(a.Error)}
	if a.NumResults != "" && a.NumResults != "0" {
		if id, err := checkFeedID(string(a.StreamID)); err == nil {
			out.StreamID = id
		}
	}
	return out, nil
}

// idsPage is what one page of stream/items/ids brought.
type idsPage struct {
	// refs counts the ids of the page, added those not seen before.
	refs, added int
	// next is the continuation (checked), "" when none.
	next string
}

// decodeIDsPage reads one page of stream/items/ids into into, an id at a
// time: at most greaderIDsPage of them, and into may hold at most max. Ids
// that break the entry rules are left out.
func decodeIDsPage(r io.Reader, into map[string]bool, max int) (idsPage, error) {
	var p idsPage
	var cont flexString
	err := decodeObject(r, map[string]func(*json.Decoder) error{
		"itemRefs": func(dec *json.Decoder) error {
			return decodeArray(dec, greaderIDsPage, "item ids", func(dec *json.Decoder) error {
				var ref struct {
					ID flexString `json:"id"`
				}
				if err := dec.Decode(&ref); err != nil {
					return err
				}
				p.refs++
				id, err := checkItemID(normalizeItemID(string(ref.ID)))
				if err != nil || into[id] {
					return nil
				}
				if len(into) == max {
					return tooMuch("more than %d item ids in the account (remote.max_listed_items)", max)
				}
				into[id] = true
				p.added++
				return nil
			})
		},
		"continuation": func(dec *json.Decoder) error { return dec.Decode(&cont) },
	})
	if err != nil {
		return p, err
	}
	if cont != "" {
		next, err := checkID(string(cont), maxCursor)
		if err != nil {
			return p, err
		}
		p.next = next
	}
	return p, nil
}

// grItem is one item of the Google Reader API.
type grItem struct {
	ID            flexString      `json:"id"`
	Title         text            `json:"title"`
	Author        text            `json:"author"`
	Published     flexString      `json:"published"`
	TimestampUsec flexString      `json:"timestampUsec"`
	Canonical     few[grLink]     `json:"canonical"`
	Alternate     few[grLink]     `json:"alternate"`
	Summary       grContent       `json:"summary"`
	Content       grContent       `json:"content"`
	Categories    few[text]       `json:"categories"`
	Origin        grOrigin        `json:"origin"`
	Enclosure     few[grEnclosed] `json:"enclosure"`
}

type grLink struct {
	Href text `json:"href"`
}

type grContent struct {
	Content text `json:"content"`
}

type grOrigin struct {
	StreamID text `json:"streamId"`
}

// grEnclosed is an enclosure: FreshRSS writes href and a numeric length,
// Miniflux url and no length.
type grEnclosed struct {
	Href   text       `json:"href"`
	URL    text       `json:"url"`
	Type   text       `json:"type"`
	Length flexString `json:"length"`
}

// decodeGReaderContents reads stream/items/contents an item at a time,
// handing them to page a few at a time (pageItems): at most as many as
// asked, and only items asked for that pass the entry rules. It returns
// how many items it left out.
func decodeGReaderContents(r io.Reader, asked map[string]bool, page func([]Item) error) (refused int, err error) {
	batch := make([]Item, 0, min(pageItems, len(asked)))
	err = decodeObject(r, map[string]func(*json.Decoder) error{
		"items": func(dec *json.Decoder) error {
			return decodeArray(dec, len(asked), "items", func(dec *json.Decoder) error {
				var gi grItem
				if err := dec.Decode(&gi); err != nil {
					return err
				}
				it, err := gi.item()
				if err != nil || !asked[it.ID] {
					refused++
					return nil
				}
				delete(asked, it.ID) // each once
				if batch = append(batch, it); len(batch) == pageItems {
					err, batch = page(batch), batch[:0]
					return err
				}
				return nil
			})
		},
	})
	if err == nil && len(batch) > 0 {
		err = page(batch)
	}
	return refused, err
}

// item is the Item gi describes, or an error when its ids break the
// entry rules.
func (gi grItem) item() (Item, error) {
	id, err := checkItemID(normalizeItemID(string(gi.ID)))
	if err != nil {
		return Item{}, err
	}
	feedID, err := checkFeedID(string(gi.Origin.StreamID))
	if err != nil {
		return Item{}, err
	}
	cats := make([]string, len(gi.Categories))
	for i, c := range gi.Categories {
		cats[i] = string(c)
	}
	it := Item{ID: id, FeedID: feedID, State: statesOf(cats)}
	d := &it.Doc
	d.Key = ItemKey(id)
	d.Title = cleanName(unescapeTitle(string(gi.Title)))
	d.Author = cleanName(string(gi.Author))
	d.Link = firstHref(gi.Canonical, gi.Alternate)
	d.Content = string(gi.Content.Content)
	if d.Content == "" {
		d.Content = string(gi.Summary.Content)
	}
	d.Published = gi.published()
	for _, e := range gi.Enclosure {
		u := string(e.URL)
		if u == "" {
			u = string(e.Href)
		}
		if u != "" {
			n, _ := strconv.ParseInt(string(e.Length), 10, 64)
			d.Enclosures = append(d.Enclosures, document.Enclosure{URL: u, Type: cleanName(string(e.Type)), Length: max(n, 0)})
		}
	}
	return it, nil
}

// published is the item's date: published, else timestampUsec; a date
// out of range (before 1970, after 9999) is none.
func (gi grItem) published() *time.Time {
	if s, err := strconv.ParseInt(string(gi.Published), 10, 64); err == nil && s > 0 {
		return inRange(time.Unix(s, 0))
	}
	if us, err := strconv.ParseInt(string(gi.TimestampUsec), 10, 64); err == nil && us > 0 {
		return inRange(time.UnixMicro(us))
	}
	return nil
}

// lastDate is the latest date kept: dates after it are a server's error.
var lastDate = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)

// inRange returns t in UTC when it is within 1970 to 9999, else nil.
func inRange(t time.Time) *time.Time {
	t = t.UTC()
	if t.Before(time.Unix(0, 0)) || t.After(lastDate) {
		return nil
	}
	return &t
}

// statesOf reads the read and starred states among an item's categories
// ("user/-/state/com.google/read", "user/1/state/com.google/starred").
func statesOf(categories []string) State {
	var s State
	for _, c := range categories {
		switch {
		case strings.HasSuffix(c, "/state/com.google/read"):
			s.Read = true
		case strings.HasSuffix(c, "/state/com.google/starred"):
			s.Starred = true
		}
	}
	return s
}

func firstHref(lists ...few[grLink]) string {
	for _, l := range lists {
		for _, h := range l {
			if h.Href != "" {
				return string(h.Href)
			}
		}
	}
	return ""
}

// normalizeItemID gives an item id in one form, the signed 64-bit decimal
// of stream/items/ids: the long form ("tag:google.com,2005:reader/item/"
// and 16 hex digits, as in contents) is converted; other ids are kept.
func normalizeItemID(id string) string {
	id = strings.TrimSpace(id)
	if hex, ok := strings.CutPrefix(id, itemIDPrefix); ok {
		if n, err := strconv.ParseUint(hex, 16, 64); err == nil {
			return strconv.FormatInt(int64(n), 10)
		}
		return id
	}
	if n, err := strconv.ParseInt(id, 10, 64); err == nil {
		return strconv.FormatInt(n, 10)
	}
	return id
}

// longItemID is the long form of a normalized id, which every server of
// the API accepts.
func longItemID(id string) string {
	if n, err := strconv.ParseInt(id, 10, 64); err == nil {
		return fmt.Sprintf("%s%016x", itemIDPrefix, uint64(n))
	}
	return id
}

// sortIDs orders ids oldest first: numerically, then as text.
func sortIDs(ids []string) {
	slices.SortFunc(ids, func(a, b string) int {
		x, errA := strconv.ParseInt(a, 10, 64)
		y, errB := strconv.ParseInt(b, 10, 64)
		if errA == nil && errB == nil {
			return cmpInt(x, y)
		}
		return strings.Compare(a, b)
	})
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// FreshRSS's "compat" output writes the characters some old clients
// choked on in their fullwidth forms: "A ＆ B" for "A & B" in item titles,
// and in feed names also ＂ ／ ＼ ＾ (and ？ ， ； ’, left as they are: they
// are common in CJK titles, and ’ is ambiguous). These undo it.
var (
	titleUnescaper = strings.NewReplacer("＆", "&", "＜", "<", "＞", ">")
	nameUnescaper  = strings.NewReplacer("＆", "&", "＜", "<", "＞", ">", "＂", `"`, "／", "/", "＼", `\`, "＾", "^")
)

// unescapeTitle undoes the compat escaping of an item title.
func unescapeTitle(s string) string { return titleUnescaper.Replace(s) }

// unescapeName undoes the compat escaping of a feed name.
func unescapeName(s string) string { return nameUnescaper.Replace(s) }
