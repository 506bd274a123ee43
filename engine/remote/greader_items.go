package remote

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/store"
)

// itemIDPrefix starts an item id in its long form.
const itemIDPrefix = "tag:google.com,2005:reader/item/"

// grContents is a stream/items/contents answer.
type grContents struct {
	Items []grItem `json:"items"`
}

// grItem is one item of the Google Reader API.
type grItem struct {
	ID            string       `json:"id"`
	Title         string       `json:"title"`
	Author        string       `json:"author"`
	Published     int64        `json:"published"`
	TimestampUsec flexString   `json:"timestampUsec"`
	Canonical     []grLink     `json:"canonical"`
	Alternate     []grLink     `json:"alternate"`
	Summary       grContent    `json:"summary"`
	Content       grContent    `json:"content"`
	Categories    []string     `json:"categories"`
	Origin        grOrigin     `json:"origin"`
	Enclosure     []grEnclosed `json:"enclosure"`
}

type grLink struct {
	Href string `json:"href"`
}

type grContent struct {
	Content string `json:"content"`
}

type grOrigin struct {
	StreamID string `json:"streamId"`
}

// grEnclosed is an enclosure: FreshRSS writes href and a numeric length,
// Miniflux url and no length.
type grEnclosed struct {
	Href   string     `json:"href"`
	URL    string     `json:"url"`
	Type   string     `json:"type"`
	Length flexString `json:"length"`
}

// items converts the answer's items.
func (c grContents) items() []Item {
	out := make([]Item, 0, len(c.Items))
	for _, gi := range c.Items {
		out = append(out, gi.item())
	}
	return out
}

func (gi grItem) item() Item {
	id := normalizeItemID(gi.ID)
	it := Item{ID: id, FeedID: gi.Origin.StreamID, State: statesOf(gi.Categories)}
	d := &it.Doc
	d.Key = ItemKey(id)
	d.Title = unescapeTitle(gi.Title)
	d.Author = gi.Author
	d.Link = firstHref(gi.Canonical, gi.Alternate)
	d.Content = gi.Content.Content
	if d.Content == "" {
		d.Content = gi.Summary.Content
	}
	d.Published = gi.published()
	for _, e := range gi.Enclosure {
		u := e.URL
		if u == "" {
			u = e.Href
		}
		if u != "" {
			n, _ := strconv.ParseInt(string(e.Length), 10, 64)
			d.Enclosures = append(d.Enclosures, store.DocEnclosure{URL: u, Type: e.Type, Length: max(n, 0)})
		}
	}
	return it
}

// published is the item's date: published, else timestampUsec.
func (gi grItem) published() *time.Time {
	if gi.Published > 0 {
		t := time.Unix(gi.Published, 0).UTC()
		return &t
	}
	if us, err := strconv.ParseInt(string(gi.TimestampUsec), 10, 64); err == nil && us > 0 {
		t := time.UnixMicro(us).UTC()
		return &t
	}
	return nil
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

func firstHref(lists ...[]grLink) string {
	for _, l := range lists {
		for _, h := range l {
			if h.Href != "" {
				return h.Href
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

// flexString is a JSON value written as a string or a number.
type flexString string

// UnmarshalJSON accepts "12", 12 and null.
func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
		return nil
	}
	*f = flexString(b)
	return nil
}

// cleanMessage keeps a server's message to one short line.
func cleanMessage(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
